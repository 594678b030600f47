import { Value, ValueErrorType } from '@sinclair/typebox/value';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from '../common/json-limits';
import { jsonTextDeeperThan } from '@devhub/shared/json-depth';
import { CLIENT_TYPES, type ClientMessage, ClientMessages, type ClientType, type ServerMessage } from './model';

export type Reply = ServerMessage;
export type Parsed = { ok: true; message: ClientMessage & { request_id: string } } | { ok: false; reply: ServerMessage<'error'> };

/** Fields whose error text the protocol words its own way (the spec's texts). */
const FIELD_ERRORS: Record<string, (value: unknown) => string> = {
  provider: (value) => `Unknown provider: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  mode: (value) => `Invalid mode: ${String(value)} (expected normal or yolo)`,
};

/**
 * Commands that type into a session: on the global socket a missing channel is named before their
 * other fields (the protocol's `channel_id required`), since without it nothing else matters.
 */
const TYPING = new Set<string>(['input', 'input.raw', 'key']);

const error = (request_id: string, message: string): Parsed => ({ ok: false, reply: { type: 'error', request_id, message } });

/**
 * A bounded scan of the raw frame before any JSON.parse: a frame nested thousands of levels deep
 * (`[[[…]]]`) or over the size limit is refused in one linear pass, so it cannot hold the event
 * loop other sockets share.
 */
export function frameProblem(text: string): string | null {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_JSON_BYTES) return `Message too large: ${bytes} bytes (limit ${MAX_JSON_BYTES})`;
  if (jsonTextDeeperThan(text, MAX_JSON_DEPTH)) return `Invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels`;
  return null;
}

const kindOf = (value: unknown): string => (Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

/**
 * Parses and validates one text frame against its type's schema in `model.ts`: `Invalid JSON: …`,
 * `type required`, `type must be a string (got an object)`, `request_id must be a string (got a
 * number)`, `Unknown message type: …`, `<field> required`, `<field> must be a string|boolean`. A
 * field sent as null counts as absent; defaults (enter, literal, raw) are filled in. `socketChannel` is the
 * channel of a `/ws/{channel_id}` socket: there a typing command may omit `channel_id`; on the
 * global socket its absence is `channel_id required` before any other field is checked.
 */
export function parseClientMessage(text: string, socketChannel: string | null = null): Parsed {
  const problem = frameProblem(text);
  if (problem) return error('', problem);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return error('', `Invalid JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return error('', 'Invalid JSON: expected an object with a "type" field');
  }
  const record = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
  // Not echoed: the reply's request_id is a string (model.ts), so a number would come back changed.
  if (record.request_id !== undefined && typeof record.request_id !== 'string') return error('', `request_id must be a string (got ${kindOf(record.request_id)})`);
  const requestId = (record.request_id as string | undefined) ?? '';
  const type = record.type;
  if (type === undefined) return error(requestId, 'type required');
  if (typeof type !== 'string') return error(requestId, `type must be a string (got ${kindOf(type)})`);
  if (!(CLIENT_TYPES as string[]).includes(type)) return error(requestId, `Unknown message type: ${type}`);
  if (TYPING.has(type) && !record.channel_id && !socketChannel) return error(requestId, 'channel_id required');
  const schema = ClientMessages[type as ClientType];
  const message = Value.Default(schema, { ...record, request_id: requestId }) as Record<string, unknown>;
  const first = Value.Errors(schema, message).First();
  if (first) {
    const field = first.path.split('/')[1] ?? '';
    if (first.type === ValueErrorType.ObjectRequiredProperty) return error(requestId, `${field} required`);
    const special = FIELD_ERRORS[field];
    if (special) return error(requestId, special(first.value));
    if (first.type === ValueErrorType.String) return error(requestId, `${field} must be a string`);
    if (first.type === ValueErrorType.Boolean) return error(requestId, `${field} must be a boolean`);
    return error(requestId, `${field}: ${first.message}`);
  }
  return { ok: true, message: message as Parsed extends { ok: true; message: infer M } ? M : never };
}
