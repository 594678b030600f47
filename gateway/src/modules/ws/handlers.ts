import { isAppError } from '@devhub/shared';
import type { Gateway } from '../../runtime';
import { NotInitialized } from '../common/errors';
import { browse, makeDirectory } from '../directories/service';
import * as sessions from '../sessions/service';
import type { Subscriber, WsHub } from './hub';
import type { ClientType, Incoming, Reply } from './model';
import { bool, FieldError, str } from './parse';

export interface Connection {
  socket: Subscriber;
  /** The channel of `/ws/{channel_id}`; null for the global socket. */
  channelId: string | null;
}

interface Env { gateway: Gateway; hub: WsHub; conn: Connection }

type Handler = (m: Incoming, env: Env) => Promise<Reply | null> | Reply | null;

/** channel_id of the message, else the socket's own channel (a channel socket may omit it). */
function channelOf(m: Incoming, env: Env): string {
  const id = str(m, 'channel_id') || env.conn.channelId;
  if (!id) throw new FieldError('channel_id required');
  return id;
}

function field(m: Incoming, key: string): string {
  const value = str(m, key);
  if (value === undefined) throw new FieldError(`${key} required`);
  return value;
}

const HANDLERS: Record<ClientType, Handler> = {
  ping: (m) => ({ type: 'pong', request_id: m.request_id }),
  'session.create': async (m, { gateway, hub, conn }) => {
    if (m.provider !== undefined && m.provider !== null && typeof m.provider !== 'string') throw new FieldError(`Unknown provider: ${JSON.stringify(m.provider)}`);
    const mode = str(m, 'mode') || 'normal';
    if (!['normal', 'yolo', 'standard'].includes(mode)) throw new FieldError(`Invalid mode: ${mode} (expected normal or yolo)`);
    const created = await sessions.createSession(gateway.ctx, {
      channel_id: str(m, 'channel_id') || undefined,
      work_dir: str(m, 'work_dir') || undefined,
      provider: str(m, 'provider') || undefined,
      mode: mode === 'yolo' ? 'yolo' : 'normal',
      name: str(m, 'name'),
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
    await sessions.sendInput(env.gateway.ctx, channelId, {
      text: field(m, 'text'), enter: bool(m, 'enter', true), literal: bool(m, 'literal', true), raw: bool(m, 'raw', false),
    });
    return { type: 'ack', request_id: m.request_id, of: 'input', channel_id: channelId };
  },
  'input.raw': async (m, env) => {
    const channelId = channelOf(m, env);
    await sessions.sendInput(env.gateway.ctx, channelId, { text: field(m, 'text'), enter: true, literal: true, raw: true });
    return { type: 'ack', request_id: m.request_id, of: 'input.raw', channel_id: channelId };
  },
  key: async (m, env) => {
    const channelId = channelOf(m, env);
    await sessions.sendKey(env.gateway.ctx, channelId, field(m, 'key'));
    return { type: 'ack', request_id: m.request_id, of: 'key', channel_id: channelId };
  },
  'capture.pane': async (m, env) => ({ type: 'capture.pane', request_id: m.request_id, ...(await sessions.capturePane(env.gateway.ctx, channelOf(m, env))) }),
  'capture.screenshot': async (m, env) => {
    const channelId = channelOf(m, env);
    const png = await sessions.screenshot(env.gateway, channelId);
    return { type: 'capture.screenshot', request_id: m.request_id, channel_id: channelId, image_base64: Buffer.from(png).toString('base64') };
  },
  'verbose.set': (m, env) => {
    if (m.enabled === undefined || m.enabled === null) throw new FieldError('enabled required');
    const enabled = bool(m, 'enabled', false);
    const channelId = str(m, 'channel_id') || env.conn.channelId;
    if (channelId && env.gateway.ctx.store.session(channelId)) env.gateway.ctx.store.setVerbose(channelId, enabled);
    return { type: 'verbose.updated', request_id: m.request_id, enabled };
  },
  'wizard.browse': (m) => ({ type: 'wizard.browse', request_id: m.request_id, ...browse(field(m, 'path')) }),
  'wizard.mkdir': (m) => ({ type: 'wizard.mkdir', request_id: m.request_id, path: makeDirectory(field(m, 'name')) }),
};

/** Message types that work before the gateway has started. */
const ALWAYS = new Set<ClientType>(['ping', 'wizard.browse', 'wizard.mkdir', 'verbose.set']);

/** Answers one parsed client message; failures become `error` replies with the spec's texts. */
export async function handleMessage(m: Incoming & { type: ClientType }, env: Env): Promise<Reply | null> {
  try {
    if (!ALWAYS.has(m.type) && !env.gateway.ready) throw new NotInitialized();
    return await HANDLERS[m.type](m, env);
  } catch (error) {
    return { type: 'error', request_id: m.request_id, message: errorText(error) };
  }
}

function errorText(error: unknown): string {
  if (error instanceof FieldError) return error.message;
  if (isAppError(error)) {
    if (error.code === 'SESSION_NOT_FOUND') return `No session for channel ${(error.details as { channel_id: string }).channel_id}`;
    return error.message;
  }
  return `Internal error: ${(error as Error).message ?? String(error)}`;
}
