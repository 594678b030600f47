/** mjlog files from Tenhou are gzip; detect by the magic bytes and inflate with the web standard stream. */
import { AppError } from '@devhub/shared/errors';
import { InvalidMjlog } from './errors';

export const isGzip = (bytes: Uint8Array): boolean => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * A gzip log inflates to at most this many bytes (a Tenhou hanchan is about 60 KB of XML): a
 * small upload that inflates to gigabytes (a gzip bomb) is refused as soon as it passes this.
 */
export const MAX_INFLATED_BYTES = 5 * 1024 * 1024;

export class InflatedTooLarge extends AppError {
  constructor(limit: number) {
    super('PAYLOAD_TOO_LARGE', 413, `the gzip log inflates past ${limit} bytes (the limit for an inflated log); a game log is far smaller`, { limit });
  }
}

/**
 * The log's text; a damaged gzip stream is InvalidMjlog (a value with a code, not a stream
 * TypeError), one inflating past `maxBytes` InflatedTooLarge (inflation stops there).
 */
export async function mjlogText(bytes: Uint8Array, maxBytes = MAX_INFLATED_BYTES): Promise<string> {
  if (!isGzip(bytes)) return new TextDecoder().decode(bytes);
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new InflatedTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof InflatedTooLarge) throw e;
    throw new InvalidMjlog(`not a readable gzip stream: ${(e as Error).message}`);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return new TextDecoder().decode(out);
}
