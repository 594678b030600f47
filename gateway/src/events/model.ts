import { Type as t, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof t.String>>(s: T) => t.Union([s, t.Null()]);

export const AgentMessage = t.Object({
  text: t.String(),
  role: t.Union([t.Literal('user'), t.Literal('assistant')]),
  content_type: t.Union([
    t.Literal('text'), t.Literal('thinking'), t.Literal('tool_use'), t.Literal('tool_result'), t.Literal('local_command'),
  ]),
  is_complete: t.Boolean(),
  phase: Nullable(t.String()),
  tool_use_id: Nullable(t.String()),
  tool_name: Nullable(t.String()),
  timestamp: Nullable(t.String()),
});
export type AgentMessage = Static<typeof AgentMessage>;

export const AgentStatus = t.Union([
  t.Literal('starting'), t.Literal('idle'), t.Literal('working'), t.Literal('interactive'), t.Literal('done'), t.Literal('dead'),
]);
export type AgentStatus = Static<typeof AgentStatus>;

/** Ours: the spec names a prompt state but not its shape (README "WebSocket API"). */
export const PromptState = t.Object({
  type: t.Union([t.Literal('permission'), t.Literal('plan'), t.Literal('question'), t.Literal('trust'), t.Literal('selection')]),
  question: t.String(),
  options: t.Array(t.Object({ index: t.Integer(), label: t.String() })),
  selected: t.Union([t.Integer(), t.Null()]),
});
export type PromptState = Static<typeof PromptState>;

/**
 * The four gateway events (spec "Events"). `channel_ids` may be left empty by the publisher:
 * the WebSocket layer then resolves the window's bound channels itself.
 */
export const AgentMessageEvent = t.Object({
  window_id: t.String(),
  session_id: t.String(),
  messages: t.Array(AgentMessage),
  channel_ids: t.Array(t.String()),
});
export type AgentMessageEvent = Static<typeof AgentMessageEvent>;

export const StatusEvent = t.Object({
  window_id: t.String(),
  session_id: t.String(),
  status: AgentStatus,
  display_label: t.String(),
  channel_ids: t.Array(t.String()),
  provider: t.String(),
  interactive: t.Boolean(),
  prompt_state: t.Union([PromptState, t.Null()]),
});
export type StatusEvent = Static<typeof StatusEvent>;

export const HookEvent = t.Object({
  window_id: t.String(),
  event_type: t.String(),
  session_id: t.String(),
  data: t.Record(t.String(), t.Unknown()),
});
export type HookEvent = Static<typeof HookEvent>;

export const WindowChangeEvent = t.Object({
  window_id: t.String(),
  change_type: t.Union([t.Literal('new'), t.Literal('removed'), t.Literal('died')]),
  provider: t.String(),
  cwd: t.String(),
  display_name: t.String(),
});
export type WindowChangeEvent = Static<typeof WindowChangeEvent>;

/** Event name → payload; the names are the WebSocket `type`s. */
export interface GatewayEvents {
  'agent.message': AgentMessageEvent;
  'agent.status': StatusEvent;
  'window.change': WindowChangeEvent;
  'hook.event': HookEvent;
}
export type GatewayEventName = keyof GatewayEvents;

/** Channel-scoped events go to that channel's sockets; global ones to global sockets. */
export const CHANNEL_EVENTS = ['agent.message', 'agent.status'] as const satisfies readonly GatewayEventName[];
export const GLOBAL_EVENTS = ['window.change', 'hook.event'] as const satisfies readonly GatewayEventName[];
