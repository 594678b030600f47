import { maskUrlPasswords, redact } from '@devhub/shared';
import { errorTypeFor, UpstreamRedirect } from '../../upstream/errors';
import { retryAfterMs, type Outcome } from '../../upstream/fallback';
import { RETRYABLE_STATUSES } from '../../upstream/statuses';
import { maskKeyInBytes } from '../../upstream/key-mask';
import { MAX_ANSWER_BYTES, MAX_ERROR_BYTES, readBody, readText } from '../../upstream/read-body';
import { baseRespCode, MINIMAX_KEY_CODES, quotaExhausted, type QuotaExhausted } from '../../upstream/quota';

/**
 * What one key's upstream answered, as the fallback loop needs it: a success to hand on, an answer
 * that is the client's (a 400), or a failure that moves on to the next key, with how long the key
 * rests. `now` is the key pool's clock. Every text of the vendor's that the client or the log may
 * see (an error body, a MiniMax `base_resp` message, a redirect's Location, and a 200's body or
 * stream, where a vendor may echo the key in an error event) has `key` masked.
 */
export async function classifyAnswer(res: Response, provider: string, key: string, now: number): Promise<Outcome<Answer>> {
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    const location = res.headers.get('location');
    throw new UpstreamRedirect(provider, res.status, location === null ? null : maskUrlPasswords(redact(location, [key])));
  }
  if (res.status < 400) {
    // A stream's key is masked as it goes to the client, in the same pass as its accounting
    // (service.ts, tapBody).
    if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) return { ok: true, value: { res } };
    // Nothing has reached the client yet, so a non-streaming answer is read here: a MiniMax
    // `base_resp` error inside a 200 still moves on to the next key.
    const body = maskKeyInBytes(await readBody(res, MAX_ANSWER_BYTES), key);
    const failed = baseRespFailure(body, key);
    if (!failed) return { ok: true, value: { res, body } };
    return { ok: false, status: failed.status, reason: failed.reason, value: { res: failed.answer }, quota: failed.quota?.window, restUntil: restUntil(failed.quota, res.headers, now) };
  }
  // An error answer is small: read it now (freeing its connection) and redact a key it may echo.
  const text = redact(await readText(res, MAX_ERROR_BYTES), [key]);
  const failure = { res: new Response(text, { status: res.status, headers: res.headers }) };
  if (!RETRYABLE_STATUSES.has(res.status)) return { ok: true, value: failure };
  const quota = quotaExhausted(text);
  const reason = quota ? `HTTP ${res.status}, ${quota.window === 'weekly' ? 'weekly' : '5-hour'} plan window used up (${quota.code})` : `HTTP ${res.status}`;
  return { ok: false, status: res.status, reason, value: failure, quota: quota?.window, restUntil: restUntil(quota, res.headers, now) };
}

/** An upstream answer; `body` holds a non-streaming one, already read. */
export interface Answer {
  res: Response;
  body?: Uint8Array<ArrayBuffer>;
}

/** Until when a failed key rests: the window reset the vendor stated, else its Retry-After. */
function restUntil(quota: QuotaExhausted | null | undefined, headers: Headers, now: number): number | undefined {
  if (quota?.resetMs != null && quota.resetMs > now) return quota.resetMs;
  const ms = retryAfterMs(headers.get('retry-after'), now);
  return ms === undefined ? undefined : now + ms;
}

const BASE_RESP = Buffer.from('"base_resp"');

/**
 * A 200 whose JSON carries a non-zero MiniMax `base_resp.status_code` that means "this key" (only
 * parsed when the bytes mention base_resp at all): the failure, as an Anthropic-style error answer.
 */
function baseRespFailure(body: Uint8Array<ArrayBuffer>, key: string): { status: number; reason: string; answer: Response; quota: QuotaExhausted | null } | null {
  if (Buffer.from(body.buffer, body.byteOffset, body.byteLength).indexOf(BASE_RESP) < 0) return null;
  const text = new TextDecoder().decode(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const code = baseRespCode(parsed);
  const status = code === null ? undefined : MINIMAX_KEY_CODES[code];
  if (status === undefined) return null;
  const message = redact(`${String((parsed as { base_resp: { status_msg?: unknown } }).base_resp.status_msg ?? 'error')} (${code})`, [key]);
  const answer = Response.json({ type: 'error', error: { type: errorTypeFor(status), message } }, { status });
  return { status, reason: `base_resp ${code}`, answer, quota: quotaExhausted(text) };
}

