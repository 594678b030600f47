/**
 * Replaces (or adds) one top-level member of a JSON object text and leaves every other byte as it
 * was, so `settings apply` does not reformat the user's file. The text must already be valid JSON
 * (the caller parsed it).
 */
export function setTopLevelMember(text: string, name: string, value: unknown): string {
  const open = text.indexOf('{');
  if (open < 0) throw new Error('not a JSON object');
  const unit = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const span = findMember(text, open, name);
  if (span) {
    const lineStart = text.lastIndexOf('\n', span.keyStart) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
    return text.slice(0, span.valueStart) + render(value, unit, indent) + text.slice(span.valueEnd);
  }
  const empty = /^\s*}/.test(text.slice(open + 1));
  const member = `"${name}": ${render(value, unit, unit)}`;
  if (empty) return `${text.slice(0, open + 1)}\n${unit}${member}\n${text.slice(open + 1).replace(/^\s*/, '')}`;
  return `${text.slice(0, open + 1)}\n${unit}${member},${text.slice(open + 1).replace(/^[ \t]*(?=\n)/, '')}`;
}

/**
 * Removes one top-level member (and the comma that joined it) from a JSON object text, leaving every
 * other byte as it was; the text is returned unchanged when there is no such member.
 */
export function removeTopLevelMember(text: string, name: string): string {
  const open = text.indexOf('{');
  if (open < 0) throw new Error('not a JSON object');
  const span = findMember(text, open, name);
  if (!span) return text;
  const after = skipSpace(text, span.valueEnd);
  if (text[after] === ',') {
    // Followed by another member: cut through the comma up to that member (its line, when it has one).
    const next = skipSpace(text, after + 1);
    const keyLine = lineStart(text, span.keyStart);
    const ownLines = /^[ \t]*$/.test(text.slice(keyLine, span.keyStart)) && text.lastIndexOf('\n', next) > after;
    return ownLines ? text.slice(0, keyLine) + text.slice(lineStart(text, next)) : text.slice(0, span.keyStart) + text.slice(next);
  }
  // The last member: the comma before it goes instead; the only member leaves `{` … `}` as they were.
  let before = span.keyStart - 1;
  while (before > open && /\s/.test(text[before]!)) before--;
  if (text[before] === ',') return text.slice(0, before) + text.slice(span.valueEnd);
  return text.slice(0, open + 1) + text.slice(after);
}

const skipSpace = (text: string, i: number) => {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
};
const lineStart = (text: string, i: number) => text.lastIndexOf('\n', i - 1) + 1;

function render(value: unknown, unit: string, indent: string): string {
  return JSON.stringify(value, null, unit).split('\n').join(`\n${indent}`);
}

/** Position of the first `"name": <value>` directly inside the object opening at `open`. */
function findMember(text: string, open: number, name: string): Member | null {
  for (const m of members(text, open)) if (m.key === name) return m;
  return null;
}

/** The keys of the top-level object, in order, repeats included (JSON.parse keeps only the last). */
export function topLevelKeys(text: string): string[] {
  const open = text.indexOf('{');
  return open < 0 ? [] : [...members(text, open)].map((m) => m.key);
}

interface Member { key: string; keyStart: number; valueStart: number; valueEnd: number }

/** Every `"key": <value>` directly inside the object opening at `open`. */
function* members(text: string, open: number): Generator<Member> {
  let depth = 0;
  let i = open;
  let expectKey = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      const end = stringEnd(text, i);
      if (depth === 1 && expectKey) {
        const key = JSON.parse(text.slice(i, end)) as string;
        const colon = text.indexOf(':', end);
        const valueStart = colon + 1 + /^\s*/.exec(text.slice(colon + 1))![0].length;
        const member = { key, keyStart: i, valueStart, valueEnd: valueEnd(text, valueStart) };
        yield member;
        expectKey = false;
        i = valueStart;
        continue;
      }
      i = end;
      continue;
    }
    if (ch === '{' || ch === '[') {
      depth++;
      if (depth === 1) expectKey = true;
    } else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return;
    } else if (ch === ',' && depth === 1) expectKey = true;
    i++;
  }
}

function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first !== '{' && first !== '[') return start + /^[^,}\]\s]*/.exec(text.slice(start))![0].length;
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      i = stringEnd(text, i);
      continue;
    }
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return text.length;
}
