/**
 * Protobuf wire format for the mock long connection, written apart from the gateway's codec
 * (src/bridge/feishu/frame.ts) and in another shape: a message is a flat list of
 * `[field number, value]` pairs (a bigint is a varint, bytes are length-delimited), so the mock
 * and the client only agree if both follow the wire format.
 */

export type PbValue = bigint | Uint8Array;
export type PbField = [number, PbValue];

function pushVarint(out: number[], value: bigint): void {
  let v = value < 0n ? value + (1n << 64n) : value;
  do {
    let byte = Number(v % 128n);
    v /= 128n;
    if (v > 0n) byte += 128;
    out.push(byte);
  } while (v > 0n);
}

export function pbEncode(fields: PbField[]): Uint8Array {
  const out: number[] = [];
  for (const [no, value] of fields) {
    if (typeof value === 'bigint') {
      pushVarint(out, BigInt(no * 8));
      pushVarint(out, value);
    } else {
      pushVarint(out, BigInt(no * 8 + 2));
      pushVarint(out, BigInt(value.length));
      out.push(...value);
    }
  }
  return new Uint8Array(out);
}

export function pbDecode(bytes: Uint8Array): PbField[] {
  const fields: PbField[] = [];
  let i = 0;
  const varint = () => {
    let result = 0n;
    let scale = 1n;
    for (;;) {
      if (i >= bytes.length) throw new Error('truncated varint');
      const b = bytes[i++]!;
      result += BigInt(b % 128) * scale;
      scale *= 128n;
      if (b < 128) return result;
    }
  };
  while (i < bytes.length) {
    const key = Number(varint());
    const no = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) fields.push([no, varint()]);
    else if (wire === 2) {
      const n = Number(varint());
      if (i + n > bytes.length) throw new Error('truncated bytes');
      fields.push([no, bytes.slice(i, i + n)]);
      i += n;
    } else throw new Error(`wire type ${wire} not used by Frame`);
  }
  return fields;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

/** A Frame as the mock sees it: headers as ordered `[key, value]` pairs, payload as text. */
export interface MockFrame {
  SeqID: bigint;
  LogID: bigint;
  service: number;
  method: number;
  headers: Array<[string, string]>;
  payload?: Uint8Array;
}

export function frameBytes(f: MockFrame): Uint8Array {
  const fields: PbField[] = [[1, f.SeqID], [2, f.LogID], [3, BigInt(f.service)], [4, BigInt(f.method)]];
  for (const [k, v] of f.headers) fields.push([5, pbEncode([[1, enc.encode(k)], [2, enc.encode(v)]])]);
  if (f.payload) fields.push([8, f.payload]);
  return pbEncode(fields);
}

export function parseFrame(bytes: Uint8Array): MockFrame {
  const f: MockFrame = { SeqID: -1n, LogID: -1n, service: -1, method: -1, headers: [] };
  for (const [no, value] of pbDecode(bytes)) {
    if (no === 1) f.SeqID = value as bigint;
    else if (no === 2) f.LogID = value as bigint;
    else if (no === 3) f.service = Number(value);
    else if (no === 4) f.method = Number(value);
    else if (no === 5) {
      const h = new Map(pbDecode(value as Uint8Array).map(([n, v]) => [n, dec.decode(v as Uint8Array)]));
      f.headers.push([h.get(1) ?? '', h.get(2) ?? '']);
    } else if (no === 8) f.payload = value as Uint8Array;
  }
  if (f.SeqID < 0n || f.LogID < 0n || f.service < 0 || f.method < 0) throw new Error('a frame without SeqID, LogID, service or method');
  return f;
}

export const header = (f: MockFrame, key: string) => f.headers.find(([k]) => k === key)?.[1];
