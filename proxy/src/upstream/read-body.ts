/**
 * Reading a provider's whole answer, with a bound: the non-streaming answers and error bodies the
 * proxy must hold to check or translate them. A provider that sends more (broken, or not the
 * provider it claims to be) breaks that answer instead of filling the proxy's memory.
 */
import { UpstreamBroken } from './errors';

/** A non-streaming answer (a message, a chat completion, generated images) is far smaller. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** An error body is a short JSON object or page. */
export const MAX_ERROR_BYTES = 1024 * 1024;

/** The body's bytes; throws UpstreamBroken (and cancels the body) past `max` or when the connection breaks. */
export async function readBody(res: Response, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await res.body?.cancel().catch(() => {});
    throw new UpstreamBroken(`its answer is ${declared} bytes, more than the ${max} the proxy reads`);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        throw new UpstreamBroken(`its answer passed the ${max} bytes the proxy reads`);
      }
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof UpstreamBroken) throw error;
    throw new UpstreamBroken((error as Error).message);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.byteLength; }
  return out;
}

/** The same, as UTF-8 text. */
export async function readText(res: Response, max: number): Promise<string> {
  return new TextDecoder().decode(await readBody(res, max));
}
