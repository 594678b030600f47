/**
 * A local Feishu/Lark long-connection service in front of the mock open platform (mock-feishu.ts):
 * - `POST /callback/ws/endpoint` with `{AppID, AppSecret}` answers `{code: 0, msg, data: {URL,
 *   ClientConfig: {PingInterval, ReconnectCount, ReconnectInterval, ReconnectNonce}}}` (seconds),
 *   or a non-zero code for wrong credentials; the URL's one-time `ticket` opens one WebSocket;
 * - on that WebSocket every message is a protobuf Frame (helpers/protobuf.ts): the client's
 *   control frames `type: ping` are answered with `type: pong` carrying ClientConfig; events are
 *   data frames `type: event` with `message_id`, `sum`, `seq`, `trace_id` headers, split into
 *   `sum` parts when asked; the client's data frames are its acks, recorded;
 * - anything else (`/open-apis/…`) is passed to the mock open platform, so one base URL serves both.
 */
import { randomBytes } from 'node:crypto';
import type { ServerWebSocket } from 'bun';
import { waitFor } from '../../helpers/gateway';
import type { MockFeishuPlatform } from './mock-feishu';
import { frameBytes, header, type MockFrame, parseFrame } from './protobuf';

export interface ClientConfig {
  PingInterval: number;
  ReconnectCount: number;
  ReconnectInterval: number;
  ReconnectNonce: number;
}

export interface Ack {
  frame: MockFrame;
  body: { code: number; data?: string; [k: string]: unknown };
}

const SERVICE_ID = 33554678;
const enc = new TextEncoder();

export function startMockFeishuLongConnection(platform: MockFeishuPlatform, app: { appId: string; appSecret: string }, config: ClientConfig) {
  const endpointCalls: Array<{ body: any; headers: Record<string, string> }> = [];
  const tickets = new Set<string>();
  const sockets = new Set<ServerWebSocket<{ device: string }>>();
  const pings: MockFrame[] = [];
  const acks: Ack[] = [];
  const closes: Array<{ code: number; reason: string }> = [];
  const problems: string[] = [];
  let opened = 0;
  let muted = false;
  let seq = 0n;
  let counter = 0;

  const server = Bun.serve<{ device: string }, never>({
    hostname: '127.0.0.1', port: 0,
    async fetch(req, srv): Promise<Response | undefined> {
      const url = new URL(req.url);
      if (url.pathname === '/callback/ws/endpoint' && req.method === 'POST') {
        const body = await req.json().catch(() => null) as any;
        endpointCalls.push({ body, headers: Object.fromEntries(req.headers) });
        if (body?.AppID !== app.appId || body?.AppSecret !== app.appSecret) return Response.json({ code: 514, msg: 'app id or secret is invalid', data: null });
        const ticket = randomBytes(8).toString('hex');
        tickets.add(ticket);
        const device = String(7_000_000 + ++counter);
        const wsUrl = `ws://127.0.0.1:${srv.port}/ws/v2?fpid=493&aid=552564&device_id=${device}&access_key=ak-${randomBytes(6).toString('hex')}&service_id=${SERVICE_ID}&ticket=${ticket}`;
        return Response.json({ code: 0, msg: 'ok', data: { URL: wsUrl, ClientConfig: config } });
      }
      if (url.pathname === '/ws/v2') {
        const ticket = url.searchParams.get('ticket') ?? '';
        if (!tickets.delete(ticket)) return new Response('forbidden', { status: 403, headers: { 'handshake-status': '403', 'handshake-msg': 'invalid ticket' } });
        if (srv.upgrade(req, { data: { device: url.searchParams.get('device_id') ?? '' } })) return undefined;
        return new Response('upgrade required', { status: 426 });
      }
      // The open platform's API, relayed to the mock platform.
      const target = platform.baseUrl.replace(/\/open-apis$/, '') + url.pathname + url.search;
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      return fetch(target, { method: req.method, headers: req.headers, body: hasBody ? await req.arrayBuffer() : undefined });
    },
    websocket: {
      open(ws) {
        opened++;
        sockets.add(ws);
      },
      message(ws, message) {
        if (typeof message === 'string') { problems.push('a text message'); return; }
        let frame: MockFrame;
        try {
          frame = parseFrame(new Uint8Array(message));
        } catch (error) {
          problems.push(`undecodable frame: ${(error as Error).message}`);
          return;
        }
        const type = header(frame, 'type');
        if (frame.method === 0 && type === 'ping') {
          pings.push(frame);
          if (!muted) ws.send(frameBytes({ SeqID: 0n, LogID: 0n, service: frame.service, method: 0, headers: [['type', 'pong']], payload: enc.encode(JSON.stringify(config)) }));
        } else if (frame.method === 1) {
          acks.push({ frame, body: JSON.parse(new TextDecoder().decode(frame.payload ?? new Uint8Array())) });
        } else problems.push(`unexpected frame method ${frame.method} type ${type}`);
      },
      close(ws, code, reason) {
        sockets.delete(ws);
        closes.push({ code, reason });
      },
    },
  });

  interface PushOptions { parts?: number; type?: string; reversed?: boolean; messageId?: string }

  /** Sends one payload as an event (in `parts` frames, last part first with `reversed`); returns its message_id. */
  function push(payload: unknown, how: PushOptions = {}): string {
    const ws = [...sockets].at(-1);
    if (!ws) throw new Error('no long connection is open');
    const messageId = how.messageId ?? `msg_${randomBytes(6).toString('hex')}`;
    const bytes = enc.encode(JSON.stringify(payload));
    const parts = how.parts ?? 1;
    const size = Math.ceil(bytes.length / parts);
    const frames = Array.from({ length: parts }, (_, i) => frameBytes({
      // LogID beyond 2^53: the client must carry it back unchanged.
      SeqID: ++seq, LogID: 7_312_345_678_901_234_567n + seq, service: SERVICE_ID, method: 1,
      headers: [['type', how.type ?? 'event'], ['message_id', messageId], ['sum', String(parts)], ['seq', String(i)], ['trace_id', `trace-${messageId}`], ['timestamp', String(Date.now())]],
      payload: bytes.slice(i * size, (i + 1) * size),
    }));
    for (const f of how.reversed ? frames.reverse() : frames) ws.sendBinary(f);
    return messageId;
  }

  return {
    baseUrl: `http://127.0.0.1:${server.port}/open-apis`,
    serviceId: SERVICE_ID,
    endpointCalls, pings, acks, closes, problems,
    get opened() { return opened; },
    get open() { return sockets.size; },
    push,
    /** A user's text message (mock-feishu's im.message.receive_v1), pushed over the connection. */
    say: (m: Parameters<MockFeishuPlatform['userMessage']>[0], how: PushOptions = {}) => push(platform.userMessage(m), how),
    /** The client's ack of a pushed message. */
    ackOf: (messageId: string) => waitFor(() => acks.find((a) => header(a.frame, 'message_id') === messageId), `the ack of ${messageId}`),
    /** While muted, pings are not answered (a connection that died without a close). */
    mute: (on: boolean) => { muted = on; },
    /** Closes every connection from the server side (as a platform restart does). */
    drop: () => { for (const ws of sockets) ws.close(1001, 'server going away'); },
    stop: () => server.stop(true),
  };
}

export type MockFeishuLongConnection = ReturnType<typeof startMockFeishuLongConnection>;
