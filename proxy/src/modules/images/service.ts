import { isAppError, redact, type Logger } from '@devhub/shared';
import { Value } from '@sinclair/typebox/value';
import { ImageGenerationFailed, InvalidRequest, ModelNotSupported, NoImageProvider, type ProxyError } from '../../upstream/errors';
import { withKeyFallback, type Outcome } from '../../upstream/fallback';
import { RETRYABLE_STATUSES } from '../../upstream/statuses';
import { MINIMAX_KEY_CODES, MINIMAX_WINDOW_CODE, type QuotaResets } from '../../upstream/quota';
import type { RequestLog, RequestLogEntry } from '../../upstream/request-log';
import type { ProxyState } from '../../upstream/state';
import { MiniMaxImageResponse, type ImageGenerationResponse } from './model';
import { findImageProvider, imageEndpoint, isImageModel, upstreamImageRequest, UPSTREAM_IMAGE_MODEL } from './translate';
import { MAX_ANSWER_BYTES, readText } from '../../upstream/read-body';

export interface ImagesDeps {
  state: ProxyState;
  log: Logger;
  requestLog: RequestLog;
  quotaResets?: QuotaResets;
}

const REQUEST_CODES: Record<number, number> = { 1026: 400, 2013: 400 };

type ImageResult = { kind: 'ok'; images: string[] } | { kind: 'error'; status: number; message: string };

/** The JSON answer for the client, with the headers naming the key that served (as on messages). */
export interface ImagesAnswer {
  json: string;
  headers: Record<string, string>;
}

/** Translates an OpenAI images.generate call to MiniMax image_generation and back. */
export async function generateImages(deps: ImagesDeps, body: Record<string, unknown>, signal?: AbortSignal): Promise<ImagesAnswer> {
  const started = performance.now();
  const model = body.model;
  if (typeof model !== 'string' || model.trim() === '') throw new InvalidRequest('model: required, a non-empty string', 'missing_model');
  if (!isImageModel(model)) throw new ModelNotSupported(`model "${model}" is not an image model this proxy serves; use e.g. "image-01" (mapped to MiniMax image-01)`);
  if (typeof body.prompt !== 'string' || body.prompt.trim() === '') throw new InvalidRequest('prompt: required, a non-empty string', 'missing_prompt');
  const snapshot = deps.state.current;
  const found = findImageProvider(snapshot.config);
  if (!found) throw new NoImageProvider();
  const payload = JSON.stringify(upstreamImageRequest(body.prompt, body.size, body.n));
  const url = imageEndpoint(found.provider.base_url);

  const logEntry = (fields: Pick<RequestLogEntry, 'key_index' | 'attempts' | 'status'> & { bytes?: number }) => deps.requestLog.write({
    time: new Date().toISOString(), path: '/v1/images/generations', model_in: model, model_out: UPSTREAM_IMAGE_MODEL, route: null,
    provider: found.name, stream: false, images_removed: 0, latency_ms: Math.round((performance.now() - started) * 1000) / 1000, bytes: 0, completed: true, ...fields,
  });
  const result = await withKeyFallback<ImageResult>(
    { providerName: found.name, provider: found.provider, pool: deps.state.pool, timeoutMs: snapshot.config.server.upstream_timeout * 1000, clientSignal: signal, abortGraceMs: snapshot.config.server.client_abort_grace * 1000, log: deps.log,
      onExhausted: deps.quotaResets ? (target, candidate, window) => void deps.quotaResets!.ask(target, candidate, window) : undefined },
    async (candidate, attemptSignal): Promise<Outcome<ImageResult>> => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${candidate.entry.key}`, 'content-type': 'application/json', 'accept-encoding': 'identity' },
        body: payload,
        signal: attemptSignal,
        redirect: 'manual',
        timeout: false,
      });
      const text = redact(await readText(res, MAX_ANSWER_BYTES), [candidate.entry.key]);
      if (res.status !== 200) {
        const failure: ImageResult = { kind: 'error', status: res.status >= 500 ? 502 : res.status, message: `MiniMax image_generation answered HTTP ${res.status}: ${text.slice(0, 300)}` };
        return RETRYABLE_STATUSES.has(res.status) ? { ok: false, status: res.status, reason: `HTTP ${res.status}`, value: failure } : { ok: true, value: failure };
      }
      return classify(text);
    },
  ).catch((error: unknown) => {
    // No key answered (or none is usable): still one requests.jsonl line.
    logEntry({ key_index: null, attempts: Number((error as ProxyError).headers?.['x-modelproxy-attempts'] ?? 0), status: isAppError(error) ? error.status : 500 });
    throw error;
  });
  const outcome = result.value;
  const headers = { 'x-modelproxy-key': `${found.name}#${result.candidate.index}`, 'x-modelproxy-attempts': String(result.attempts) };
  if (outcome.kind === 'error') {
    logEntry({ key_index: result.candidate.index, attempts: result.attempts, status: outcome.status });
    throw new ImageGenerationFailed(outcome.status, outcome.message, result.attempts, headers['x-modelproxy-key']);
  }
  const answer: ImageGenerationResponse = { created: Math.floor(Date.now() / 1000), data: outcome.images.map((b64_json) => ({ b64_json })) };
  const json = JSON.stringify(answer);
  logEntry({ key_index: result.candidate.index, attempts: result.attempts, status: 200, bytes: Buffer.byteLength(json) });
  return { json, headers };
}

function classify(text: string): Outcome<ImageResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: true, value: { kind: 'error', status: 502, message: 'MiniMax image_generation answered with invalid JSON' } };
  }
  if (!Value.Check(MiniMaxImageResponse, parsed)) {
    return { ok: true, value: { kind: 'error', status: 502, message: 'MiniMax image_generation answered an unexpected shape (expected data.image_base64[] and base_resp)' } };
  }
  const code = parsed.base_resp?.status_code ?? 0;
  if (code !== 0) {
    const message = `MiniMax image_generation failed: ${parsed.base_resp?.status_msg ?? 'unknown error'} (${code})`;
    const keyStatus = MINIMAX_KEY_CODES[code];
    if (keyStatus !== undefined) {
      const quota = code === MINIMAX_WINDOW_CODE ? { quota: 'five_hour' as const } : {};
      return { ok: false, status: keyStatus, reason: `base_resp ${code}`, value: { kind: 'error', status: keyStatus, message }, ...quota };
    }
    return { ok: true, value: { kind: 'error', status: REQUEST_CODES[code] ?? 502, message } };
  }
  const images = parsed.data?.image_base64 ?? [];
  if (images.length === 0) return { ok: true, value: { kind: 'error', status: 502, message: 'MiniMax image_generation returned no image' } };
  return { ok: true, value: { kind: 'ok', images } };
}
