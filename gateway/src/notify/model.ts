import { type Static, Type as t } from '@sinclair/typebox';
import { PromptState } from '../events';

/** What a notification webhook is told about: a session waits for an answer, or it finished. */
export const NotifyEventKind = t.Union([t.Literal('needs_input'), t.Literal('finished')]);
export type NotifyEventKind = Static<typeof NotifyEventKind>;

export const WebhookTarget = t.Object({
  url: t.String({ pattern: '^https?://', description: 'POSTed a JSON Notification for each event' }),
  events: t.Array(NotifyEventKind, { default: ['needs_input', 'finished'], description: 'which events this webhook wants' }),
  /** Sent as `Authorization: Bearer <secret>` when set; never logged. */
  secret: t.String({ default: '' }),
}, { additionalProperties: false });
export type WebhookTarget = Static<typeof WebhookTarget>;

/** The body each webhook receives. */
export const Notification = t.Object({
  event: NotifyEventKind,
  window_id: t.String(),
  channel_ids: t.Array(t.String()),
  provider: t.String(),
  status: t.String(),
  display_label: t.String(),
  /** needs_input: the question on screen and its options (answer with POST /sessions/{channel}/key or input). */
  question: t.Union([t.String(), t.Null()]),
  options: t.Array(t.Object({ index: t.Integer(), label: t.String() })),
  prompt_state: t.Union([PromptState, t.Null()]),
  time: t.String(),
});
export type Notification = Static<typeof Notification>;
