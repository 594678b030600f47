import { AppError } from '@devhub/shared';
import { Type as t } from '@sinclair/typebox';
import { CLIENT_RETRY_WINDOW_MS, inText, restsText, whenText, type KeyRest, type ProviderRests } from './rest-text';

/** The one error body of every proxy answer (README "Errors": Messages API type names). */
export const ErrorBody = t.Object({
  type: t.Literal('error'),
  error: t.Object({ type: t.String(), message: t.String(), code: t.String() }),
});
export type ErrorBody = typeof ErrorBody.static;

/** Every proxy failure that becomes a response; app.ts maps them to `{type:"error", error:{type,message,code}}`. */
export class ProxyError extends AppError {
  readonly headers?: Record<string, string>;
  constructor(code: string, status: number, message: string, headers?: Record<string, string>) {
    super(code, status, message);
    this.headers = headers;
  }
}

/** Claude Code honours this header: a permanent failure is not retried (ten times, for minutes). */
export const NO_RETRY = { 'x-should-retry': 'false' } as const;

export const VALID_ROUTES = [
  'POST /v1/messages', 'POST /v1/messages/count_tokens', 'POST /v1/chat/completions', 'POST /v1/responses', 'GET /v1/models',
  'POST /v1/images/generations', 'POST /v1/images/edits (always 501: text-to-image only)', 'GET /health', 'GET /docs', 'GET /dashboard',
];

export class RouteNotFound extends ProxyError {
  constructor(method: string, path: string) {
    super('route_not_found', 404, `${method} ${path} is not a route of modelproxy. Valid routes: ${VALID_ROUTES.join(', ')}`);
  }
}

export class MethodNotAllowed extends ProxyError {
  constructor(method: string, path: string, allowed: string[]) {
    super('method_not_allowed', 405, `${method} is not allowed on ${path}; use ${allowed.join(' or ')}`, { allow: allowed.join(', ') });
  }
}

export class EndpointNotSupported extends ProxyError {
  constructor(path: string, advice: string) {
    super('endpoint_not_supported', 501, `${path} is not served by modelproxy. ${advice}`);
  }
}

export class CapabilityNotSupported extends ProxyError {
  constructor(message: string) {
    super('capability_not_supported', 501, message);
  }
}

export class ModelNotSupported extends ProxyError {
  constructor(message: string) {
    super('model_not_supported', 501, message);
  }
}

export class InvalidRequest extends ProxyError {
  constructor(message: string, code = 'invalid_request') {
    super(code, 400, message);
  }
}

export class RequestTooLarge extends ProxyError {
  constructor(limit: number) {
    super('request_too_large', 413, `request body exceeds the ${limit / 1024 / 1024} MiB limit`);
  }
}

export class Forbidden extends ProxyError {
  constructor(message: string, code = 'forbidden_host') {
    super(code, 403, message);
  }
}

/**
 * The client's token is not server.auth_token. Retrying cannot fix that (Claude Code would retry for
 * minutes, then ask for /login), so the answer says not to and names the command that writes the token.
 */
export class Unauthorized extends ProxyError {
  constructor() {
    super(
      'unauthorized', 401,
      'missing or wrong modelproxy token: the client must send server.auth_token as x-api-key or "Authorization: Bearer <token>"; run `modelproxy settings apply` to write it into Claude Code\'s settings (ANTHROPIC_AUTH_TOKEN), then start a new session',
      NO_RETRY,
    );
  }
}

/**
 * This address (or, for requests a proxy or tunnel relayed, every relayed client together) sent too
 * many wrong tokens in the last minute: every request is refused until the minute is over, right
 * token or wrong, so a token cannot be guessed (README "Security").
 */
export class TooManyWrongTokens extends ProxyError {
  constructor(retryAfter: number) {
    super(
      'too_many_wrong_tokens', 429,
      `too many wrong modelproxy tokens from this address; try again in ${retryAfter} s. The client must send server.auth_token as x-api-key or "Authorization: Bearer <token>" (\`modelproxy settings apply\` writes it into Claude Code's settings)`,
      { 'retry-after': String(retryAfter) },
    );
  }
}

