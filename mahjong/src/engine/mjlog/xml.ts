/**
 * A strict scanner for the flat XML Tenhou writes: a root element holding self-closing tags
 * with double-quoted attributes. Anything else is reported with its line and column.
 */
import { InvalidMjlog, TooManyElements } from './errors';

export interface XmlTag {
  name: string;
  attrs: Record<string, string>;
  /** Character offset of `<` in the input. */
  offset: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function position(text: string, offset: number): [number, number] {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) { line++; last = i; }
  return [line, offset - last];
}

export function failAt(text: string, offset: number, message: string): never {
  const [line, column] = position(text, offset);
  throw new InvalidMjlog(`malformed mjlog: ${message}`, line, column);
}

/** XML's Char production: a character reference outside it is a malformed log. */
const isXmlChar = (cp: number): boolean =>
  cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

/** `bad(k, ref)`: the reference at character `k` of the value is not a character. */
function unescape(value: string, bad: (k: number, ref: string) => never): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (all, ent: string, k: number) => {
    if (ent.startsWith('#')) {
      const cp = ent.startsWith('#x') ? Number.parseInt(ent.slice(2), 16) : Number.parseInt(ent.slice(1), 10);
      if (!isXmlChar(cp)) bad(k, all);
      return String.fromCodePoint(cp);
    }
    return ENTITIES[ent] ?? all;
  });
}

/**
 * Elements a log may hold: a long East-South game has a few thousand, and each element costs a few
 * hundred bytes once scanned, so 5 MB of `<N/>` would otherwise take hundreds of MB.
 */
export const MAX_ELEMENTS = 100_000;

const TAG = /<([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"<]*")*)\s*(\/?)>/y;
const ATTR = /([\w:.-]+)\s*=\s*"([^"]*)"/g;

/** Every element of the root, in order, with the root's name. Throws InvalidMjlog. */
export function scanTags(text: string): { root: string; tags: XmlTag[] } {
  const tags: XmlTag[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a UTF-8 byte order mark is accepted
  let root: string | null = null;
  let closed = false;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) { i++; continue; }
    if (c !== 60) failAt(text, i, 'unexpected text outside a tag');
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) failAt(text, i, 'unterminated declaration');
      i = end + 2;
      continue;
    }
    if (text.startsWith('<!DOCTYPE', i) || text.startsWith('<!doctype', i)) failAt(text, i, 'DOCTYPE is not allowed in a Tenhou log (no document type declarations or entities are read)');
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end < 0) failAt(text, i, 'unterminated comment');
      i = end + 3;
      continue;
    }
    if (text.startsWith('</', i)) {
      const end = text.indexOf('>', i);
      const name = end < 0 ? '' : text.slice(i + 2, end).trim();
      if (root === null || name !== root) failAt(text, i, `unexpected closing tag </${name}>`);
      if (closed) failAt(text, i, 'content after the root element');
      closed = true;
      i = end + 1;
      continue;
    }
    if (closed) failAt(text, i, 'content after the root element');
    TAG.lastIndex = i;
    const m = TAG.exec(text);
    if (!m) failAt(text, i, 'not a well-formed tag');
    const [whole, name, rawAttrs, selfClose] = m as unknown as [string, string, string, string];
    const attrs: Record<string, string> = {};
    const attrsAt = i + 1 + name.length;
    for (const a of rawAttrs.matchAll(ATTR)) {
      const valueAt = attrsAt + a.index + a[0].indexOf('"') + 1;
      attrs[a[1]!] = unescape(a[2]!, (k, ref) => failAt(text, valueAt + k, `character reference ${ref} is not a valid XML character`));
    }
    if (root === null) {
      if (selfClose) failAt(text, i, 'the root element is empty');
      root = name;
    } else {
      if (!selfClose) failAt(text, i, `<${name}> must be self-closing`);
      if (tags.length >= MAX_ELEMENTS) throw new TooManyElements(MAX_ELEMENTS);
      tags.push({ name, attrs, offset: i });
    }
    i += whole.length;
  }
  if (root === null) throw new InvalidMjlog('malformed mjlog: no root element');
  if (!closed) failAt(text, n, `missing </${root}> at the end of the log`);
  return { root, tags };
}
