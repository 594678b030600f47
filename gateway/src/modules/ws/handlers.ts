import { isAppError } from '@devhub/shared';
import type { Gateway } from '../../runtime';
import { NotInitialized } from '../common/errors';
import { browse, makeDirectory } from '../directories/service';
import { answerPrompt } from '../sessions/answer';
import * as sessions from '../sessions/service';
import type { Subscriber, WsHub } from './hub';
import type { ClientMessage, ClientType } from './model';
import type { PaneStreams } from './pane-stream';
import type { Reply } from './parse';

export interface Connection {
  socket: Subscriber;
  /** The channel of `/ws/{channel_id}`; null for the global socket. */
  channelId: string | null;
}

interface Env { gateway: Gateway; hub: WsHub; streams: PaneStreams; conn: Connection }

/** A message that passed its schema (parse.ts): request_id is always a string. */
type Valid<K extends ClientType> = ClientMessage<K> & { request_id: string };
type Handlers = { [K in ClientType]: (m: Valid<K>, env: Env) => Promise<Reply> | Reply };

/** A request the handler refuses with this text as the `error` reply. */
class RequestError extends Error {}

/** The channel a message names, else its socket's own (a channel socket may omit it); null for neither. */
const namedChannel = (m: { channel_id?: string }, env: Env): string | null => m.channel_id || env.conn.channelId || null;

function channelOf(m: { channel_id?: string }, env: Env): string {
  const id = namedChannel(m, env);
  if (!id) throw new RequestError('channel_id required');
  return id;
}

/** Typed input shows in a watched pane at once rather than at its next frame. */
function nudge(env: Env, channelId: string): void {
  const windowId = env.gateway.ctx.store.session(channelId)?.window_id;
  if (windowId) env.streams.nudge(windowId);
}

