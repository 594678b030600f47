import { AppError } from '@devhub/shared';

/**
 * The one message of Feishu/Lark's long connection: every WebSocket message, both ways, is a
 * protobuf (proto2) `Frame`. Only this message is needed, so it is encoded and decoded here by hand
 * rather than through a protobuf library:
 *
 *   1 SeqID  uint64 (required)      5 headers repeated Header {1 key string, 2 value string}
 *   2 LogID  uint64 (required)      6 payload_encoding string   7 payload_type string
 *   3 service int32 (required)      8 payload bytes             9 LogIDNew string
 *   4 method  int32 (required): 0 control (ping/pong), 1 data (events and their acks)
 *
 * Unknown fields are skipped, so a server that adds one does not break the client.
 */

export const METHOD_CONTROL = 0;
export const METHOD_DATA = 1;

export interface FrameHeader {
  key: string;
  value: string;
}

export interface Frame {
  seqId: bigint;
  logId: bigint;
  service: number;
  method: number;
  headers: FrameHeader[];
  payloadEncoding?: string;
  payloadType?: string;
  payload?: Uint8Array;
  logIdNew?: string;
}

export class FrameDecodeError extends AppError {
  constructor(reason: string) {
    super('FEISHU_FRAME_INVALID', 502, `feishu long connection: undecodable frame: ${reason}`);
  }
}

/** The value of a frame's header `key` (the first one), or undefined. */
export const headerOf = (frame: Frame, key: string): string | undefined => frame.headers.find((h) => h.key === key)?.value;

// ── encoding ─────────────────────────────────────────────────────────────────────────────────

const VARINT = 0;
const LENGTH_DELIMITED = 2;
const utf8 = new TextEncoder();

class Writer {
  private readonly bytes: number[] = [];

  varint(value: bigint): this {
    let v = BigInt.asUintN(64, value);
    while (v > 0x7fn) {
      this.bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.bytes.push(Number(v));
    return this;
  }

  tag(field: number, wireType: number): this {
    return this.varint(BigInt((field << 3) | wireType));
  }

  /** int32: a negative value is sign-extended to 64 bits, as protobuf does. */
  int(field: number, value: number | bigint): this {
    return this.tag(field, VARINT).varint(BigInt(value));
  }

  raw(field: number, data: Uint8Array): this {
    this.tag(field, LENGTH_DELIMITED).varint(BigInt(data.length));
    for (const b of data) this.bytes.push(b);
    return this;
  }

  text(field: number, value: string): this {
    return this.raw(field, utf8.encode(value));
  }

  finish(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.bytes);
  }
}

export function encodeFrame(frame: Frame): Uint8Array<ArrayBuffer> {
  const w = new Writer().int(1, frame.seqId).int(2, frame.logId).int(3, frame.service).int(4, frame.method);
  for (const h of frame.headers) w.raw(5, new Writer().text(1, h.key).text(2, h.value).finish());
  if (frame.payloadEncoding !== undefined) w.text(6, frame.payloadEncoding);
  if (frame.payloadType !== undefined) w.text(7, frame.payloadType);
  if (frame.payload !== undefined) w.raw(8, frame.payload);
  if (frame.logIdNew !== undefined) w.text(9, frame.logIdNew);
  return w.finish();
}

// ── decoding ─────────────────────────────────────────────────────────────────────────────────

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

class Reader {
  pos = 0;
  constructor(private readonly buf: Uint8Array, private readonly end = buf.length) {}

  get done(): boolean {
    return this.pos >= this.end;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (this.pos >= this.end) throw new FrameDecodeError('truncated varint');
      const b = this.buf[this.pos++]!;
      value |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return BigInt.asUintN(64, value);
    }
    throw new FrameDecodeError('varint longer than 10 bytes');
  }

  bytes(): Uint8Array {
    const length = Number(this.varint());
    if (length > this.end - this.pos) throw new FrameDecodeError('length beyond the end of the frame');
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  text(): string {
    try {
      return utf8Strict.decode(this.bytes());
    } catch (error) {
      if (error instanceof FrameDecodeError) throw error;
      throw new FrameDecodeError('a string field is not UTF-8');
    }
  }

  skip(wireType: number): void {
    if (wireType === VARINT) this.varint();
    else if (wireType === LENGTH_DELIMITED) this.bytes();
    else if (wireType === 1 || wireType === 5) {
      this.pos += wireType === 1 ? 8 : 4;
      if (this.pos > this.end) throw new FrameDecodeError('truncated fixed-size field');
    } else throw new FrameDecodeError(`unsupported wire type ${wireType}`);
  }

  /** A tag's field number and wire type; the field's value must then be read as that type. */
  tag(): { field: number; wireType: number } {
    const tag = Number(this.varint());
    return { field: tag >>> 3, wireType: tag & 7 };
  }
}

const int32 = (v: bigint) => Number(BigInt.asIntN(32, v));

function needWire(wireType: number, wanted: number, field: string): void {
  if (wireType !== wanted) throw new FrameDecodeError(`field ${field} has wire type ${wireType}`);
}

function decodeHeader(data: Uint8Array): FrameHeader {
  const r = new Reader(data);
  const header: Partial<FrameHeader> = {};
  while (!r.done) {
    const { field, wireType } = r.tag();
    if (field === 1 || field === 2) {
      needWire(wireType, LENGTH_DELIMITED, field === 1 ? 'Header.key' : 'Header.value');
      header[field === 1 ? 'key' : 'value'] = r.text();
    } else r.skip(wireType);
  }
  if (header.key === undefined || header.value === undefined) throw new FrameDecodeError('a header without key or value');
  return header as FrameHeader;
}

/** Decodes one WebSocket message; throws FrameDecodeError for anything that is not a Frame. */
export function decodeFrame(data: Uint8Array): Frame {
  const r = new Reader(data);
  const seen = new Set<number>();
  const frame: Frame = { seqId: 0n, logId: 0n, service: 0, method: 0, headers: [] };
  while (!r.done) {
    const { field, wireType } = r.tag();
    seen.add(field);
    switch (field) {
      case 1: needWire(wireType, VARINT, 'SeqID'); frame.seqId = r.varint(); break;
      case 2: needWire(wireType, VARINT, 'LogID'); frame.logId = r.varint(); break;
      case 3: needWire(wireType, VARINT, 'service'); frame.service = int32(r.varint()); break;
      case 4: needWire(wireType, VARINT, 'method'); frame.method = int32(r.varint()); break;
      case 5: needWire(wireType, LENGTH_DELIMITED, 'headers'); frame.headers.push(decodeHeader(r.bytes())); break;
      case 6: needWire(wireType, LENGTH_DELIMITED, 'payload_encoding'); frame.payloadEncoding = r.text(); break;
      case 7: needWire(wireType, LENGTH_DELIMITED, 'payload_type'); frame.payloadType = r.text(); break;
      case 8: needWire(wireType, LENGTH_DELIMITED, 'payload'); frame.payload = r.bytes().slice(); break;
      case 9: needWire(wireType, LENGTH_DELIMITED, 'LogIDNew'); frame.logIdNew = r.text(); break;
      default: r.skip(wireType);
    }
  }
  for (const [field, name] of [[1, 'SeqID'], [2, 'LogID'], [3, 'service'], [4, 'method']] as const) {
    if (!seen.has(field)) throw new FrameDecodeError(`required field ${name} missing`);
  }
  return frame;
}
