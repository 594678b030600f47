import { isMap, isScalar, isSeq, parseDocument, stringify, type Node } from 'yaml';

/**
 * Edits of config.yaml as text, so every byte the edit does not touch stays as the user wrote it.
 * Re-printing the parsed document (the yaml library) would re-flow the file and hand a comment
 * block that introduces the next section (`routes:`) to the last entry of the section before it,
 * because the library ignores a comment's indentation. Here indentation decides: a comment
 * indented like an entry of a block belongs to that block, a shallower one to what follows.
 * Each function returns null when the file is laid out in a way it does not handle (flow style).
 */

/** Appends `name: value` as the last entry of the top-level block map `section`. */
export function addMapEntry(text: string, section: string, name: string, value: unknown): string | null {
  const map = parseDocument(text).get(section, true);
  if (!isMap(map) || map.flow || map.items.length === 0 || !isScalar(map.items[0]!.key)) return null;
  const indent = column(text, (map.items[0]!.key as Node).range![0]);
  const lines = stringify({ [name]: value }, { lineWidth: 0 }).trimEnd().split('\n').map((l) => ' '.repeat(indent) + l);
  return insertAt(text, blockEnd(text, (map.items[0]!.key as Node).range![0], indent), `\n${lines.join('\n')}`);
}

/** Appends `item` (written in flow style) to the block sequence at `path`. */
export function addSeqItem(text: string, path: (string | number)[], item: Record<string, string>): string | null {
  const seq = parseDocument(text).getIn(path, true);
  if (!isSeq(seq) || seq.items.length === 0) return null;
  if (seq.flow) {
    const close = text.lastIndexOf(']', seq.range![1]);
    return close < 0 ? null : insertAt(text, close, `, ${flowMap(item)}`);
  }
  const last = seq.items.at(-1) as Node;
  const dash = text.lastIndexOf('-', last.range![0]);
  return insertAt(text, lineEnd(text, last.range![1] - 1), `\n${' '.repeat(column(text, dash))}- ${flowMap(item)}`);
}

/** Replaces the only item of the block sequence at `path` (a placeholder key) with `item`. */
export function replaceOnlySeqItem(text: string, path: (string | number)[], item: Record<string, string>): string | null {
  const seq = parseDocument(text).getIn(path, true);
  if (!isSeq(seq) || seq.flow || seq.items.length !== 1) return null;
  const [start, end] = (seq.items[0] as Node).range!;
  return text.slice(0, start) + flowMap(item) + text.slice(end);
}

/** Sets `key: [item]` in the map at `path`, or appends `item` to the sequence already there. */
export function addToListMember(text: string, path: (string | number)[], key: string, item: Record<string, string>): string | null {
  const map = parseDocument(text).getIn(path, true);
  if (!isMap(map) || map.items.length === 0) return null;
  if (map.has(key)) return addSeqItem(text, [...path, key], item);
  if (map.flow) {
    const close = text.lastIndexOf('}', map.range![1]);
    return close < 0 ? null : insertAt(text, close - (text[close - 1] === ' ' ? 1 : 0), `, ${key}: [${flowMap(item)}]`);
  }
  const first = map.items[0]!;
  const last = map.items.at(-1)!;
  const end = (last.value as Node | null)?.range?.[1] ?? (last.key as Node).range![1];
  return insertAt(text, lineEnd(text, end - 1), `\n${' '.repeat(column(text, (first.key as Node).range![0]))}${key}: [${flowMap(item)}]`);
}

/** `{ key: value, … }` with each value quoted as YAML needs it. */
function flowMap(item: Record<string, string>): string {
  return `{ ${Object.entries(item).map(([k, v]) => `${k}: ${stringify(v, { lineWidth: 0 }).trimEnd()}`).join(', ')} }`;
}

const insertAt = (text: string, at: number, insert: string) => text.slice(0, at) + insert + text.slice(at);

function column(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
}

/**
 * The end of the last line that belongs to the block whose entries start at column `indent`
 * (its first entry at `start`): the block runs until the first non-blank line indented less,
 * comment or not.
 */
function blockEnd(text: string, start: number, indent: number): number {
  let end = lineEnd(text, start);
  let at = end + 1;
  while (at < text.length) {
    const next = lineEnd(text, at);
    const line = text.slice(at, next);
    if (line.trim() !== '') {
      if (line.length - line.trimStart().length < indent) break;
      end = next;
    }
    at = next + 1;
  }
  return end;
}
