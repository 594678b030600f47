import { parseJsonWithModel } from './parse';

const decoder = new TextDecoder();
const HEAD_BYTES = 512;
const TAIL_BYTES = 512;
/** A top-level scalar member (`"key": value`), ASCII only so that byte and character offsets agree. */
const SCALAR = String.raw`("(?:[^"\\\x00-\x1f\x7f-\xff]|\\["\\/bfnrt])*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)`;
const HEAD_MEMBER = new RegExp(String.raw`\s*"([A-Za-z_]+)"\s*:\s*${SCALAR}\s*,`, 'y');
/** The same after its comma; found from the end by trying the commas there (a regex anchored at `$` would try every position). */
const MEMBER_AT = new RegExp(String.raw`,\s*"([A-Za-z_]+)"\s*:\s*${SCALAR}\s*`, 'y');
const COMMAS_TRIED = 16;
const LEADING_SCALAR = new RegExp(`^${SCALAR}`);
const IMAGE = Buffer.from('"image"');
const DOCUMENT = Buffer.from('"document"');
const USER_ID = Buffer.from('"metadata":{"user_id":');
const USER_ID_WITHIN = 4096;

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

  constructor(readonly raw: ArrayBuffer) {
    this.bytes = Buffer.from(raw);
    this.peeked = peek(this.bytes);
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
    const at = from + found;
    const match = LEADING_SCALAR.exec(this.bytes.toString('latin1', at + USER_ID.length, at + USER_ID.length + 512));
    try {
      return match ? JSON.parse(this.bytes.toString('utf8', at + USER_ID.length, at + USER_ID.length + match[1]!.length)) : undefined;
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
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, HEAD_BYTES));
  const open = /^\s*\{/.exec(head);
  if (!open) return null;
  HEAD_MEMBER.lastIndex = open[0].length;
  let model: string | null = null;
  let modelSpan: Peek['modelSpan'] = [0, 0];
  let stream: boolean | null = null;
  let headEnd = 0;
  for (let m = HEAD_MEMBER.exec(head); m; m = HEAD_MEMBER.exec(head)) {
    const [, key, value] = m;
    if (model === null) {
      if (key !== 'model' || !value!.startsWith('"')) return null;
      model = JSON.parse(value!) as string;
      const start = m.index + m[0].indexOf(value!, m[0].indexOf(':'));
      modelSpan = [start, start + value!.length];
    } else if (key === 'model') return null;
    else if (key === 'stream') stream = value === 'true';
    headEnd = HEAD_MEMBER.lastIndex - 1; // at its comma, where a member read from the tail would start
  }
  if (model === null || model.trim() === '') return null;
  // The body must end like an object whose last member is a scalar; walking back over the scalar
  // members there finds `stream` (Claude Code's last member), up to those the head already read.
  const from = Math.max(0, bytes.length - TAIL_BYTES);
  const tail = bytes.toString('latin1', from);
  const close = /\}\s*$/.exec(tail);
  if (!close) return null;
  let m = memberEndingAt(tail, close.index);
  if (!m) return null;
  for (; m && from + m.index >= headEnd; m = memberEndingAt(tail, m.index)) {
    if (m[1] === 'model') return null;
    if (m[1] === 'stream') {
      if (stream !== null) return null;
      stream = m[2] === 'true';
    }
  }
  return stream === null ? null : { model, modelSpan, stream };
}

/** The scalar member (`,"key":value`) that ends exactly at `end` of `text`, or null. */
function memberEndingAt(text: string, end: number): RegExpExecArray | null {
  for (let c = text.lastIndexOf(',', end - 1), tries = 0; c >= 0 && tries < COMMAS_TRIED; c = text.lastIndexOf(',', c - 1), tries++) {
    MEMBER_AT.lastIndex = c;
    const m = MEMBER_AT.exec(text);
    if (m && MEMBER_AT.lastIndex === end) return m;
  }
  return null;
}
