import type { TObject, TProperties } from '@sinclair/typebox';
import { t } from 'elysia';
import { AgentMessage, HookEvent, StatusEvent, WindowChangeEvent } from '../../events';
import { BrowseBody, BrowseResult } from '../directories/model';
import {
  AnswerBody, Answered, CreateSessionBody, InputBody, KeyBody, PaneContent, SessionCreated, SessionList, VerboseBody,
} from '../sessions/model';

/**
 * The WebSocket protocol, one TypeBox schema per message: the socket validates every client
 * message with these (`parse.ts`) and `/docs/asyncapi.json` publishes them (`asyncapi.ts`). Bodies
 * are the REST schemas of the twin endpoint, so both transports accept the same fields.
 */

const RequestId = t.String({ description: 'echoed in the reply; "" when absent' });
const ChannelRef = {
  channel_id: t.Optional(t.String({ description: 'required on the global socket; a channel socket defaults to its own channel' })),
};

function message<K extends string, P extends TProperties>(type: K, properties: P, description: string) {
  return t.Object({ type: t.Literal(type), request_id: t.Optional(RequestId), ...properties }, { additionalProperties: true, description });
}

/** Client → server messages by type. Fields not named here are ignored. */
export const ClientMessages = {
  'session.create': message('session.create', CreateSessionBody.properties, 'Create a session and subscribe this socket to its channel (POST /sessions)'),
  'session.list': message('session.list', {}, 'List gateway windows (GET /sessions)'),
  'session.close': message('session.close', ChannelRef, "Kill the channel's window and unbind it (DELETE /sessions/{channel_id})"),
  input: message('input', { ...ChannelRef, ...InputBody.properties }, 'Type text (POST /sessions/{channel_id}/input); replied with ack'),
  'input.raw': message('input.raw', { ...ChannelRef, text: InputBody.properties.text }, 'Send tmux key names, then Enter; replied with ack'),
  key: message('key', { ...ChannelRef, ...KeyBody.properties }, 'Press one key (POST /sessions/{channel_id}/key); replied with ack'),
  answer: message('answer', { ...ChannelRef, ...AnswerBody.properties }, 'Answer the prompt on screen with one of its options (POST /sessions/{channel_id}/answer); replied with answered'),
  'capture.pane': message('capture.pane', ChannelRef, 'The visible pane as text (GET /sessions/{channel_id}/pane)'),
  'capture.screenshot': message('capture.screenshot', ChannelRef, 'The pane as a PNG (GET /sessions/{channel_id}/screenshot)'),
  'verbose.set': message('verbose.set', { ...ChannelRef, ...VerboseBody.properties }, 'Record the verbose preference (POST /sessions/{channel_id}/verbose); without a channel (global socket, no channel_id) a no-op answered verbose.updated {enabled}'),
  'wizard.browse': message('wizard.browse', BrowseBody.properties, 'List subdirectories (POST /directories/browse)'),
  'wizard.mkdir': message('wizard.mkdir', { name: t.String({ description: 'absolute, or relative to the server cwd; parents are created' }) }, 'Create a directory'),
  ping: message('ping', {}, 'Answered with pong'),
  'pane.subscribe': message('pane.subscribe', ChannelRef, 'Watch the pane live: the whole screen as pane.output, the reply pane.subscribed, then its changes as pane.output (up to 10 a second)'),
  'pane.unsubscribe': message('pane.unsubscribe', ChannelRef, 'Stop watching the pane'),
  'transcript.get': message('transcript.get', ChannelRef, 'The agent messages of the channel sent since the server started (the last 200; memory only)'),
} as const;
export type ClientType = keyof typeof ClientMessages;
export const CLIENT_TYPES = Object.keys(ClientMessages) as ClientType[];
export type ClientMessage<K extends ClientType = ClientType> = (typeof ClientMessages)[K]['static'];

