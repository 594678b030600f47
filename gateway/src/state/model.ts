import { Type as t, type Static } from '@sinclair/typebox';

/** What the gateway remembers about a window it created or re-adopted. */
export const WindowRecord = t.Object({
  provider: t.String(),
  mode: t.String(),
  cwd: t.String(),
  display_name: t.String(),
  /** Checked on restart: a tmux server restarted since reuses `@N` ids for other windows. */
  pane_pid: t.Integer(),
  created_at: t.String(),
  /**
   * When the gateway first saw the assistant running in the window (or re-adopted the window, whose
   * history it cannot know): a bare shell afterwards means the assistant exited, also across a
   * gateway restart, rather than that it never started.
   */
  assistant_seen_at: t.Optional(t.String()),
  /** What the create response warned about (e.g. the command is not on PATH), shown again later. */
  warnings: t.Optional(t.Array(t.String())),
});
export type WindowRecord = Static<typeof WindowRecord>;

export const ChannelBinding = t.Object({
  window_id: t.String(),
  verbose: t.Boolean({ default: false }),
});
export type ChannelBinding = Static<typeof ChannelBinding>;

/**
 * A channel whose window died: what a client reconnecting to it is told (`agent.status dead`), also
 * after later restarts of the gateway, until the channel is bound to a window again.
 */
export const DeadChannel = t.Object({
  window_id: t.String(),
  session_id: t.Union([t.String(), t.Null()]),
  provider: t.String(),
  display_label: t.String(),
  at: t.String(),
});
export type DeadChannel = Static<typeof DeadChannel>;

/** state.json */
export const StateFile = t.Object({
  version: t.Literal(1),
  bindings: t.Record(t.String(), ChannelBinding),
  windows: t.Record(t.String(), WindowRecord),
  dead: t.Optional(t.Record(t.String(), DeadChannel)),
});
export type StateFile = Static<typeof StateFile>;

/** One session_map.json entry, keyed `<tmux socket path>:<tmux session>:@N`. */
export const SessionMapEntry = t.Object({
  session_id: t.String(),
  cwd: t.Optional(t.String()),
  window_name: t.Optional(t.String()),
  transcript_path: t.Optional(t.String()),
  provider: t.Optional(t.String()),
  updated_at: t.Optional(t.String()),
});
export type SessionMapEntry = Static<typeof SessionMapEntry>;
export const SessionMap = t.Record(t.String(), SessionMapEntry);
export type SessionMap = Static<typeof SessionMap>;

export const emptyState = (): StateFile => ({ version: 1, bindings: {}, windows: {} });
