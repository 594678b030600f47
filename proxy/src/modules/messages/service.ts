import { isAppError, type Logger } from '@devhub/shared';
import { RequestMeter, sessionOf } from '../../accounting/meter';
import type { TokenUsage } from '../../accounting/usage-scan';
import type { AccountingStore } from '../../accounting/store';
import { InvalidRequest, NoUsableKey, type ProxyError } from '../../upstream/errors';
import { withFailover, type Outcome } from '../../upstream/fallback';
import { clientHeaders, upstreamHeaders } from '../../upstream/headers';
import { acceptsImages, appendNoteToJson, responseNote, stripImages, type Removed } from '../../upstream/multimodal';
import type { QuotaResets } from '../../upstream/quota';
import type { RequestLog, RequestLogEntry } from '../../upstream/request-log';
import { tapBody, type BrokenBy } from '../../upstream/body-tap';
import { KeyMasker } from '../../upstream/key-mask';
import { sseNoteInjector } from '../../upstream/sse-note';
import type { Target } from '../../upstream/router';
import type { ProxyState } from '../../upstream/state';
import { classifyAnswer, type Answer } from './answer';
import { MessagesBody } from './body';
import { fromOpenAIVendor, openaiHeaders, openaiPayload } from './openai-vendor';
import { dropUnsignedThinking } from '../../translate/unsigned-thinking';

const NONE_REMOVED: Removed = Object.freeze({ images: 0, documents: 0 });

export interface MessagesDeps {
  state: ProxyState;
  log: Logger;
  requestLog: RequestLog;
  /** requests.db writer; none = no token accounting. */
  accounting?: AccountingStore;
  now?: () => Date;
  /** Asks the usage adapter when a used-up key's window resets. */
  quotaResets?: QuotaResets;
}

export interface MessagesInput {
  headers: Headers;
  /** The body as received, sent upstream as is when nothing had to change. */
  raw: ArrayBuffer;
  signal?: AbortSignal;
  /** `raw` as an object, when the caller built it (a request translated from an OpenAI client). */
  parsed?: Record<string, unknown>;
  /** The client's path, for the records (default /v1/messages). */
  path?: string;
  /** The (translated) body holds thinking without a signature, which a Messages provider must not get (translate/unsigned-thinking.ts). */
  unsignedThinking?: boolean;
  /** Told the key that served (before the answer is returned), for a caller that translates the answer and must mask it. */
  onServed?: (key: string) => void;
}

/** The status recorded for a request whose client left before it was answered (no answer is sent). */
export const CLIENT_CLOSED = 499;

/** The route this module serves (the request log's `path`). */
export const MESSAGES_PATH = '/v1/messages';

const elapsed = (started: number) => Math.round((performance.now() - started) * 1000) / 1000;

/** What the request log can say of a request that failed before an answer: as far as it got. */
interface Progress {
  model_in: string | null;
  route: string | null;
  provider: string | null;
  model_out: string | null;
}

/**
 * Routes one Messages request, forwards it with key fallback and streams the answer back untouched.
 * Every request, answered or failed, leaves one requests.jsonl line. The line and the accounting
 * row are queued as functions, built when their writer flushes: the request path only pushes them.
 */
export async function proxyMessages(deps: MessagesDeps, input: MessagesInput): Promise<Response> {
  const started = performance.now();
  const time = deps.now?.() ?? new Date();
  // Read once: a reload that turns accounting off takes effect from the next request.
  const accounting = deps.state.current.config.accounting.enabled ? deps.accounting : undefined;
  const meter = new RequestMeter(started, accounting);
  const progress: Progress = { model_in: null, model_out: null, route: null, provider: null };
  const request = new MessagesBody(input.raw, input.parsed);
  try {
    return await forward(deps, input, request, time, started, progress, meter);
  } catch (error) {
    // A request that failed before its upstream call left still names its session.
    if (meter.session === null) meter.session = sessionOrNull(input.headers, request);
    // A client that gave up before any answer is recorded as 499 (nginx's "client closed request"), not as the proxy's 502.
    const status = input.signal?.aborted ? CLIENT_CLOSED : isAppError(error) ? error.status : 500;
    const attempts = Number((error as ProxyError).headers?.['x-modelproxy-attempts'] ?? 0);
    const latency_ms = elapsed(started);
    const entry = once((): RequestLogEntry => ({
      time: time.toISOString(), path: input.path ?? MESSAGES_PATH, ...progress, key_index: null,
      attempts, status, stream: false, images_removed: 0, latency_ms, bytes: 0, completed: false,
    }));
    deps.requestLog.write(entry);
    meter.save(entry, time, null);
    throw error;
  }
}

