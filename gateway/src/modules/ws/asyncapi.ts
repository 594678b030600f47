import { VERSION } from '../../version';
import { CLIENT_TYPES, ClientMessages, ServerMessages, type ServerType } from './model';

const CHANNEL_EVENTS: ServerType[] = ['agent.message', 'agent.status'];
const GLOBAL_EVENTS: ServerType[] = ['window.change', 'hook.event'];
const STREAM_EVENTS: ServerType[] = ['pane.output'];
const CONNECT_EVENTS: ServerType[] = ['gateway.hello'];
const EVENTS = new Set<ServerType>([...CHANNEL_EVENTS, ...GLOBAL_EVENTS, ...STREAM_EVENTS, ...CONNECT_EVENTS]);
const REPLIES = (Object.keys(ServerMessages) as ServerType[]).filter((type) => !EVENTS.has(type));

/** A TypeBox schema as plain JSON Schema (TypeBox's symbol keys dropped). */
const plain = (schema: object): object => JSON.parse(JSON.stringify(schema));
const refs = (prefix: string, types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { $ref: `#/components/messages/${prefix}.${type}` }]));

/**
 * The WebSocket protocol as an AsyncAPI 3.0 document, built from the schemas the socket validates
 * with (model.ts), served at /docs/asyncapi.json. Operations are from the gateway's side: it
 * `receive`s client messages and `send`s replies and events.
 */
export function asyncApiDocument(): object {
  const messages: Record<string, object> = {};
  for (const type of CLIENT_TYPES) {
    const schema = ClientMessages[type];
    messages[`client.${type}`] = { name: type, title: type, summary: schema.description, payload: plain(schema) };
  }
  for (const type of Object.keys(ServerMessages) as ServerType[]) {
    const schema = ServerMessages[type];
    messages[`server.${type}`] = { name: type, title: type, summary: schema.description, payload: plain(schema) };
  }
  const clientRefs = refs('client', CLIENT_TYPES);
  const channelOut = { ...refs('server', REPLIES), ...refs('server', [...CONNECT_EVENTS, ...CHANNEL_EVENTS, ...STREAM_EVENTS]) };
  const globalOut = { ...refs('server', REPLIES), ...refs('server', [...CONNECT_EVENTS, ...GLOBAL_EVENTS, ...CHANNEL_EVENTS, ...STREAM_EVENTS]) };
  const operation = (action: 'send' | 'receive', channel: 'global' | 'channel', names: Record<string, unknown>, summary: string) => ({
    action, summary, channel: { $ref: `#/channels/${channel}` },
    messages: Object.keys(names).map((name) => ({ $ref: `#/channels/${channel}/messages/${name}` })),
  });
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'agentgw — WebSocket API',
      version: VERSION,
      description: 'Commands and events over Bun WebSocket. With an API key set, authenticate the handshake with `Authorization: Bearer <key>`, the web console\'s session cookie, or `?token=<key>` (a bad one closes with 4001 Unauthorized); the upgrade must also pass the Host and Origin checks (403). '
        + 'Frames over 8 MiB or nested deeper than 32 levels are refused before parsing. '
        + 'Every client message may carry `request_id`, echoed in its reply; a socket\'s messages are answered in the order sent. '
        + 'The REST twin of each command (OpenAPI at /docs/json) takes the same fields.',
    },
    defaultContentType: 'application/json',
    channels: {
      global: {
        address: '/api/v1/ws',
        title: 'Global socket',
        description: 'window.change and hook.event, plus the channel events of every session this socket created.',
        messages: { ...clientRefs, ...globalOut },
      },
      channel: {
        address: '/api/v1/ws/{channel_id}',
        title: 'Channel socket',
        description: 'agent.message and agent.status of one channel (the last status first); messages may omit channel_id.',
        parameters: { channel_id: { description: 'the channel whose events this socket receives' } },
        messages: { ...clientRefs, ...channelOut },
      },
    },
    operations: {
      receiveGlobal: operation('receive', 'global', clientRefs, 'Commands on the global socket'),
      sendGlobal: operation('send', 'global', globalOut, 'Replies and events on the global socket'),
      receiveChannel: operation('receive', 'channel', clientRefs, 'Commands on a channel socket'),
      sendChannel: operation('send', 'channel', channelOut, 'Replies and events on a channel socket'),
    },
    components: { messages },
  };
}
