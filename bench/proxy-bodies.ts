/**
 * Request bodies shaped like the ones Claude Code sends (seen in a recorded `claude -p` call through
 * a mock: system as cached text blocks, a tool list, metadata.user_id as a JSON text, streaming), in
 * three sizes for bench/proxy.ts: a ping, a long session (about 250 KB: 40 tool schemas, 60 turns of
 * text, tool calls and tool results), and the same session with a screenshot (about 1.7 MB). The
 * content is pseudo-random but fixed, so every run sends the same bytes.
 */

let seed = 0x2545f491;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x100000000;
};
const WORDS = ['the', 'file', 'function', 'returns', 'value', 'test', 'config', 'request', 'proxy', 'stream', 'error', 'key', 'route', 'model', 'token', 'cache', 'import', 'export', 'const', 'await', 'async', 'type', 'string', 'number', 'when', 'then', 'every', 'line', 'change', 'read', 'write', 'build'];
const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
const code = (lines: number) => Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(5)}\t${'  '.repeat(Math.floor(random() * 4))}${words(6 + Math.floor(random() * 8))};`).join('\n');

function tool(i: number) {
  const properties: Record<string, unknown> = {};
  for (let p = 0; p < 6; p++) {
    properties[`param_${p}`] = p % 3 === 0
      ? { type: 'array', items: { type: 'string' }, description: words(18) }
      : { type: p % 2 ? 'string' : 'number', description: words(24) };
  }
  return {
    name: `Tool${i}`,
    description: `${words(180)}\n\nUsage notes:\n- ${words(40)}\n- ${words(40)}\n- ${words(40)}`,
    input_schema: { type: 'object', properties, required: ['param_0', 'param_1'], additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' },
  };
}

function turns(count: number) {
  const messages: unknown[] = [];
  for (let t = 0; t < count; t++) {
    const id = `toolu_${String(t).padStart(4, '0')}${Math.floor(random() * 1e9)}`;
    messages.push({ role: 'assistant', content: [{ type: 'text', text: words(40) }, { type: 'tool_use', id, name: `Tool${t % 40}`, input: { param_0: [words(3)], param_1: words(12) } }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: code(12 + Math.floor(random() * 16)) }] });
  }
  return messages;
}

/** A PNG-sized run of base64 (the bytes are noise: no proxy decodes the image). */
function screenshot(bytes: number): string {
  const raw = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) raw[i] = Math.floor(random() * 256);
  return Buffer.from(raw).toString('base64');
}

/** Claude Code 2.1.330's member order (recorded): model, messages, system, tools, metadata, max_tokens, stream. */
function request(messages: unknown[], tools: unknown[], stream: boolean) {
  return {
    model: 'm1',
    messages: [{ role: 'user', content: [{ type: 'text', text: words(60) }] }, ...messages, { role: 'user', content: [{ type: 'text', text: 'ping' }] }],
    system: [
      { type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude.", cache_control: { type: 'ephemeral' } },
      { type: 'text', text: words(2200), cache_control: { type: 'ephemeral' } },
    ],
    tools,
    metadata: { user_id: JSON.stringify({ device_id: 'b'.repeat(64), account_uuid: '', session_id: '6f1c2a4e-1b2c-4d5e-8f90-0123456789ab' }) },
    max_tokens: 32000,
    stream,
  };
}

export interface BenchBody {
  name: string;
  json: string;
  stream: string;
}

const TOOLS = Array.from({ length: 40 }, (_, i) => tool(i));
const SESSION = turns(60);
const SCREENSHOT = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_shot', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: screenshot(1_090_000) } }] }] };
const assistantShot = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_shot', name: 'Tool0', input: { param_0: ['screenshot'], param_1: 'full page' } }] };

const body = (name: string, make: (stream: boolean) => unknown): BenchBody => ({ name, json: JSON.stringify(make(false)), stream: JSON.stringify(make(true)) });

export const BODIES: BenchBody[] = [
  body('ping', (stream) => ({ model: 'm1', messages: [{ role: 'user', content: 'ping' }], max_tokens: 16, stream })),
  body('session', (stream) => request(SESSION, TOOLS, stream)),
  body('screenshot', (stream) => request([...SESSION, assistantShot, SCREENSHOT], TOOLS, stream)),
];

if (import.meta.main) {
  for (const b of BODIES) console.log(`${b.name}: ${b.json.length} bytes`);
}
