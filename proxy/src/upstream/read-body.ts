/**
 * Reading a provider's whole answer, with a bound: the non-streaming answers and error bodies the
 * proxy must hold to check or translate them. A provider that sends more (broken, or not the
 * provider it claims to be) breaks that answer instead of filling the proxy's memory.
 */
import { readBounded } from '@devhub/shared';
import { UpstreamBroken } from './errors';

/** A non-streaming answer (a message, a chat completion, generated images) is far smaller. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** An error body is a short JSON object or page. */
export const MAX_ERROR_BYTES = 1024 * 1024;

/** The body's bytes; throws UpstreamBroken (the body cancelled) past `max` or when the connection breaks. */
export async function readBody(res: Response, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new UpstreamBroken(`its answer passed the ${max} bytes the proxy reads`);
  if (Number(res.headers.get('content-length') ?? NaN) > max) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  try {
    return (await readBounded(res.body, max, tooLarge)) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    throw error instanceof UpstreamBroken ? error : new UpstreamBroken((error as Error).message);
  }
}

/** The same, as UTF-8 text. */
export async function readText(res: Response, max: number): Promise<string> {
  return new TextDecoder().decode(await readBody(res, max));
}
