/**
 * Words for what a TypeBox schema accepts, for 422 messages. Elysia wraps numeric fields in a
 * union with a numeric-string twin, so its own summaries read "should be one of: 'integer',
 * 'integer'"; this names the accepted values instead ("an integer 0–53", "'human_ai' or '4ai'").
 */
type Schema = { anyOf?: Schema[]; const?: unknown; type?: string; format?: string; minimum?: number; maximum?: number; maxLength?: number };

function one(s: Schema): string[] {
  if (s.anyOf) {
    // The numeric-string twin Elysia adds next to a number; the number says it all.
    const real = s.anyOf.filter((m) => !(m.type === 'string' && m.format && ['integer', 'numeric'].includes(m.format)));
    return real.flatMap((m) => one({ minimum: s.minimum, maximum: s.maximum, ...m }));
  }
  if (s.const !== undefined) return [JSON.stringify(s.const)];
  if (s.type === 'integer' || s.type === 'number') {
    const noun = s.type === 'integer' ? 'an integer' : 'a number';
    if (s.minimum !== undefined && s.maximum !== undefined) return [`${noun} ${s.minimum}–${s.maximum}`];
    if (s.minimum !== undefined) return [`${noun} ≥ ${s.minimum}`];
    return [noun];
  }
  if (s.type === 'string') return [s.maxLength ? `a string of at most ${s.maxLength} characters` : 'a string'];
  if (s.type === 'null') return ['null'];
  if (s.type === 'object') return ['an object'];
  if (s.type === 'array') return ['an array'];
  if (s.type === 'boolean') return ['true or false'];
  return [];
}

export function expected(schema: unknown): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const words = [...new Set(one(schema as Schema))];
  if (!words.length) return null;
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
