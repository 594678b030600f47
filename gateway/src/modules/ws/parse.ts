import { CLIENT_TYPES, type ClientType, type Incoming, type Reply } from './model';

export type Parsed = { ok: true; message: Incoming & { type: ClientType } } | { ok: false; reply: Reply };

/** Parses one text frame: `Invalid JSON: …` and `Unknown message type: …` as the spec words them. */
export function parseClientMessage(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reply: { type: 'error', request_id: '', message: `Invalid JSON: ${(error as Error).message}` } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reply: { type: 'error', request_id: '', message: 'Invalid JSON: expected an object with a "type" field' } };
  }
  const record = value as Record<string, unknown>;
  const requestId = typeof record.request_id === 'string' ? record.request_id : '';
  const type = record.type;
  if (typeof type !== 'string' || !(CLIENT_TYPES as readonly string[]).includes(type)) {
    return { ok: false, reply: { type: 'error', request_id: requestId, message: `Unknown message type: ${typeof type === 'string' ? type : String(type ?? '')}` } };
  }
  return { ok: true, message: { ...record, type: type as ClientType, request_id: requestId } };
}

/** A field present with the wrong type, or a required one missing; its text is the `error` reply. */
export class FieldError extends Error {}

/** A field of a message as a string, undefined when absent (or null); another type is a FieldError. */
export function str(message: Record<string, unknown>, key: string): string | undefined {
  const value = message[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new FieldError(`${key} must be a string`);
  return value;
}

export function bool(message: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = message[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new FieldError(`${key} must be a boolean`);
  return value;
}
