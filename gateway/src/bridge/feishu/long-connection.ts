import type { Logger } from '@devhub/shared';
import { withDeadline } from '@devhub/shared/timers';
import { type ConnectionSettings, DEFAULT_SETTINGS, type Endpoint, fetchEndpoint, LongConnectionError, safeUrl, settingsFrom } from './endpoint';
import { FragmentBuffer } from './fragments';
import { decodeFrame, encodeFrame, type Frame, FrameDecodeError, headerOf, METHOD_CONTROL, METHOD_DATA } from './frame';

/**
 * Feishu/Lark's "receive events through a persistent connection", as a client of its own (README
 * "Chat bridge"): asks the endpoint for a WebSocket URL with the app's credentials, connects, pings
 * every PingInterval, reassembles split payloads, hands each event to `onEvent` and acknowledges
 * it with a frame whose payload is `{"code": 200}` (500 when handling failed; `data` is the
 * base64 JSON of a card callback's answer) and whose headers gain `biz_rt` (handling time, ms).
 * A dropped connection is reopened after a random wait below ReconnectNonce, then every
 * ReconnectInterval; refused credentials stop it with an error instead. A connection that has
 * heard nothing (not even a pong) for three ping intervals is presumed dead (a laptop that slept,
 * a NAT that forgot it) and replaced.
 */

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'stopped';

export interface EventContext {
  /** `event` or `card` (the frame's `type` header). */
  type: string;
  messageId: string;
  traceId: string;
}

export interface LongConnectionOptions {
  appId: string;
  appSecret: string;
  /** `https://open.feishu.cn` (no `/open-apis`). */
  domain: string;
  log: Logger;
  /** One whole event payload; the value returned (if any) is the callback's answer. */
  onEvent: (payload: string, context: EventContext) => Promise<unknown>;
}

const CLOSE_WAIT_MS = 2000;
/** Ping intervals without any frame from the server after which the connection is given up. */
const SILENT_PINGS = 3;
const utf8 = new TextEncoder();
const ackPayload = (code: number, data?: unknown) =>
  utf8.encode(JSON.stringify({ code, ...(data !== undefined ? { data: Buffer.from(JSON.stringify(data)).toString('base64') } : {}) }));

export class FeishuLongConnection {
  private settings: ConnectionSettings = DEFAULT_SETTINGS;
  private socket: WebSocket | null = null;
  private serviceId = 0;
  private pingTimer: ReturnType<typeof setTimeout> | null = null;
  private heardAt = 0;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private readonly fragments = new FragmentBuffer();
  private _state: ConnectionState = 'idle';
  private _error: LongConnectionError | null = null;
  /** Connections opened so far (1 after the first, 2 after a reconnect…). */
  connections = 0;

  constructor(private readonly options: LongConnectionOptions) {}

  get state(): ConnectionState {
    return this._state;
  }

  /** Why the connection gave up (state `failed`), or the last failed attempt's reason. */
  get error(): LongConnectionError | null {
    return this._error;
  }

  /** Starts connecting in the background; the gateway does not wait for the platform. */
  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.loop = this.run().catch((error) => {
      this._state = 'failed';
      this.options.log.error(`feishu long connection stopped: ${(error as Error).message}`);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this._state = 'stopped';
    this.clearPing();
    this.wake?.();
    this.socket?.close(1000, 'gateway stopping');
    // The close handshake normally ends the loop at once; a peer that never answers it does not hold the shutdown.
    await withDeadline(this.loop ?? Promise.resolve(), CLOSE_WAIT_MS, () => undefined);
    this.loop = null;
    this.fragments.clear();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      this._state = this.connections ? 'reconnecting' : 'connecting';
      try {
        const endpoint = await fetchEndpoint({ ...this.options, settings: this.settings });
        if (this.stopped) return;
        this.settings = endpoint.settings;
        await this.session(endpoint, () => { failures = 0; });
      } catch (error) {
        if (!(error instanceof LongConnectionError)) throw error;
        if (this.stopped) return; // a connect cut short by stop() is no failure
        this._error = error;
        if (!error.retryable) {
          this._state = 'failed';
          this.options.log.error(`${error.message}; not retrying (the webhook mode still works with a public URL)`);
          return;
        }
        this.options.log.warn(error.message);
      }
      if (this.stopped) return;
      const { reconnectCount, reconnectIntervalMs, reconnectNonceMs } = this.settings;
      if (reconnectCount >= 0 && failures >= reconnectCount && failures > 0) {
        this._state = 'failed';
        this._error = new LongConnectionError(`gave up after ${failures} reconnect attempts (ReconnectCount ${reconnectCount})`, false);
        this.options.log.error(this._error.message);
        return;
      }
      const delay = failures === 0 ? Math.floor(Math.random() * reconnectNonceMs) : reconnectIntervalMs;
      failures++;
      this.options.log.info(`feishu long connection: reconnecting in ${delay} ms (attempt ${failures})`);
      await this.sleep(delay);
    }
  }

