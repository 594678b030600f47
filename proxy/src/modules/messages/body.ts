import { closingBrace, keyIs, memberEndingAt, memberWithComma, objectStart, scalarEnd, stringValue, valueIsTrue } from './json-peek';
import { modelProblem, parseJsonWithModel } from './parse';

const decoder = new TextDecoder();
const HEAD_BYTES = 512;
const TAIL_BYTES = 512;
/** Commas tried from the end for each member (a string before it may hold commas). */
const COMMAS_TRIED = 16;
const IMAGE = Buffer.from('"image"');
const DOCUMENT = Buffer.from('"document"');
const USER_ID = Buffer.from('"metadata":{"user_id":');
const USER_ID_WITHIN = 4096;
const MODEL_KEY = Buffer.from('"model"');
const UNICODE_ESCAPE = Buffer.from('\\u');

/** Where the peeked top-level members are; `model` spans the JSON string token (quotes included). */
interface Peek {
  model: string;
  modelSpan: [number, number];
  stream: boolean;
}

/**
 * A Messages request body as received. Claude Code sends `model` as the first member and `stream`
 * as the last, so both can be read from a few hundred bytes at the ends; the body is then forwarded
 * as it came (or with the model spliced in) without decoding or parsing it, which for a 250 KB
 * session or a 1.7 MB screenshot is most of what a proxy would add. Anything else (another member
 * order, a body to strip images from, a body that does not end like a JSON object) is parsed in full,
 * as before; so is a body whose members are not plain ASCII.
 *
 * Reading only the ends is sound for valid JSON: `{"model":"…",` at the start is the root object's
 * first member, and `,"stream":true}` at the very end is its last (the final `}` cannot be inside a
 * string, nor can the unescaped quote after a comma). An invalid body that happens to look right at
 * both ends reaches the upstream, which answers 400 itself.
 */
export class MessagesBody {
  private readonly bytes: Buffer;
  private readonly peeked: Peek | null;
  private text: string | null = null;
  private parsedOnce: ReturnType<typeof parseJsonWithModel> | null = null;

  /** `parsed`: the body as an object when the caller built it (a translated request), so it is never parsed again. */
  constructor(readonly raw: ArrayBuffer, parsed?: Record<string, unknown>) {
    this.bytes = Buffer.from(raw);
    this.peeked = peek(this.bytes);
    if (parsed) this.parsedOnce = { body: parsed, model: parsed.model as string };
  }

  get model(): string {
    return this.peeked?.model ?? this.parsed().model;
  }

  get stream(): boolean {
    return this.peeked ? this.peeked.stream : this.parsed().body.stream === true;
  }

  /** `metadata.user_id` (Claude Code's session before it sent a header), when the body has one. */
  get userId(): unknown {
    if (!this.peeked) return (this.parsed().body.metadata as { user_id?: unknown } | undefined)?.user_id;
    // Claude Code sends metadata among the last members: only the end is searched.
    const from = Math.max(0, this.bytes.length - USER_ID_WITHIN);
    const found = this.bytes.subarray(from).lastIndexOf(USER_ID);
    if (found < 0) return undefined;
    const start = from + found + USER_ID.length;
    const end = scalarEnd(this.bytes, start, Math.min(this.bytes.length, start + 512));
    try {
      return end < 0 ? undefined : JSON.parse(this.bytes.toString('latin1', start, end));
    } catch {
      return undefined;
    }
  }

  /** The parsed body (parsed once, on first need); a 400 when it is not a JSON object with a model. */
  parsed(): ReturnType<typeof parseJsonWithModel> {
    this.parsedOnce ??= parseJsonWithModel(this.decoded());
    return this.parsedOnce;
  }

  /** A parse of its own, to edit for another target. */
  fresh(): Record<string, unknown> {
    return parseJsonWithModel(this.decoded()).body;
  }

  /**
   * The bytes to send to a target without parsing: as received, or with `model` replaced. Null when
   * the body must be parsed: it was not peeked, or images and documents must be stripped and it
   * mentions one.
   */
  forward(model: string, strip: boolean): ArrayBuffer | Uint8Array<ArrayBuffer> | null {
    if (!this.peeked) return null;
    if (strip && (this.bytes.indexOf(IMAGE) >= 0 || this.bytes.indexOf(DOCUMENT) >= 0)) return null;
    if (model === this.peeked.model) return this.raw;
    const [start, end] = this.peeked.modelSpan;
    const name = Buffer.from(JSON.stringify(model));
    const out = new Uint8Array(this.bytes.length - (end - start) + name.length);
    out.set(this.bytes.subarray(0, start));
    out.set(name, start);
    out.set(this.bytes.subarray(end), start + name.length);
    return out;
  }

