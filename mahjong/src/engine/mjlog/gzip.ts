/** mjlog files from Tenhou are gzip; detect by the magic bytes and inflate with the web standard stream. */
import { InvalidMjlog } from './errors';

export const isGzip = (bytes: Uint8Array): boolean => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** The log's text; a damaged gzip stream is InvalidMjlog (a value with a code, not a stream TypeError). */
export async function mjlogText(bytes: Uint8Array): Promise<string> {
  if (!isGzip(bytes)) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  try {
    return new TextDecoder().decode(await new Response(stream).arrayBuffer());
  } catch (e) {
    throw new InvalidMjlog(`not a readable gzip stream: ${(e as Error).message}`);
  }
}