  /** One WebSocket from open to close. `opened` runs once it is open (a successful connect). */
  private session(endpoint: Endpoint, opened: () => void): Promise<void> {
    const where = safeUrl(endpoint.url);
    return new Promise<void>((resolve, reject) => {
      let open = false;
      let socket: WebSocket;
      try {
        socket = new WebSocket(endpoint.url);
      } catch (error) {
        reject(new LongConnectionError(`cannot open ${where}: ${(error as Error).message}`, true));
        return;
      }
      socket.binaryType = 'arraybuffer';
      this.socket = socket;
      this.serviceId = endpoint.serviceId;
      socket.addEventListener('open', () => {
        open = true;
        this.connections++;
        this._state = 'connected';
        this._error = null;
        opened();
        this.heardAt = performance.now();
        this.options.log.info(`feishu long connection: connected to ${where}`);
        this.schedulePing();
      });
      socket.addEventListener('message', (event) => {
        this.heardAt = performance.now();
        this.onMessage(event.data);
      });
      socket.addEventListener('close', (event) => {
        this.clearPing();
        if (this.socket === socket) this.socket = null;
        if (open) {
          if (!this.stopped) this.options.log.warn(`feishu long connection: closed by the server (code ${event.code}${event.reason ? `: ${event.reason}` : ''})`);
          resolve();
        } else reject(new LongConnectionError(`WebSocket handshake with ${where} failed (code ${event.code})`, true));
      });
      if (this.stopped) socket.close(1000, 'gateway stopping');
    });
  }

  private schedulePing(): void {
    this.clearPing();
    this.pingTimer = setTimeout(() => {
      const silentMs = performance.now() - this.heardAt;
      if (silentMs > SILENT_PINGS * this.settings.pingIntervalMs && this.socket) {
        this.options.log.warn(`feishu long connection: nothing heard for ${Math.round(silentMs)} ms (not even a pong); reconnecting`);
        // terminate (Bun) drops the socket without waiting for a close handshake a dead peer never answers.
        const socket = this.socket as WebSocket & { terminate?: () => void };
        if (socket.terminate) socket.terminate();
        else socket.close(4000, 'no pong');
        return;
      }
      this.send({ seqId: 0n, logId: 0n, service: this.serviceId, method: METHOD_CONTROL, headers: [{ key: 'type', value: 'ping' }] });
      this.schedulePing();
    }, this.settings.pingIntervalMs);
  }

  private clearPing(): void {
    if (this.pingTimer) clearTimeout(this.pingTimer);
    this.pingTimer = null;
  }

  private send(frame: Frame): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(encodeFrame(frame));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => { this.wake = null; done(); };
    });
  }

  private onMessage(data: unknown): void {
    if (!(data instanceof ArrayBuffer)) {
      this.options.log.debug('feishu long connection: ignored a text message (frames are binary)');
      return;
    }
    let frame: Frame;
    try {
      frame = decodeFrame(new Uint8Array(data));
    } catch (error) {
      if (!(error instanceof FrameDecodeError)) throw error;
      this.options.log.warn(error.message);
      return;
    }
    const type = headerOf(frame, 'type') ?? '';
    if (frame.method === METHOD_CONTROL) {
      if (type === 'pong' && frame.payload?.length) this.onPong(frame.payload);
      return;
    }
    if (frame.method !== METHOD_DATA) return;
    if (type !== 'event' && type !== 'card') {
      this.options.log.debug(`feishu long connection: ignored a data frame of type ${type || '(none)'}`);
      return;
    }
    const messageId = headerOf(frame, 'message_id') ?? '';
    const traceId = headerOf(frame, 'trace_id') ?? '';
    const whole = this.fragments.add(messageId, Number(headerOf(frame, 'sum') ?? 1), Number(headerOf(frame, 'seq') ?? 0), frame.payload ?? new Uint8Array());
    if (whole === null) return;
    if (!(whole instanceof Uint8Array)) {
      this.options.log.warn(`feishu long connection: dropped a part of ${messageId || 'a message'}: ${whole.error}`);
      return;
    }
    const started = performance.now();
    let payload: string;
    try {
      payload = new TextDecoder('utf-8', { fatal: true }).decode(whole);
    } catch {
      this.options.log.warn(`feishu long connection: message ${messageId} is not UTF-8; answered 500`);
      this.ack(frame, 500, undefined, started);
      return;
    }
    // Called at once, in arrival order: the bridge queues each chat's messages in that order.
    this.options.onEvent(payload, { type, messageId, traceId }).then(
      (answer) => this.ack(frame, 200, answer ?? undefined, started),
      (error) => {
        this.options.log.warn(`feishu long connection: handling ${messageId} (trace ${traceId}) failed: ${(error as Error).message}`);
        this.ack(frame, 500, undefined, started);
      },
    );
  }

  private ack(frame: Frame, code: number, answer: unknown, started: number): void {
    const bizRt = String(Math.max(0, Math.round(performance.now() - started)));
    this.send({ ...frame, headers: [...frame.headers, { key: 'biz_rt', value: bizRt }], payload: ackPayload(code, answer) });
  }

  private onPong(payload: Uint8Array): void {
    try {
      this.settings = settingsFrom(JSON.parse(new TextDecoder().decode(payload)), this.settings);
    } catch {
      this.options.log.debug('feishu long connection: a pong without JSON ClientConfig');
    }
  }
}
