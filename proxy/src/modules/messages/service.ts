import { isAppError, redact, type Logger } from '@devhub/shared';
import { errorTypeFor, InvalidRequest, NoUsableKey, UpstreamBroken, UpstreamRedirect, type ProxyError } from '../../upstream/errors';
import { baseRespCode, MINIMAX_KEY_CODES, quotaExhausted, type QuotaExhausted, type QuotaResets } from '../../upstream/quota';
import { retryAfterMs, withFailover, RETRYABLE_STATUSES, type Outcome } from '../../upstream/fallback';
import { clientHeaders, upstreamHeaders } from '../../upstream/headers';
import { acceptsImages, appendNoteToJson, responseNote, stripImages, type Removed } from '../../upstream/multimodal';

const NONE_REMOVED: Removed = Object.freeze({ images: 0, documents: 0 });
import type { RequestLog, RequestLogEntry } from '../../upstream/request-log';
import { tapBody } from '../../upstream/body-tap';
import { sseNoteInjector } from '../../upstream/sse-note';
import type { Target } from '../../upstream/router';
import type { ProxyState } from '../../upstream/state';
import { parseJsonWithModel } from './parse';

export interface MessagesDeps {
  state: ProxyState;
  log: Logger;
  requestLog: RequestLog;
  now?: () => Date;
  /** Asks the usage adapter when a used-up key's window resets. */
  quotaResets?: QuotaResets;
}

export interface MessagesInput {
  headers: Headers;
  body: string;
  /** The same body as received, sent upstream as is when nothing had to change. */
  raw?: ArrayBuffer;
  signal?: AbortSignal;
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 1000) / 1000;

/**
 * Routes one Messages request, forwards it with key fallback and streams the answer back untouched.
 * Every request, answered or failed, leaves one requests.jsonl line.
 */
export async function proxyMessages(deps: MessagesDeps, input: MessagesInput): Promise<Response> {
  const started = performance.now();
  const time = deps.now?.() ?? new Date();
  const entry: RequestLogEntry = {
    time: time.toISOString(), path: '/v1/messages', model_in: null, model_out: null, route: null, provider: null, key_index: null,
    attempts: 0, status: 0, stream: false, images_removed: 0, latency_ms: 0, bytes: 0, completed: false,
  };
  try {
    return await forward(deps, input, time, started, entry);
  } catch (error) {
    entry.status = isAppError(error) ? error.status : 500;
    entry.attempts = Number((error as ProxyError).headers?.['x-modelproxy-attempts'] ?? entry.attempts);
    entry.latency_ms = elapsed(started);
    deps.requestLog.write(entry);
    throw error;
  }
}

/** The body prepared for one target (its model, its multimodal downgrade). */
interface Prepared {
  payload: string | ArrayBuffer;
  removed: Removed;
}

