import { t } from 'elysia';
import { AgentStatus, PromptState } from '../../events';

export const ProviderName = t.String({ description: 'agent_a, agent_b, agent_c, agent_d or shell (aliases: claude, codex, gemini, pi); absent or empty: the default provider', examples: ['shell'] });
/** `""` is the field left empty (clients that send every field): the default, `normal`. */
export const Mode = t.Union([t.Literal('normal'), t.Literal('yolo'), t.Literal('standard'), t.Literal('')], { description: '`standard` is accepted as `normal`; empty = `normal`' });

/** Every field is optional; an empty string counts as absent (its default), as for `name`. */
export const CreateSessionBody = t.Object({
  channel_id: t.Optional(t.String({ description: 'generated as api:<uuid> when absent or empty' })),
  work_dir: t.Optional(t.String({ description: "default: the server's working directory" })),
  provider: t.Optional(ProviderName),
  mode: t.Optional(Mode),
  name: t.Optional(t.String({ description: 'window name; default: the directory name (deduplicated)' })),
});
export type CreateSessionBody = typeof CreateSessionBody.static;

export const SessionCreated = t.Object({
  channel_id: t.String(),
  window_id: t.String({ examples: ['@3'] }),
  provider: t.String(),
  mode: t.String(),
  cwd: t.String(),
  display_name: t.String(),
  warnings: t.Optional(t.Array(t.String(), { description: 'e.g. the provider command is not on the gateway\'s PATH' })),
});
export type SessionCreated = typeof SessionCreated.static;

/** The window's status as `agent.status` last reported it (`starting` before the status poller's first look; null without one). */
export const StatusFields = {
  status: t.Union([AgentStatus, t.Null()], { description: 'starting, idle, working, interactive, done or dead' }),
  display_label: t.Union([t.String(), t.Null()], { examples: ['Working: Pondering…'] }),
  prompt_state: t.Union([PromptState, t.Null()], { description: 'the prompt on screen while interactive' }),
  status_changed_at: t.Union([t.String({ format: 'date-time' }), t.Null()], { description: 'when status, label or prompt last changed' }),
};

export const SessionSummary = t.Object({
  window_id: t.String(),
  display_name: t.String(),
  provider: t.String(),
  cwd: t.String(),
  session_id: t.String(),
  channel_id: t.Optional(t.String()),
  ...StatusFields,
  warnings: t.Optional(t.Array(t.String(), { description: "what the create response warned about (kept with the window; absent when nothing)" })),
});
export type SessionSummary = typeof SessionSummary.static;

export const SessionList = t.Object({ sessions: t.Array(SessionSummary) });
export type SessionList = typeof SessionList.static;

export const SessionDetail = t.Object({
  channel_id: t.String(),
  window_id: t.String(),
  provider: t.String(),
  cwd: t.String(),
  session_id: t.String(),
  approval_mode: t.String({ description: 'normal or yolo' }),
  batch_mode: t.String({ description: 'batched, or verbose after POST …/verbose {enabled: true}' }),
  display_name: t.String(),
  ...StatusFields,
  warnings: t.Optional(t.Array(t.String(), { description: "what the create response warned about (absent when nothing)" })),
});
export type SessionDetail = typeof SessionDetail.static;

export const SessionClosed = t.Object({ channel_id: t.String(), killed_windows: t.Integer() });
export type SessionClosed = typeof SessionClosed.static;

export const InputBody = t.Object({
  text: t.String(),
  enter: t.Boolean({ default: true }),
  literal: t.Boolean({ default: true }),
  raw: t.Boolean({ default: false }),
});
export type InputBody = typeof InputBody.static;

export const KeyBody = t.Object({ key: t.String({ minLength: 1, examples: ['Escape', 'Enter', 'C-c', 'Up'] }) });
export const Ok = t.Object({ ok: t.Literal(true) });
export const PaneContent = t.Object({ channel_id: t.String(), content: t.String() });
export type PaneContent = typeof PaneContent.static;
export const VerboseBody = t.Object({ enabled: t.Boolean() });
export const VerboseState = t.Object({ channel_id: t.String(), verbose: t.Boolean() });
export const ChannelParams = t.Object({ channel_id: t.String() });
export const ErrorBody = t.Object({ detail: t.Any() });

export const AnswerBody = t.Object({
  option: t.Integer({ minimum: 1, description: 'the option number shown on screen (1 = the first)' }),
  question: t.Optional(t.String({ description: 'the question you are answering; refused with 409 when another prompt is on screen' })),
});
export type AnswerBody = typeof AnswerBody.static;
export const Answered = t.Object({
  question: t.String(),
  option: t.Object({ index: t.Integer(), label: t.String() }),
});
export type Answered = typeof Answered.static;