export class UpstreamUnreachable extends ProxyError {
  constructor(providers: string | string[], attempts: number, reason: string) {
    const names = (Array.isArray(providers) ? providers : [providers]).map((p) => `"${p}"`).join(' or ');
    super('upstream_unreachable', 502, `no key of provider ${names} reached the upstream (${attempts} attempt(s)); last error: ${reason}`, {
      'x-modelproxy-attempts': String(attempts),
    });
  }
}

export class UpstreamBroken extends ProxyError {
  constructor(reason: string) {
    super('upstream_broken', 502, `the upstream connection broke while sending its answer: ${reason}`);
  }
}

/** Why a provider has no key to try: its keys' states (none: only placeholders) at `now`. */
export interface NoKeyReason {
  rests: readonly KeyRest[];
  now: number;
}

export class NoUsableKey extends ProxyError {
  /** One provider, or every provider the request's routes could have used (each with its keys' states); each is named once. */
  constructor(providers: string | { name: string; reason: NoKeyReason }[], reason: NoKeyReason = { rests: [], now: Date.now() }, configPath = 'config.yaml') {
    const list = typeof providers === 'string' ? [{ name: providers, reason }] : providers;
    const now = list[0]?.reason.now ?? Date.now();
    super('no_usable_key', 502, restsText(list.map((p) => ({ name: p.name, rests: p.reason.rests })), now, configPath), { 'x-modelproxy-attempts': '0', ...NO_RETRY });
  }
}

/**
 * Every key that was tried failed, and the others rest for longer (a used-up plan window, a
 * refusal): the answer says which rest until when. A first return later than the client's retries
 * cover is not worth retrying (x-should-retry: false); a sooner one says when (retry-after).
 */
export class KeysResting extends ProxyError {
  constructor(providers: readonly ProviderRests[], now: number, back: number, attempts: number, configPath = 'config.yaml') {
    const wait = back - now;
    const retry = wait <= CLIENT_RETRY_WINDOW_MS;
    const lead = retry ? `every key is resting; the first is back in ${inText(wait)}` : `every key is resting, the first until ${whenText(back, now)}: not worth retrying`;
    super('keys_resting', 429, `${lead}. ${restsText(providers, now, configPath)}`, {
      'x-modelproxy-attempts': String(attempts),
      'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
      ...(retry ? {} : NO_RETRY),
    });
  }
}

/** The upstream answered with a redirect: base_url is wrong (a redirect is never handed to the client). */
export class UpstreamRedirect extends ProxyError {
  constructor(provider: string, status: number, location: string | null) {
    super('upstream_redirect', 502, `provider "${provider}" answered HTTP ${status} redirecting to ${location ?? '(no Location)'}: check base_url`, NO_RETRY);
  }
}

export class NoImageProvider extends ProxyError {
  constructor() {
    super('image_provider_not_configured', 501, 'image generation needs a MiniMax provider (base_url host containing "minimax", or usage_adapter: minimax) with a key; none is configured');
  }
}

export class ImageGenerationFailed extends ProxyError {
  constructor(status: number, message: string, attempts: number, servedBy?: string) {
    super('image_generation_failed', status, message, { 'x-modelproxy-attempts': String(attempts), ...(servedBy ? { 'x-modelproxy-key': servedBy } : {}) });
  }
}

/** Messages-API `error.type` for a status (README "Errors"). */
export function errorTypeFor(status: number): string {
  switch (status) {
    case 400: case 405: case 422: case 501: return 'invalid_request_error';
    case 401: return 'authentication_error';
    case 402: return 'billing_error';
    case 403: return 'permission_error';
    case 404: return 'not_found_error';
    case 413: return 'request_too_large';
    case 429: return 'rate_limit_error';
    case 504: return 'timeout_error';
    case 529: return 'overloaded_error';
    default: return 'api_error';
  }
}

export function errorBody(code: string, status: number, message: string): ErrorBody {
  return { type: 'error', error: { type: errorTypeFor(status), message, code } };
}
