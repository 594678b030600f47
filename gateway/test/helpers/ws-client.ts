/** A WebSocket test client that queues every message and waits for one matching a predicate. */
export class WsClient {
  readonly messages: Array<Record<string, unknown>> = [];
  private waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      this.messages.push(JSON.parse(String(e.data)) as Record<string, unknown>);
      this.wake();
    });
    ws.addEventListener('close', (e) => {
      this.closed = { code: e.code, reason: e.reason };
      this.wake();
    });
  }

  /** `headers`: what a non-browser client may set on the handshake (Origin, Authorization, …). */
  static async connect(url: string, headers?: Record<string, string>): Promise<WsClient> {
    // Bun's WebSocket takes `{headers}`; the DOM typings in scope know only subprotocols.
    const ws = headers ? new (WebSocket as unknown as new (u: string, o: { headers: Record<string, string> }) => WebSocket)(url, { headers }) : new WebSocket(url);
    const client = new WsClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve(), { once: true });
      ws.addEventListener('close', () => resolve(), { once: true });
      ws.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends a message with a fresh request_id and waits for the reply carrying it. */
  async request(message: Record<string, unknown>, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const requestId = `r-${Math.random().toString(36).slice(2, 10)}`;
    this.send({ ...message, request_id: requestId });
    return this.next((m) => m.request_id === requestId, timeoutMs);
  }

  /** Waits for (and removes from the queue) the first message matching `match`. */
  async next(match: (m: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(match);
      if (index >= 0) return this.messages.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching WebSocket message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
  }

  async waitClosed(timeoutMs = 5_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket did not close');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
