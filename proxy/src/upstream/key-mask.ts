import { maskKey } from '@devhub/shared';

/** Keys shorter than this are not searched for (the same floor as `redact`): they would hit ordinary text. */
const MIN_KEY_LENGTH = 4;

/**
 * Replaces a key a vendor echoes in its answer with the key's mask, as bytes. One native search per
 * chunk; a chunk without the key is passed on as the same object. Only a chunk's tail that is a
 * proper prefix of the key is held back, for the next chunk to complete or clear, so nothing else
 * waits: an SSE event ends in "\n\n", which begins no key, so a whole event is never held.
 */
export class KeyMasker {
  private readonly key: Buffer | null;
  private readonly mask: Buffer;
  private held: Uint8Array | null = null;

  constructor(key: string) {
    this.key = key.length >= MIN_KEY_LENGTH ? Buffer.from(key) : null;
    this.mask = Buffer.from(maskKey(key));
  }

  /** The bytes of `chunk` that may go out now (possibly none). */
  push(chunk: Uint8Array): Uint8Array {
    if (this.key === null) return chunk;
    const data = this.held === null ? chunk : Buffer.concat([this.held, chunk]);
    this.held = null;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const key = this.key;
    const pieces: Uint8Array[] = [];
    let from = 0;
    for (let at = bytes.indexOf(key); at >= 0; at = bytes.indexOf(key, from)) {
      pieces.push(data.subarray(from, at), this.mask);
      from = at + key.length;
    }
    const keep = heldTail(bytes, from, key);
    if (keep < data.byteLength) this.held = data.slice(keep);
    if (pieces.length === 0) return keep === data.byteLength ? data : data.subarray(0, keep);
    pieces.push(data.subarray(from, keep));
    return Buffer.concat(pieces);
  }

  /** What is still held, when the body ends. */
  flush(): Uint8Array | null {
    const rest = this.held;
    this.held = null;
    return rest;
  }
}

/** `bytes` with the key masked (a whole answer read at once); the same object when it holds none. */
export function maskKeyInBytes(bytes: Uint8Array<ArrayBuffer>, key: string): Uint8Array<ArrayBuffer> {
  const masker = new KeyMasker(key);
  const out = masker.push(bytes);
  const rest = masker.flush();
  return (rest === null ? out : Buffer.concat([out, rest])) as Uint8Array<ArrayBuffer>;
}

/**
 * Where the bytes that may go out end: before the longest tail of `bytes` (after `from`) that is a
 * proper prefix of `key`, or at the end.
 */
function heldTail(bytes: Buffer, from: number, key: Buffer): number {
  const n = bytes.length;
  for (let at = Math.max(from, n - key.length + 1); at < n; at++) {
    if (bytes[at] === key[0] && bytes.compare(key, 0, n - at, at, n) === 0) return at;
  }
  return n;
}
