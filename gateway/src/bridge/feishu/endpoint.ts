import { AppError } from '@devhub/shared';

/**
 * Where the long connection goes, and how it should behave: `POST {domain}/callback/ws/endpoint`
 * with `{AppID, AppSecret}` answers `{code, msg, data: {URL, ClientConfig}}`. URL is a one-time
 * `wss://…?device_id=…&service_id=…&…` address (its query holds access tickets: never logged);
 * ClientConfig's seconds say how often to ping and how to reconnect. Pong frames repeat
 * ClientConfig, so the settings can change while connected.
 */

export interface ConnectionSettings {
  pingIntervalMs: number;
  /** Reconnect attempts after a drop before giving up; negative = never give up. */
  reconnectCount: number;
  reconnectIntervalMs: number;
  /** The first reconnect waits a random time below this, so clients do not all return at once. */
  reconnectNonceMs: number;
}

/** What the platform's SDKs assume until the server says otherwise. */
export const DEFAULT_SETTINGS: ConnectionSettings = { pingIntervalMs: 120_000, reconnectCount: -1, reconnectIntervalMs: 120_000, reconnectNonceMs: 30_000 };

export interface Endpoint {
  url: string;
  /** `service_id` of the URL: the service every ping frame names. */
  serviceId: number;
  settings: ConnectionSettings;
}

/** Endpoint codes that mean "try again later"; any other non-zero code is the app's fault. */
const BUSY_CODES = new Set([1, 1000040343]);
const ENDPOINT_TIMEOUT_MS = 15_000;
/** Never ping more often than this, whatever a server says (a 0 would spin). */
const MIN_PING_MS = 50;

/**
 * A failed connection attempt. `retryable` false (bad credentials, the app not allowed to use the
 * long connection) stops reconnecting: trying again cannot help.
 */
export class LongConnectionError extends AppError {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean, details?: { code?: number; status?: number }) {
    super(retryable ? 'FEISHU_LONG_CONNECTION_FAILED' : 'FEISHU_LONG_CONNECTION_REFUSED', retryable ? 502 : 401, `feishu long connection: ${message}`, details);
    this.retryable = retryable;
  }
}

/** `https://open.feishu.cn/open-apis` → `https://open.feishu.cn`: the endpoint lives beside the Open API. */
export const endpointDomain = (baseUrl: string) => baseUrl.replace(/\/+$/, '').replace(/\/open-apis$/, '');

const seconds = (v: unknown, fallback: number, min = 0) => (typeof v === 'number' && Number.isFinite(v) && v * 1000 >= min ? v * 1000 : fallback);

/** ClientConfig (seconds) over the current settings; absent or nonsensical values keep the current ones. */
export function settingsFrom(config: unknown, current: ConnectionSettings): ConnectionSettings {
  const c = typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : {};
  return {
    pingIntervalMs: seconds(c.PingInterval, current.pingIntervalMs, MIN_PING_MS),
    reconnectCount: typeof c.ReconnectCount === 'number' && Number.isInteger(c.ReconnectCount) ? c.ReconnectCount : current.reconnectCount,
    reconnectIntervalMs: seconds(c.ReconnectInterval, current.reconnectIntervalMs),
    reconnectNonceMs: seconds(c.ReconnectNonce, current.reconnectNonceMs),
  };
}

/** The URL without its query (tickets) for logs. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

export interface EndpointRequest {
  domain: string;
  appId: string;
  appSecret: string;
  settings: ConnectionSettings;
}

export async function fetchEndpoint(req: EndpointRequest): Promise<Endpoint> {
  const at = `${req.domain}/callback/ws/endpoint`;
  let res: Response;
  try {
    res = await fetch(at, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', locale: 'en' },
      body: JSON.stringify({ AppID: req.appId, AppSecret: req.appSecret }),
      signal: AbortSignal.timeout(ENDPOINT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new LongConnectionError(`endpoint request to ${safeUrl(at)} failed: ${(error as Error).message}`, true);
  }
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON
  }
  if (!body || typeof body.code !== 'number') {
    const retryable = res.status === 429 || res.status >= 500 || res.status === 200;
    throw new LongConnectionError(`endpoint ${safeUrl(at)} answered HTTP ${res.status} without a JSON {code} (${text.length} bytes)`, retryable, { status: res.status });
  }
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (body.code !== 0) {
    if (BUSY_CODES.has(body.code)) throw new LongConnectionError(`endpoint busy (code ${body.code}: ${msg})`, true, { code: body.code });
    throw new LongConnectionError(`endpoint refused app ${req.appId} (code ${body.code}: ${msg}); check bridge.feishu.app_id / app_secret and that the app receives events through the long connection`, false, { code: body.code });
  }
  const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
  const url = typeof data.URL === 'string' ? data.URL : '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new LongConnectionError('endpoint answered without a usable URL', true);
  }
  if (parsed.protocol !== 'wss:' && parsed.protocol !== 'ws:') throw new LongConnectionError(`endpoint URL is not a WebSocket URL (${parsed.protocol})`, true);
  const serviceId = Number(parsed.searchParams.get('service_id') ?? 0);
  return { url, serviceId: Number.isInteger(serviceId) ? serviceId : 0, settings: settingsFrom(data.ClientConfig, req.settings) };
}