function reply<K extends string, P extends TProperties>(type: K, properties: P, description: string) {
  return t.Object({ type: t.Literal(type), request_id: RequestId, ...properties }, { description });
}
function event<K extends string, P extends TProperties>(type: K, properties: P, description: string) {
  return t.Object({ type: t.Literal(type), ...properties }, { description });
}
const omit = <P extends TProperties, K extends keyof P>(schema: TObject<P>, ...keys: K[]) =>
  Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !keys.includes(key as K))) as Omit<P, K>;

/** Server → client messages by type: replies carry the request's request_id; events carry none. */
export const ServerMessages = {
  'session.created': reply('session.created', SessionCreated.properties, 'Reply to session.create'),
  'session.list': reply('session.list', SessionList.properties, 'Reply to session.list'),
  'session.closed': reply('session.closed', { channel_id: t.String() }, 'Reply to session.close'),
  ack: reply('ack', { of: t.Union([t.Literal('input'), t.Literal('input.raw'), t.Literal('key')]), channel_id: t.String() }, 'Reply to input, input.raw and key'),
  answered: reply('answered', { channel_id: t.String(), ...Answered.properties }, 'Reply to answer: the question and the option confirmed'),
  'capture.pane': reply('capture.pane', PaneContent.properties, 'Reply to capture.pane'),
  'capture.screenshot': reply('capture.screenshot', { channel_id: t.String(), image_base64: t.String({ description: 'PNG bytes, base64' }) }, 'Reply to capture.screenshot'),
  'verbose.updated': reply('verbose.updated', {
    channel_id: t.Optional(t.String({ description: 'the channel it was recorded for; absent when verbose.set named none (global socket): a no-op' })),
    enabled: t.Boolean(),
  }, 'Reply to verbose.set'),
  'wizard.browse': reply('wizard.browse', BrowseResult.properties, 'Reply to wizard.browse'),
  'wizard.mkdir': reply('wizard.mkdir', { path: t.String({ description: 'the created directory, absolute' }) }, 'Reply to wizard.mkdir'),
  pong: reply('pong', {}, 'Reply to ping'),
  'pane.subscribed': reply('pane.subscribed', { channel_id: t.String(), window_id: t.String(), cols: t.Integer(), rows: t.Integer() }, 'Reply to pane.subscribe'),
  'pane.unsubscribed': reply('pane.unsubscribed', { channel_id: t.String() }, 'Reply to pane.unsubscribe'),
  transcript: reply('transcript', { channel_id: t.String(), messages: t.Array(AgentMessage) }, 'Reply to transcript.get, oldest first'),
  error: reply('error', { message: t.String() }, 'A request failed, or a frame was not valid JSON / of no known type (request_id "")'),
  'gateway.hello': event('gateway.hello', {
    version: t.String(),
    started_at: t.String({ description: 'when this gateway process started (ISO 8601); a new value after a reconnect means the gateway restarted' }),
  }, 'The first message on every socket; then a channel socket gets its channel’s last agent.status'),
  'agent.message': event('agent.message', { channel_id: t.String(), session_id: t.String(), messages: t.Array(AgentMessage) }, 'New transcript messages of the channel’s assistant (channel sockets and subscribed sockets)'),
  'agent.status': event('agent.status', { channel_id: t.String(), ...omit(StatusEvent, 'channel_ids', 'window_id') }, 'The assistant’s status changed; a socket joining a channel first gets the last one'),
  'window.change': event('window.change', WindowChangeEvent.properties, 'A gateway window was created, removed or died (global sockets)'),
  'hook.event': event('hook.event', HookEvent.properties, 'An assistant hook fired (global sockets)'),
  'pane.output': event('pane.output', {
    channel_id: t.String(),
    window_id: t.String(),
    cols: t.Integer({ description: 'the pane size the data is drawn for' }),
    rows: t.Integer(),
    full: t.Boolean({ description: 'true: the whole screen (clear first); false: only changed rows' }),
    data: t.String({ description: 'terminal output (cursor moves, SGR colours, text) for an xterm of cols × rows' }),
  }, 'The watched pane changed (sockets that sent pane.subscribe)'),
} as const;
export type ServerType = keyof typeof ServerMessages;
export type ServerMessage<K extends ServerType = ServerType> = (typeof ServerMessages)[K]['static'];
