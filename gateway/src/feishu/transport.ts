import { type Logger, readBounded } from '@devhub/shared';
import { FeishuApiError, FeishuHttpError } from './errors';

export interface TransportOptions {
  baseUrl: string;
  /** Swappable for tests or a proxy-aware fetch. */
  fetch?: (url: URL, init: RequestInit) => Promise<Response>;
  /** Retries after a 429/5xx or a network error. Default 3. */
  retries?: number;
  /** First backoff; doubled each retry, capped at 10 s; a Retry-After header wins. Default 500 ms. */
  backoffMs?: number;
  log?: Logger;
}

export interface RequestParts {
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  token?: string;
}

type Body = Record<string, unknown>;

/**
 * One HTTP exchange with the platform: retries 429/5xx with backoff, reads the JSON body before
 * looking at the status (errors come as 4xx with `{code, msg}`), raises on `code != 0`.
 * Never logs bodies, tokens or secrets.
 */
export class Transport {
  private readonly fetchImpl: (url: URL, init: RequestInit) => Promise<Response>;
  constructor(private readonly options: TransportOptions) {
    this.fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  }

  async json(operation: string, method: string, path: string, parts: RequestParts = {}): Promise<Body> {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(parts.query ?? {})) url.searchParams.set(k, v);
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, this.init(method, parts));
      } catch (error) {
        if (attempt < retries) { await this.backoff(operation, attempt, null, 'network error'); continue; }
        throw new FeishuHttpError(operation, 0, (error as Error).message);
      }
      const text = await res.text();
      const body = parseBody(text);
      if ((res.status === 429 || res.status >= 500) && attempt < retries) {
        await this.backoff(operation, attempt, res.headers.get('retry-after'), `HTTP ${res.status}`);
        continue;
      }
      if (body && typeof body.code === 'number' && body.code !== 0) {
        throw new FeishuApiError(operation, body.code, typeof body.msg === 'string' ? body.msg : '', body, res.status);
      }
      if (!res.ok || !body) throw new FeishuHttpError(operation, res.status, body ? 'error status' : `non-JSON body (${text.length} bytes)`);
      return body;
    }
  }

  /**
   * A download (`GET …/resources/{key}`): the body is the file itself; an error comes as JSON
   * `{code, msg}` (raised as FeishuApiError). At most `maxBytes` are read (`tooLarge` otherwise).
   */
  async bytes(operation: string, path: string, parts: RequestParts, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(parts.query ?? {})) url.searchParams.set(k, v);
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, this.init('GET', parts));
      } catch (error) {
        if (attempt < retries) { await this.backoff(operation, attempt, null, 'network error'); continue; }
        throw new FeishuHttpError(operation, 0, (error as Error).message);
      }
      if ((res.status === 429 || res.status >= 500) && attempt < retries) {
        await res.body?.cancel().catch(() => undefined);
        await this.backoff(operation, attempt, res.headers.get('retry-after'), `HTTP ${res.status}`);
        continue;
      }
      const declared = Number(res.headers.get('content-length'));
      if (res.ok && Number.isFinite(declared) && declared > maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
      if (!res.ok || isJson) {
        const body = parseBody(await res.text());
        if (body && typeof body.code === 'number' && body.code !== 0) {
          throw new FeishuApiError(operation, body.code, typeof body.msg === 'string' ? body.msg : '', body, res.status);
        }
        throw new FeishuHttpError(operation, res.status, 'no file in the answer');
      }
      return readBounded(res.body, maxBytes, tooLarge);
    }
  }

  private init(method: string, parts: RequestParts): RequestInit {
    const headers: Record<string, string> = {};
    if (parts.token) headers.authorization = `Bearer ${parts.token}`;
    let body: BodyInit | undefined;
    if (parts.form) body = parts.form;
    else if (parts.json !== undefined) {
      headers['content-type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(parts.json);
    }
    return { method, headers, body };
  }

  private async backoff(operation: string, attempt: number, retryAfter: string | null, why: string): Promise<void> {
    const base = this.options.backoffMs ?? 500;
    const header = retryAfter !== null ? Number(retryAfter) * 1000 : NaN;
    const delay = Number.isFinite(header) && header >= 0 ? Math.min(header, 30_000) : Math.min(base * 2 ** attempt, 10_000);
    this.options.log?.warn(`feishu ${operation}: ${why}, retry ${attempt + 1} in ${delay} ms`);
    await Bun.sleep(delay);
  }
}

function parseBody(text: string): Body | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : null;
  } catch {
    return null;
  }
}