/** The session, or null when only an unreadable body could have named it. */
function sessionOrNull(headers: Headers, request: MessagesBody): string | null {
  try {
    return sessionOf(headers, request);
  } catch {
    return null;
  }
}

/** `build`, run once on first call (the log line and the accounting row share one entry). */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The body prepared for one target (its model, its multimodal downgrade). */
interface Prepared {
  payload: string | ArrayBuffer | Uint8Array<ArrayBuffer>;
  removed: Removed;
}

async function forward(deps: MessagesDeps, input: MessagesInput, request: MessagesBody, time: Date, started: number, progress: Progress, meter: RequestMeter): Promise<Response> {
  const model = request.model;
  progress.model_in = model;
  const snapshot = deps.state.current;
  const pool = deps.state.pool;
  const decision = snapshot.routes.resolve(model, time, (name, provider) => pool.usable(name, provider));
  if (!decision) throw new InvalidRequest(`no route matches model "${model}"`, 'no_route');
  const { route } = decision;
  const first = decision.targets[0];
  progress.route = route.id;
  progress.provider = first?.name ?? route.targets[0]!.provider;
  progress.model_out = first?.upstreamModel ?? route.targets[0]!.model ?? model;
  if (!first) {
    throw new NoUsableKey(decision.unusable.map((name) => ({ name, reason: pool.emptyReason(name, snapshot.config.providers[name]!) })), undefined, deps.state.configPath);
  }

  // Prepared when a request first reaches the target. The first target edits the parsed body in
  // place; a fallback target starts from the client's text again.
  const prepared = new Map<Target, Prepared>();
  const prepare = (target: Target): Prepared => {
    const known = prepared.get(target);
    if (known) return known;
    const strip = !acceptsImages(target.upstreamModel, snapshot.config.multimodal_models);
    if (target.format === 'openai') {
      const result = openaiPayload(target === first ? request.parsed().body : request.fresh(), target.upstreamModel, strip);
      prepared.set(target, result);
      return result;
    }
    // Most requests need no parse at all: the bytes go as they came, or with the model spliced in.
    const bytes = input.unsignedThinking ? null : request.forward(target.rewrites ? target.upstreamModel : request.model, strip);
    if (bytes) {
      const result = { payload: bytes, removed: NONE_REMOVED };
      prepared.set(target, result);
      return result;
    }
    const body = target === first ? request.parsed().body : request.fresh();
    let changed = false;
    if (target.rewrites && body.model !== target.upstreamModel) {
      body.model = target.upstreamModel;
      changed = true;
    }
    const removed = strip ? stripImages(body, target.upstreamModel) : NONE_REMOVED;
    if (removed.images + removed.documents > 0) changed = true;
    if (input.unsignedThinking && dropUnsignedThinking(body)) changed = true;
    // Forward the client's bytes unless the proxy had to change something.
    const result = { payload: changed ? serialize(body) : input.raw, removed };
    prepared.set(target, result);
    return result;
  };
  const server = snapshot.config.server;
  const timeoutMs = (request.stream ? Math.min(server.stream_header_timeout, server.upstream_timeout) : server.upstream_timeout) * 1000;

  // The first upstream call leaves before withFailover returns (its first step is synchronous)...
  const answered = withFailover<Answer, Target>(
    decision.targets,
    {
      pool, timeoutMs, clientSignal: input.signal, abortGraceMs: server.client_abort_grace * 1000, log: deps.log, configPath: deps.state.configPath,
      routeTargets: route.targets.map((t) => ({ name: t.provider, provider: snapshot.config.providers[t.provider]! })),
      onFailure: snapshot.config.accounting.enabled ? deps.accounting?.keyFailed : undefined,
      onExhausted: deps.quotaResets ? (target, candidate, window) => void deps.quotaResets!.ask(target, candidate, window) : undefined,
    },
    async ({ target, candidate }, signal): Promise<Outcome<Answer>> => {
      const res = await fetch(target.messagesUrl, {
        method: 'POST',
        headers: target.format === 'openai' ? openaiHeaders(input.headers, candidate.entry.key) : upstreamHeaders(input.headers, candidate.entry.key, target.provider.drop_betas),
        body: prepare(target).payload,
        signal,
        redirect: 'manual',
        // Bun's 5-minute socket idle timeout off: upstream_timeout bounds the wait for headers, and a
        // stream may pause as long as the client is willing to wait (its disconnect aborts the call).
        timeout: false,
      });
      return classifyAnswer(res, target.name, candidate.entry.key, pool.now());
    },
  );
  // ...so what only the records need is read while the upstream works.
  meter.session = sessionOf(input.headers, request);
  const result = await answered;

  const served = result.target;
  // An OpenAI-format vendor's answer, in the Messages format from here on (accounting reads that).
  const answer = served.format === 'openai' ? await fromOpenAIVendor(result.value, served.upstreamModel, result.candidate.entry.key) : result.value;
  input.onServed?.(result.candidate.entry.key);
  const upstream = answer.res;
  const { removed } = prepare(served);
  const servedBy = `${served.name}#${result.candidate.index}`;
  const headers = clientHeaders(upstream.headers, {
    'x-modelproxy-key': servedBy,
    'x-modelproxy-attempts': String(result.attempts),
  }, result.candidate.entry.key);
  const stream = (upstream.headers.get('content-type') ?? '').includes('text/event-stream');
  const note = removed.images + removed.documents > 0 && upstream.status === 200 ? responseNote(served.upstreamModel, removed) : null;
  let out: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | string | null;
  if (stream) out = note && upstream.body ? upstream.body.pipeThrough(sseNoteInjector(note)) : upstream.body;
  // A non-streaming answer was read whole before choosing it (a 200 may still carry a vendor
  // error); sending it as one buffer is cheaper than a chunked pass-through, and the bytes are the same.
  else {
    const bytes = answer.body ?? new Uint8Array(await upstream.arrayBuffer());
    out = note ? appendNoteToJson(new TextDecoder().decode(bytes), note) : bytes;
  }
  const { status } = upstream;
  const logLine = recorder(deps, meter, time, result.candidate.entry.key, servedBy, input.path ?? MESSAGES_PATH, {
    model_in: model, model_out: served.upstreamModel, route: route.id, provider: served.name, key_index: result.candidate.index,
    fallback: served.position > 0 ? served.position : undefined, attempts: result.attempts, status, stream, images_removed: removed.images,
    documents_removed: removed.documents || undefined, latency_ms: elapsed(started),
  });
  if (typeof out === 'string' || out instanceof Uint8Array) {
    meter.whole(out);
    logLine(typeof out === 'string' ? Buffer.byteLength(out) : out.byteLength, true);
    return new Response(out, { status, headers });
  }
  return new Response(tapBody(out, logLine, meter.observer(), new KeyMasker(result.candidate.entry.key)), { status, headers });
}

