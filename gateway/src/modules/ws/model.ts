import { t } from 'elysia';

/** Client → server message types (spec "Client to server messages"). */
export const CLIENT_TYPES = [
  'session.create', 'session.list', 'session.close', 'input', 'input.raw', 'key', 'capture.pane',
  'capture.screenshot', 'verbose.set', 'wizard.browse', 'wizard.mkdir', 'ping',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Documentation schema for the socket's messages; the handlers validate field by field. */
export const ClientMessage = t.Object({
  type: t.Union(CLIENT_TYPES.map((c) => t.Literal(c))),
  request_id: t.Optional(t.String()),
  channel_id: t.Optional(t.String()),
  work_dir: t.Optional(t.String()),
  provider: t.Optional(t.String()),
  mode: t.Optional(t.String()),
  name: t.Optional(t.String()),
  text: t.Optional(t.String()),
  enter: t.Optional(t.Boolean()),
  literal: t.Optional(t.Boolean()),
  raw: t.Optional(t.Boolean()),
  key: t.Optional(t.String()),
  enabled: t.Optional(t.Boolean()),
  path: t.Optional(t.String()),
}, { additionalProperties: true });

export type Reply = { type: string; request_id?: string } & Record<string, unknown>;
export type Incoming = Record<string, unknown> & { type: string; request_id: string };