  private decoded(): string {
    this.text ??= decoder.decode(this.raw);
    return this.text;
  }
}

/** `model` and `stream` from the scalar members at the start and the end, or null. */
function peek(bytes: Buffer): Peek | null {
  if (escapesAscii(bytes)) return null;
  const headLimit = Math.min(bytes.length, HEAD_BYTES);
  let at = objectStart(bytes, headLimit);
  if (at < 0) return null;
  let model: string | null = null;
  let modelSpan: Peek['modelSpan'] = [0, 0];
  let stream: boolean | null = null;
  let headEnd = 0;
  for (let read = memberWithComma(bytes, at, headLimit); read; read = memberWithComma(bytes, at, headLimit)) {
    const { member } = read;
    if (model === null) {
      if (!keyIs(bytes, member, 'model')) return null;
      model = stringValue(bytes, member.valueStart, member.valueEnd);
      if (model === null) return null;
      modelSpan = [member.valueStart, member.valueEnd];
    } else if (keyIs(bytes, member, 'model')) return null;
    else if (keyIs(bytes, member, 'stream')) stream = valueIsTrue(bytes, member);
    at = read.next;
    headEnd = at - 1; // at its comma, where a member read from the tail would start
  }
  // A name the proxy would not take (empty, overlong, a control character) is refused by the full parse, with its reason.
  if (model === null || model.trim() === '' || modelProblem(model) !== null) return null;
  // The body must end like an object whose last member is a scalar; walking back over the scalar
  // members there finds `stream` (Claude Code's last member), up to those the head already read.
  const floor = Math.max(0, bytes.length - TAIL_BYTES);
  const close = closingBrace(bytes);
  if (close < floor) return null;
  let found = memberEndingAt(bytes, close, floor, COMMAS_TRIED);
  if (!found) return null;
  for (; found && found.comma >= headEnd; found = memberEndingAt(bytes, found.comma, floor, COMMAS_TRIED)) {
    const { member } = found;
    if (keyIs(bytes, member, 'model')) return null;
    if (keyIs(bytes, member, 'stream')) {
      if (stream !== null) return null;
      stream = valueIsTrue(bytes, member);
    }
  }
  if (stream === null || secondModel(bytes, modelSpan[1])) return null;
  return { model, modelSpan, stream };
}

/**
 * Whether `"model"` appears again after `from` as a key with a string value, at any depth: maybe a
 * second top-level model between the members the ends show. A vendor's parser reads the last of
 * two; the peek would route by the first and splice a rewrite into it, so the vendor would get a
 * model no route chose. Such a body is parsed in full (JSON.parse keeps the last, as the vendor
 * does, and a rewrite then leaves one). Only a nested key with a string value (a subagent call's
 * input) costs that parse; a schema's `"model": {…}` does not, nor does text, where quotes are
 * escaped. One native search of the bytes.
 */
function secondModel(bytes: Buffer, from: number): boolean {
  for (let at = bytes.indexOf(MODEL_KEY, from); at >= 0; at = bytes.indexOf(MODEL_KEY, at + MODEL_KEY.length)) {
    let i = at + MODEL_KEY.length;
    while (isSpace(bytes[i])) i++;
    if (bytes[i] !== 0x3a /* : */) continue;
    i++;
    while (isSpace(bytes[i])) i++;
    if (bytes[i] === 0x22 /* " */) return true;
  }
  return false;
}

/**
 * Whether a `\uXXXX` escape spells a printable ASCII character: `"mod\u0065l"` is `model` and
 * `"im\u0061ge"` is `image` to the vendor's parser, while the byte searches here see neither. Such a
 * body is parsed in full, so what the proxy routes and strips by is what the vendor reads. Escapes of
 * control characters (`\u001b` in terminal output, as JSON.stringify writes them) and of non-ASCII
 * text spell no key or value the proxy looks for, and keep the fast path.
 */
function escapesAscii(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(UNICODE_ESCAPE); at >= 0; at = bytes.indexOf(UNICODE_ESCAPE, at + UNICODE_ESCAPE.length)) {
    const hex = bytes.toString('latin1', at + 2, at + 6);
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) return true;
    const code = Number.parseInt(hex, 16);
    if (code >= 0x20 && code < 0x7f) return true;
  }
  return false;
}

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
