/**
 * The console talks to the same REST and WebSocket API as any client, with the same key: kept in
 * localStorage, sent as `Authorization: Bearer` and `?token=`. Without a key the gateway serves
 * loopback peers only, so on localhost nothing needs to be entered.
 */
const KEY = 'agentgw.apiKey';

export class Unauthorized extends Error {}

export function apiKey(): string {
  return localStorage.getItem(KEY) ?? '';
}

export function setApiKey(key: string): void {
  if (key) localStorage.setItem(KEY, key);
  else localStorage.removeItem(KEY);
}

/** A REST call under /api/v1; JSON bodies in and out; a non-2xx answer throws with its detail. */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await request(method, path, body);
  return (await res.json()) as T;
}

export async function request(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (apiKey()) headers.authorization = `Bearer ${apiKey()}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 401) throw new Unauthorized('Invalid or missing API key');
  if (!res.ok) {
    const detail = await res.json().then((b: { detail?: unknown }) => b.detail, () => res.statusText);
    throw new Error(typeof detail === 'string' ? detail : JSON.stringify(detail));
  }
  return res;
}

export function socketUrl(path: string): string {
  const url = new URL(`/api/v1${path}`, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  if (apiKey()) url.searchParams.set('token', apiKey());
  return url.toString();
}

export type Message = Record<string, unknown> & { type: string };

/** A WebSocket that answers `send` with the reply carrying its request_id and hands events to `onEvent`. */
export class Socket {
  private readonly ws: WebSocket;
  private readonly pending = new Map<string, (m: Message) => void>();
  private next = 0;
  readonly opened: Promise<void>;

  constructor(path: string, private readonly onEvent: (m: Message) => void, onClose: (code: number) => void) {
    this.ws = new WebSocket(socketUrl(path));
    this.opened = new Promise((resolve, reject) => {
      this.ws.addEventListener('open', () => resolve(), { once: true });
      this.ws.addEventListener('error', () => reject(new Error(`cannot connect to ${path}`)), { once: true });
      this.ws.addEventListener('close', () => reject(new Error(`${path} closed`)), { once: true });
    });
    this.opened.catch(() => undefined); // a failed socket is reported by its close handler
    this.ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data)) as Message;
      const id = typeof m.request_id === 'string' ? m.request_id : '';
      const waiter = id ? this.pending.get(id) : undefined;
      if (waiter) {
        this.pending.delete(id);
        waiter(m);
      } else if (!('request_id' in m) || m.type === 'pane.output') {
        this.onEvent(m);
      }
    });
    this.ws.addEventListener('close', (e) => {
      for (const waiter of this.pending.values()) waiter({ type: 'error', message: 'connection closed' });
      this.pending.clear();
      onClose(e.code);
    });
  }

  async send(message: Record<string, unknown>): Promise<Message> {
    await this.opened;
    const request_id = `c${++this.next}`;
    const reply = new Promise<Message>((resolve) => this.pending.set(request_id, resolve));
    this.ws.send(JSON.stringify({ ...message, request_id }));
    const m = await reply;
    if (m.type === 'error') throw new Error(String(m.message));
    return m;
  }

  close(): void {
    this.ws.close();
  }
}
