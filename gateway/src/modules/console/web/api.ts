/**
 * The console talks to the same REST and WebSocket API as any client, but never holds the key: with
 * `api_key` set the user logs in once (`POST /auth/login`), and the gateway's HttpOnly,
 * SameSite=Strict session cookie then goes with every call and socket by itself — nothing in
 * localStorage or in a URL. Without a key the gateway serves loopback peers only, so on localhost
 * nothing needs to be entered.
 */
export class Unauthorized extends Error {}

// Where an earlier console kept the key: forget it.
localStorage.removeItem('agentgw.apiKey');

/** Exchanges the key for the session cookie; the key is not kept anywhere in the page. */
export async function login(key: string): Promise<void> {
  await request('POST', '/auth/login', { api_key: key });
}

/** Ends this browser's login (the cookie is cleared by the answer). */
export async function logout(): Promise<void> {
  await request('POST', '/auth/logout');
}

/** A REST call under /api/v1; JSON bodies in and out; a non-2xx answer throws with its detail. */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await request(method, path, body);
  return (await res.json()) as T;
}

export async function request(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
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
