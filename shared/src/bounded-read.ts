/**
 * Reads a byte stream to its end but never holds more than `limit` bytes: past the limit the
 * stream is cancelled and `tooLarge()` is thrown. Used for request bodies without a declared
 * length and for upstream answers, so a peer cannot make us buffer without bound.
 */
export async function readBounded(stream: ReadableStream<Uint8Array> | null, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function readBoundedText(stream: ReadableStream<Uint8Array> | null, limit: number, tooLarge: () => Error): Promise<string> {
  return new TextDecoder().decode(await readBounded(stream, limit, tooLarge));
}