async function forward(deps: MessagesDeps, input: MessagesInput, time: Date, started: number, entry: RequestLogEntry): Promise<Response> {
  const parsed = parseJsonWithModel(input.body);
  const model = parsed.model;
  entry.model_in = model;
  const snapshot = deps.state.current;
  const pool = deps.state.pool;
  const decision = snapshot.routes.resolve(model, time, (name, provider) => pool.usable(name, provider));
  if (!decision) throw new InvalidRequest(`no route matches model "${model}"`, 'no_route');
  const { route } = decision;
  const first = decision.targets[0];
  Object.assign(entry, { route: route.id, provider: first?.name ?? route.targets[0]!.provider, model_out: first?.upstreamModel ?? route.targets[0]!.model ?? model });
  if (!first) {
    throw new NoUsableKey(decision.unusable.map((name) => ({ name, reason: pool.emptyReason(name, snapshot.config.providers[name]!) })), undefined, deps.state.configPath);
  }

  // Prepared when a request first reaches the target. The first target edits the parsed body in
  // place; a fallback target starts from the client's text again.
  const prepared = new Map<Target, Prepared>();
  const prepare = (target: Target): Prepared => {
    const known = prepared.get(target);
    if (known) return known;
    const body = target === first ? parsed.body : parseJsonWithModel(input.body).body;
    let changed = false;
    if (target.rewrites && body.model !== target.upstreamModel) {
      body.model = target.upstreamModel;
      changed = true;
    }
    const removed = acceptsImages(target.upstreamModel, snapshot.config.multimodal_models) ? NONE_REMOVED : stripImages(body, target.upstreamModel);
    if (removed.images + removed.documents > 0) changed = true;
    // Forward the client's bytes unless the proxy had to change something.
    const result = { payload: changed ? serialize(body) : (input.raw ?? input.body), removed };
    prepared.set(target, result);
    return result;
  };
  const server = snapshot.config.server;
  const timeoutMs = (parsed.body.stream === true ? Math.min(server.stream_header_timeout, server.upstream_timeout) : server.upstream_timeout) * 1000;

  const result = await withFailover<Answer, Target>(
    decision.targets,
    {
      pool, timeoutMs, clientSignal: input.signal, log: deps.log, configPath: deps.state.configPath,
      onExhausted: deps.quotaResets ? (target, candidate, window) => void deps.quotaResets!.ask(target, candidate, window) : undefined,
    },
    async ({ target, candidate }, signal): Promise<Outcome<Answer>> => {
      const res = await fetch(`${target.provider.base_url.replace(/\/+$/, '')}/v1/messages`, {
        method: 'POST',
        headers: upstreamHeaders(input.headers, candidate.entry.key, target.provider.drop_betas),
        body: prepare(target).payload,
        signal,
        redirect: 'manual',
        // Bun's 5-minute socket idle timeout off: upstream_timeout bounds the wait for headers, and a
        // stream may pause as long as the client is willing to wait (its disconnect aborts the call).
        timeout: false,
      });
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        throw new UpstreamRedirect(target.name, res.status, res.headers.get('location'));
      }
      if (res.status < 400) {
        if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) return { ok: true, value: { res } };
        // Nothing has reached the client yet, so a non-streaming answer is read here: a MiniMax
        // `base_resp` error inside a 200 still moves on to the next key.
        const body = await readWhole(res);
        const failed = baseRespFailure(body);
        if (!failed) return { ok: true, value: { res, body } };
        return { ok: false, status: failed.status, reason: failed.reason, value: { res: failed.answer }, quota: failed.quota?.window, restMs: restFrom(failed.quota, res.headers, pool.now()) };
      }
      // An error answer is small: read it now (freeing its connection) and redact a key it may echo.
      const text = redact(await res.text(), [candidate.entry.key]);
      const failure = { res: new Response(text, { status: res.status, headers: res.headers }) };
      if (!RETRYABLE_STATUSES.has(res.status)) return { ok: true, value: failure };
      const quota = quotaExhausted(text);
      const reason = quota ? `HTTP ${res.status}, ${quota.window === 'weekly' ? 'weekly' : '5-hour'} plan window used up (${quota.code})` : `HTTP ${res.status}`;
      return { ok: false, status: res.status, reason, value: failure, quota: quota?.window, restMs: restFrom(quota, res.headers, pool.now()) };
    },
  );

  const upstream = result.value.res;
  const served = result.target;
  const { removed } = prepare(served);
  const servedBy = `${served.name}#${result.candidate.index}`;
  const headers = clientHeaders(upstream.headers, {
    'x-modelproxy-key': servedBy,
    'x-modelproxy-attempts': String(result.attempts),
  });
  const stream = (upstream.headers.get('content-type') ?? '').includes('text/event-stream');
  const note = removed.images + removed.documents > 0 && upstream.status === 200 ? responseNote(served.upstreamModel, removed) : null;
  let out: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | string | null;
  if (stream) out = note && upstream.body ? upstream.body.pipeThrough(sseNoteInjector(note)) : upstream.body;
  // A non-streaming answer was read whole before choosing it (a 200 may still carry a vendor
  // error); sending it as one buffer is cheaper than a chunked pass-through, and the bytes are the same.
  else {
    const bytes = result.value.body ?? new Uint8Array(await upstream.arrayBuffer());
    out = note ? appendNoteToJson(new TextDecoder().decode(bytes), note) : bytes;
  }
  Object.assign(entry, {
    provider: served.name, model_out: served.upstreamModel, ...(served.position > 0 ? { fallback: served.position } : {}),
    key_index: result.candidate.index, attempts: result.attempts, status: upstream.status, stream, images_removed: removed.images,
    ...(removed.documents ? { documents_removed: removed.documents } : {}), latency_ms: elapsed(started),
  });
  const logLine = (bytes: number, completed: boolean) => {
    if (!completed) deps.log.warn(`${servedBy}: the response broke off after ${bytes} bytes (upstream failed or client left); the client connection was closed`);
    deps.requestLog.write({ ...entry, bytes, completed });
  };
  if (typeof out === 'string' || out instanceof Uint8Array) {
    logLine(typeof out === 'string' ? Buffer.byteLength(out) : out.byteLength, true);
    return new Response(out, { status: upstream.status, headers });
  }
  return new Response(tapBody(out, logLine), { status: upstream.status, headers });
}

/** An upstream answer; `body` holds a non-streaming one, already read. */
interface Answer {
  res: Response;
  body?: Uint8Array<ArrayBuffer>;
}

async function readWhole(upstream: Response): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await upstream.arrayBuffer());
  } catch (error) {
    throw new UpstreamBroken((error as Error).message);
  }
}

/** How long a failed key rests: until the window reset the vendor stated, else its Retry-After. */
function restFrom(quota: QuotaExhausted | null | undefined, headers: Headers, now: number): number | undefined {
  if (quota?.resetMs != null && quota.resetMs > now) return quota.resetMs - now;
  return retryAfterMs(headers.get('retry-after'), now);
}

const BASE_RESP = Buffer.from('"base_resp"');

/**
 * A 200 whose JSON carries a non-zero MiniMax `base_resp.status_code` that means "this key" (only
 * parsed when the bytes mention base_resp at all): the failure, as an Anthropic-style error answer.
 */
function baseRespFailure(body: Uint8Array<ArrayBuffer>): { status: number; reason: string; answer: Response; quota: QuotaExhausted | null } | null {
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
  const message = `${String((parsed as { base_resp: { status_msg?: unknown } }).base_resp.status_msg ?? 'error')} (${code})`;
  const answer = Response.json({ type: 'error', error: { type: errorTypeFor(status), message } }, { status });
  return { status, reason: `base_resp ${code}`, answer, quota: quotaExhausted(text) };
}

/** The rewritten body; a body nested deeper than the serializer's stack is the client's problem. */
function serialize(body: Record<string, unknown>): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    throw new InvalidRequest(`request body cannot be rewritten (${(error as Error).message}); it nests too deeply`, 'invalid_request');
  }
}