const HANDLERS: Handlers = {
  ping: (m) => ({ type: 'pong', request_id: m.request_id }),
  'session.create': async (m, { gateway, hub, conn }) => {
    const created = await sessions.createSession(gateway.ctx, {
      channel_id: m.channel_id || undefined,
      work_dir: m.work_dir || undefined,
      provider: m.provider || undefined,
      mode: m.mode,
      name: m.name,
    });
    hub.subscribe(created.channel_id, conn.socket);
    return { type: 'session.created', request_id: m.request_id, ...created };
  },
  'session.list': async (m, { gateway }) => ({ type: 'session.list', request_id: m.request_id, ...(await sessions.listSessions(gateway.ctx)) }),
  'session.close': async (m, env) => {
    const channelId = channelOf(m, env);
    await sessions.closeSession(env.gateway.ctx, channelId);
    if (channelId !== env.conn.channelId) env.hub.unsubscribeChannel(channelId, env.conn.socket);
    return { type: 'session.closed', request_id: m.request_id, channel_id: channelId };
  },
  input: async (m, env) => {
    const channelId = channelOf(m, env);
    await sessions.sendInput(env.gateway.ctx, channelId, { text: m.text, enter: m.enter, literal: m.literal, raw: m.raw });
    nudge(env, channelId);
    return { type: 'ack', request_id: m.request_id, of: 'input', channel_id: channelId };
  },
  'input.raw': async (m, env) => {
    const channelId = channelOf(m, env);
    await sessions.sendInput(env.gateway.ctx, channelId, { text: m.text, enter: true, literal: true, raw: true });
    nudge(env, channelId);
    return { type: 'ack', request_id: m.request_id, of: 'input.raw', channel_id: channelId };
  },
  key: async (m, env) => {
    const channelId = channelOf(m, env);
    await sessions.sendKey(env.gateway.ctx, channelId, m.key);
    nudge(env, channelId);
    return { type: 'ack', request_id: m.request_id, of: 'key', channel_id: channelId };
  },
  answer: async (m, env) => {
    const channelId = channelOf(m, env);
    const answered = await answerPrompt(env.gateway.ctx, channelId, { option: m.option, question: m.question });
    nudge(env, channelId);
    return { type: 'answered', request_id: m.request_id, channel_id: channelId, ...answered };
  },
  'capture.pane': async (m, env) => ({ type: 'capture.pane', request_id: m.request_id, ...(await sessions.capturePane(env.gateway.ctx, channelOf(m, env))) }),
  'capture.screenshot': async (m, env) => {
    const channelId = channelOf(m, env);
    const png = await sessions.screenshot(env.gateway, channelId);
    return { type: 'capture.screenshot', request_id: m.request_id, channel_id: channelId, image_base64: Buffer.from(png).toString('base64') };
  },
  // The protocol's verbose.set names only `enabled`: with no channel (the global socket, no
  // channel_id) it is the placeholder no-op the protocol describes (detail always goes out anyway).
  // With a channel it is POST …/verbose: recorded, and an unbound channel is `No session for channel …`.
  'verbose.set': (m, env) => {
    const channelId = namedChannel(m, env);
    if (!channelId) return { type: 'verbose.updated', request_id: m.request_id, enabled: m.enabled };
    const { channel_id, verbose } = sessions.setVerbose(env.gateway.ctx, channelId, m.enabled);
    return { type: 'verbose.updated', request_id: m.request_id, channel_id, enabled: verbose };
  },
  'pane.subscribe': async (m, env) => {
    const channelId = channelOf(m, env);
    const screen = await sessions.onWindow(env.gateway.ctx, channelId, (windowId) => env.streams.subscribe(windowId, channelId, env.conn.socket));
    const windowId = sessions.requireSession(env.gateway.ctx, channelId).window_id;
    return { type: 'pane.subscribed', request_id: m.request_id, channel_id: channelId, window_id: windowId, cols: screen.width, rows: screen.height };
  },
  'pane.unsubscribe': (m, env) => {
    const channelId = channelOf(m, env);
    const windowId = env.gateway.ctx.store.session(channelId)?.window_id;
    if (windowId) env.streams.unsubscribe(windowId, env.conn.socket);
    return { type: 'pane.unsubscribed', request_id: m.request_id, channel_id: channelId };
  },
  'transcript.get': (m, env) => {
    const channelId = channelOf(m, env);
    const windowId = sessions.requireSession(env.gateway.ctx, channelId).window_id;
    return { type: 'transcript', request_id: m.request_id, channel_id: channelId, messages: env.hub.recentMessages(windowId) };
  },
  'wizard.browse': (m) => ({ type: 'wizard.browse', request_id: m.request_id, ...browse(m.path) }),
  'wizard.mkdir': (m) => {
    // An empty name would resolve to the server's cwd and "succeed" without creating anything.
    if (!m.name.trim()) throw new RequestError('name required');
    return { type: 'wizard.mkdir', request_id: m.request_id, path: makeDirectory(m.name) };
  },
};

/** Message types that work before the gateway has started (they touch no session). */
const ALWAYS = new Set<ClientType>(['ping', 'wizard.browse', 'wizard.mkdir']);

/** Answers one validated client message; failures become `error` replies with the spec's texts. */
export async function handleMessage(m: Valid<ClientType>, env: Env): Promise<Reply> {
  try {
    if (!ALWAYS.has(m.type) && !env.gateway.ready) throw new NotInitialized();
    const handler = HANDLERS[m.type] as (m: Valid<ClientType>, env: Env) => Promise<Reply> | Reply;
    return await handler(m, env);
  } catch (error) {
    return { type: 'error', request_id: m.request_id, message: errorText(error) };
  }
}

function errorText(error: unknown): string {
  if (error instanceof RequestError) return error.message;
  if (isAppError(error)) {
    if (error.code === 'SESSION_NOT_FOUND') return `No session for channel ${(error.details as { channel_id: string }).channel_id}`;
    return error.message;
  }
  return `Internal error: ${(error as Error).message ?? String(error)}`;
}
