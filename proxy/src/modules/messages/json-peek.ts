/**
 * Byte-level reading of top-level scalar members (`"key": value`) at the two ends of a JSON object,
 * for MessagesBody. It works on the bytes as received: no string is decoded and no regex runs, which
 * on a short request is a measurable share of what the proxy adds (README "Performance").
 *
 * Only what is plainly ASCII is read: keys of letters and `_`, strings of printable ASCII with the
 * short escapes (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`; no `\u`), numbers, true, false and
 * null. Anything else makes the caller parse the body in full.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const MINUS = 0x2d;
const DOT = 0x2e;

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
const isKeyChar = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b === 0x5f;
/** The escapes a plain string may hold: " \ / b f n r t. */
const SHORT_ESCAPE = new Uint8Array(128);
for (const c of '"\\/bfnrt') SHORT_ESCAPE[c.charCodeAt(0)] = 1;

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** One member; `key` and `value` are [start, end) byte offsets, a string value's quotes included. */
export interface Member {
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

/** The first byte at or after `i` (below `limit`) that is not JSON whitespace. */
function skipSpace(bytes: Uint8Array, i: number, limit: number): number {
  while (i < limit && isSpace(bytes[i])) i++;
  return i;
}

/** The last byte before `i` (at or after `floor`) that is not JSON whitespace, or floor - 1. */
function lastNonSpace(bytes: Uint8Array, i: number, floor: number): number {
  let j = i - 1;
  while (j >= floor && isSpace(bytes[j])) j--;
  return j;
}

/** Where the byte after a plain scalar starting at `i` is, or -1 when there is none there. */
export function scalarEnd(bytes: Uint8Array, i: number, limit: number): number {
  const b = bytes[i];
  if (b === QUOTE) {
    for (let j = i + 1; j < limit; j++) {
      const c = bytes[j]!;
      if (c === QUOTE) return j + 1;
      if (c === BACKSLASH) {
        if (j + 1 >= limit || !SHORT_ESCAPE[bytes[j + 1]!]) return -1;
        j++;
      } else if (c < 0x20 || c >= 0x7f) return -1;
    }
    return -1;
  }
  if (b === MINUS || isDigit(b)) return numberEnd(bytes, b === MINUS ? i + 1 : i, limit);
  const word = b === 0x74 ? TRUE : b === 0x66 ? FALSE : b === 0x6e ? NULL : null;
  if (!word || i + word.length > limit) return -1;
  for (let k = 1; k < word.length; k++) if (bytes[i + k] !== word[k]) return -1;
  return i + word.length;
}

/** `\d+(\.\d+)?([eE][+-]?\d+)?` from `i`, as a regex would match it without backtracking into a failure. */
function numberEnd(bytes: Uint8Array, i: number, limit: number): number {
  let j = digits(bytes, i, limit);
  if (j === i) return -1;
  if (j < limit && bytes[j] === DOT) {
    const fraction = digits(bytes, j + 1, limit);
    if (fraction > j + 1) j = fraction;
  }
  if (j < limit && (bytes[j] === 0x65 || bytes[j] === 0x45)) {
    let k = j + 1;
    if (k < limit && (bytes[k] === 0x2b || bytes[k] === MINUS)) k++;
    const exponent = digits(bytes, k, limit);
    if (exponent > k) j = exponent;
  }
  return j;
}

function digits(bytes: Uint8Array, i: number, limit: number): number {
  while (i < limit && isDigit(bytes[i])) i++;
  return i;
}

/**
 * `"key": scalar` from `i` (spaces allowed around each part), ending where the scalar ends; null
 * when the bytes there are not such a member within `limit`.
 */
function memberFrom(bytes: Uint8Array, i: number, limit: number): Member | null {
  i = skipSpace(bytes, i, limit);
  if (bytes[i] !== QUOTE) return null;
  const keyStart = i + 1;
  let k = keyStart;
  while (k < limit && isKeyChar(bytes[k]!)) k++;
  if (k === keyStart || k >= limit || bytes[k] !== QUOTE) return null;
  let j = skipSpace(bytes, k + 1, limit);
  if (bytes[j] !== COLON) return null;
  j = skipSpace(bytes, j + 1, limit);
  const valueEnd = scalarEnd(bytes, j, limit);
  if (valueEnd < 0) return null;
  return { keyStart, keyEnd: k, valueStart: j, valueEnd };
}

/** The object's first byte after its `{` (leading spaces allowed), or -1 when it does not start like an object. */
export function objectStart(bytes: Uint8Array, limit: number): number {
  const i = skipSpace(bytes, 0, limit);
  return bytes[i] === OPEN_BRACE ? i + 1 : -1;
}

/** The offset of the object's closing `}` (only spaces after it), or -1. */
export function closingBrace(bytes: Uint8Array): number {
  const i = lastNonSpace(bytes, bytes.length, 0);
  return i >= 0 && bytes[i] === CLOSE_BRACE ? i : -1;
}

/**
 * The member from `i` (after a `{` or a comma) up to and including its comma: the member and where
 * the next one starts, or null when no scalar member followed by a comma is there.
 */
export function memberWithComma(bytes: Uint8Array, i: number, limit: number): { member: Member; next: number } | null {
  const member = memberFrom(bytes, i, limit);
  if (!member) return null;
  const comma = skipSpace(bytes, member.valueEnd, limit);
  if (comma >= limit || bytes[comma] !== COMMA) return null;
  return { member, next: comma + 1 };
}

/**
 * The scalar member `,"key":value` that ends exactly at `end` (at the `}` or the next member's comma,
 * spaces allowed before it), found by trying the nearest commas before it, no further back than
 * `floor`: a string may hold commas, so a comma is the member's only when the bytes from it read as a
 * member that ends at `end`. Returns the member and its comma's offset.
 */
export function memberEndingAt(bytes: Uint8Array, end: number, floor: number, commasTried: number): { member: Member; comma: number } | null {
  let tries = 0;
  for (let c = end - 1; c >= floor && tries < commasTried; c--) {
    if (bytes[c] !== COMMA) continue;
    tries++;
    const member = memberFrom(bytes, c + 1, end);
    if (member && skipSpace(bytes, member.valueEnd, end) === end) return { member, comma: c };
  }
  return null;
}

/** Whether the member's key is `name` (ASCII). */
export function keyIs(bytes: Uint8Array, member: Member, name: string): boolean {
  if (member.keyEnd - member.keyStart !== name.length) return false;
  for (let k = 0; k < name.length; k++) if (bytes[member.keyStart + k] !== name.charCodeAt(k)) return false;
  return true;
}

/** Whether the member's value is the literal `true`. */
export function valueIsTrue(bytes: Uint8Array, member: Member): boolean {
  return member.valueEnd - member.valueStart === 4 && bytes[member.valueStart] === 0x74;
}

/** A plain string value as text (escapes decoded); null when the value is not a string. */
export function stringValue(bytes: Uint8Array, start: number, end: number): string | null {
  if (bytes[start] !== QUOTE) return null;
  let escaped = false;
  let text = '';
  // Plain ASCII (scalarEnd let nothing else through): one char per byte.
  for (let i = start + 1; i < end - 1; i++) {
    if (bytes[i] === BACKSLASH) escaped = true;
    text += String.fromCharCode(bytes[i]!);
  }
  return escaped ? (JSON.parse(`"${text}"`) as string) : text;
}
