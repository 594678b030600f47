/** One top-level `key = value` of a TOML text, as the lines it spans (a value may span several). */
export interface TomlStatement { start: number; end: number; text: string }

type Quote = '' | '"' | "'" | '"""' | "'''";

/**
 * The top-level statements of a TOML text, up to its first table header. A line starting with `[`
 * is a header only outside a value: inside a multi-line string (`"""…"""`, `'''…'''`) or array it
 * is part of that value. The scan is lenient; callers parse the result with a real TOML parser.
 */
export function topLevelStatements(lines: readonly string[]): TomlStatement[] {
  const out: TomlStatement[] = [];
  let quote: Quote = '';
  let depth = 0;
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (start < 0) {
      if (/^\s*\[/.test(line)) return out;
      if (/^\s*(#.*)?$/.test(line)) continue;
      start = i;
    }
    for (let j = 0; j < line.length; j++) {
      const ch = line[j]!;
      if (quote === '"""' || quote === "'''") {
        if (quote === '"""' && ch === '\\') j++;
        else if (line.startsWith(quote, j)) { quote = ''; j += 2; }
      } else if (quote === '"') {
        if (ch === '\\') j++;
        else if (ch === '"') quote = '';
      } else if (quote === "'") {
        if (ch === "'") quote = '';
      } else if (ch === '#') {
        break;
      } else if (line.startsWith('"""', j) || line.startsWith("'''", j)) {
        quote = line.slice(j, j + 3) as Quote;
        j += 2;
      } else if (ch === '"' || ch === "'") {
        quote = ch;
      } else if (ch === '[' || ch === '{') {
        depth++;
      } else if (ch === ']' || ch === '}') {
        depth--;
      }
    }
    // A one-line string cannot run past its line.
    if (quote === '"' || quote === "'") quote = '';
    if (quote === '' && depth <= 0) {
      out.push({ start, end: i, text: lines.slice(start, i + 1).join('\n') });
      start = -1;
      depth = 0;
    }
  }
  return out;
}