/** The request-log fields of an answered request that are known when its headers go out. */
type Answered = Omit<RequestLogEntry, 'time' | 'path' | 'bytes' | 'completed' | keyof TokenUsage>;

/**
 * What runs when the answer's body has gone out (or broke off): queues the log line and the
 * accounting row. Built outside `forward` so that it holds only these facts, not the request body
 * (a stream keeps it until its end; the queues keep it until they flush).
 */
function recorder(deps: MessagesDeps, meter: RequestMeter, time: Date, key: string, servedBy: string, path: string, answered: Answered) {
  return (bytes: number, completed: boolean, brokenBy?: BrokenBy) => {
    if (!completed) {
      deps.log.warn(brokenBy === 'client'
        ? `${servedBy}: the client left after ${bytes} bytes of the response; the upstream call was cancelled`
        : `${servedBy}: the upstream broke off the response after ${bytes} bytes; the client connection was closed`);
    }
    const entry = once((): RequestLogEntry => answeredEntry(time, path, answered, bytes, completed, meter.tokens()));
    deps.requestLog.write(entry);
    meter.save(entry, time, key);
  };
}

/**
 * The log line of an answered request. Every field is always set, in the order of the line, so that
 * each entry has one shape; an optional one left undefined is not written (JSON.stringify drops it).
 */
function answeredEntry(time: Date, path: string, a: Answered, bytes: number, completed: boolean, tokens: TokenUsage): RequestLogEntry {
  return {
    time: time.toISOString(), path, model_in: a.model_in, model_out: a.model_out, route: a.route, provider: a.provider,
    key_index: a.key_index, fallback: a.fallback, attempts: a.attempts, status: a.status, stream: a.stream, images_removed: a.images_removed,
    documents_removed: a.documents_removed, latency_ms: a.latency_ms, bytes, completed,
    input_tokens: tokens.input_tokens ?? undefined, output_tokens: tokens.output_tokens ?? undefined,
    cache_read_tokens: tokens.cache_read_tokens ?? undefined, cache_write_tokens: tokens.cache_write_tokens ?? undefined,
  };
}

/** The rewritten body; a body nested deeper than the serializer's stack is the client's problem. */
function serialize(body: Record<string, unknown>): string {
  try {
    return JSON.stringify(body);
  } catch {
    // The runtime's own text ("Maximum call stack size exceeded") tells a client nothing.
    throw new InvalidRequest('request body nests too deeply for the proxy to rewrite it (this route changes its model, its images or its thinking blocks); send it with fewer nested levels', 'invalid_request');
  }
}
