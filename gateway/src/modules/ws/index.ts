import type { Logger } from '@devhub/shared';
import { Elysia } from 'elysia';
import type { Gateway } from '../../runtime';
import { KeyedSerial } from '../../tmux/serial';
import type { Authenticator } from '../auth/service';
import type { Connection } from './handlers';
import { handleMessage } from './handlers';
import { asyncApiDocument } from './asyncapi';
import { PaneStreams } from './pane-stream';
import type { Subscriber, WsHub } from './hub';
import { parseClientMessage } from './parse';
import { MAX_PENDING_BYTES, MAX_PENDING_REQUESTS } from './limits';
import { VERSION } from '../../version';

export { WsHub } from './hub';

/** Bun's socket as seen through Elysia; `raw` is the native ServerWebSocket. */
interface Socket {
  id: string;
  raw: Subscriber & {
    close(code?: number, reason?: string): void;
    remoteAddress: string;
    /** Bun's upgrade data: Elysia's per-socket handlers live here. */
    data: { message?: (raw: unknown, data: string | Buffer) => unknown };
  };
  data: { params?: Record<string, string>; query?: Record<string, string | undefined>; request: Request };
}

const UNAUTHORIZED = 4001;

/** Raw text normally (see open); should Elysia's pre-parsed value arrive, one parser still judges it. */
const frameText = (data: unknown): string => (typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString() : JSON.stringify(data));

/**
 * `/api/v1/ws` (global) and `/api/v1/ws/{channel_id}` on Bun's native WebSocket. The upgrade has
 * passed the Host/Origin guard; credentials (Bearer header, the console's cookie, or `?token=`)
 * are checked on open, and bad ones close the socket with 4001 `Unauthorized`.
 */
export const wsModule = (gateway: Gateway, hub: WsHub, auth: Authenticator, log: Logger) => {
  const connections = new Map<string, Connection>();
  const streams = new PaneStreams(gateway.ctx);
  // One socket's messages are handled in the order they were sent, like a REST client awaiting
  // each call: a capture after an input sees the input, a screenshot before a close gets its image.
  const order = new KeyedSerial();

  const open = (ws: Socket, channelId: string | null) => {
    const verdict = auth.check(ws.data.request, ws.raw.remoteAddress || null, ws.data.query?.token ?? '');
    if (!verdict.ok) {
      log.warn(`WebSocket refused: ${verdict.reason}`);
      // The spec's error text first, for clients that only read messages; then the 4001 close.
      const message = verdict.retryAfter ? `Too many wrong API keys from this address; try again in ${verdict.retryAfter} s` : 'Invalid or missing API key';
      ws.raw.send(JSON.stringify({ type: 'error', request_id: '', message }));
      ws.raw.close(UNAUTHORIZED, 'Unauthorized');
      return;
    }
    const conn: Connection = { socket: ws.raw, channelId };
    connections.set(ws.id, conn);
    // Frames come to us as received: Elysia would JSON.parse every frame before any check of ours
    // could bound its size and depth (parse.ts).
    ws.raw.data.message = (_raw, data) => message(ws, data);
    // First on every socket: a reconnecting client compares started_at to learn of a restart.
    ws.raw.send(JSON.stringify({ type: 'gateway.hello', version: VERSION, started_at: gateway.startedAt }));
    if (channelId) hub.subscribe(channelId, ws.raw);
    else hub.subscribeGlobal(ws.raw);
  };

  // Per socket: requests queued or running, and their frames' bytes (limits.ts).
  const pending = new Map<string, { requests: number; bytes: number }>();

  const message = (ws: Socket, data: unknown) => {
    const text = frameText(data);
    const load = pending.get(ws.id) ?? { requests: 0, bytes: 0 };
    const bytes = Buffer.byteLength(text);
    if (load.requests >= MAX_PENDING_REQUESTS || load.bytes + bytes > MAX_PENDING_BYTES) {
      // Answered at once and not kept: the client learns which request went unhandled.
      const parsed = parseClientMessage(text, null);
      const request_id = parsed.ok ? parsed.message.request_id : parsed.reply.request_id;
      ws.raw.send(JSON.stringify({ type: 'error', request_id, message: `Too many requests in flight (limit ${MAX_PENDING_REQUESTS} requests, ${MAX_PENDING_BYTES} bytes); wait for the replies` }));
      return;
    }
    load.requests++;
    load.bytes += bytes;
    pending.set(ws.id, load);
    void order.run(ws.id, () => handle(ws, text)).finally(() => {
      load.requests--;
      load.bytes -= bytes;
      if (load.requests === 0 && pending.get(ws.id) === load) pending.delete(ws.id);
    });
  };

  const handle = async (ws: Socket, text: string) => {
    const conn = connections.get(ws.id);
    if (!conn) return;
    const parsed = parseClientMessage(text, conn.channelId);
    const reply = parsed.ok ? await handleMessage(parsed.message, { gateway, hub, streams, conn }) : parsed.reply;
    // Closed while the handler awaited tmux: whatever it subscribed the socket to came after
    // close() cleaned up (a pane stream would capture for ever), so it is undone now.
    if (connections.get(ws.id) !== conn) return forget(conn);
    ws.raw.send(JSON.stringify(reply));
  };

  const forget = (conn: Connection) => {
    hub.remove(conn.socket);
    streams.remove(conn.socket);
  };

  const close = (ws: Socket) => {
    const conn = connections.get(ws.id);
    connections.delete(ws.id);
    if (conn) forget(conn);
  };

  const hooks = { detail: { tags: ['websocket'], summary: 'Event stream and commands (messages: /docs/asyncapi.json)' } };
  const protocol = asyncApiDocument();
  return new Elysia({ name: 'ws' })
    .onStop(() => streams.close())
    .get('/docs/asyncapi.json', () => protocol, {
      detail: { tags: ['websocket'], summary: 'The WebSocket protocol as an AsyncAPI 3.0 document (from the schemas the socket validates with)' },
    })
    .ws('/api/v1/ws', {
      ...hooks,
      open: (ws) => open(ws as unknown as Socket, null),
      message: (ws, data) => message(ws as unknown as Socket, data),
      close: (ws) => close(ws as unknown as Socket),
    })
    .ws('/api/v1/ws/:channel_id', {
      ...hooks,
      open: (ws) => open(ws as unknown as Socket, (ws as unknown as Socket).data.params?.channel_id ?? null),
      message: (ws, data) => message(ws as unknown as Socket, data),
      close: (ws) => close(ws as unknown as Socket),
    });
};
