import { type Gateway, type GatewayContext, windowGone } from '../../runtime';
import { TmuxError, WindowNotFound } from '../../tmux';
import { STARTING } from '../../status/classify';
import { ScreenshotUnavailable, SessionNotFound } from '../common/errors';
import { untilAcceptsInput } from './input-wait';
import { needsSubmitCheck, pressEnterIfStuck } from './submit-check';
import type { InputBody, PaneContent, SessionClosed, SessionDetail, SessionList } from './model';

export { createSession } from './create';

/**
 * The window's last reported status for REST: a window the status poller has not looked at yet is
 * `starting` since its creation; without a poller (no live services) all four are null.
 */
export function statusFields(ctx: GatewayContext, windowId: string): Pick<SessionDetail, 'status' | 'display_label' | 'prompt_state' | 'status_changed_at'> {
  const entry = ctx.statuses.get(windowId);
  const record = ctx.store.window(windowId);
  if (!entry && ctx.statuses.tracking && record) {
    return { status: STARTING.status, display_label: STARTING.display_label, prompt_state: null, status_changed_at: record.created_at };
  }
  if (!entry) return { status: null, display_label: null, prompt_state: null, status_changed_at: null };
  const { status, display_label, prompt_state } = entry.status;
  return { status, display_label, prompt_state, status_changed_at: new Date(entry.changedAtMs).toISOString() };
}

/** The assistant session id the hook recorded for a window, or ''. */
export function sessionIdOf(ctx: GatewayContext, windowId: string): string {
  return ctx.sessions.sessionId(ctx.tmux.windowKey(windowId));
}

export function requireSession(ctx: GatewayContext, channelId: string) {
  const session = ctx.store.session(channelId);
  if (!session) throw new SessionNotFound(channelId);
  return session;
}

/** Runs a tmux action on the channel's window; a window that vanished makes the channel unbound. */
export async function onWindow<T>(ctx: GatewayContext, channelId: string, action: (windowId: string) => Promise<T>): Promise<T> {
  const session = requireSession(ctx, channelId);
  try {
    return await action(session.window_id);
  } catch (error) {
    if ((error instanceof TmuxError && error.missing) || error instanceof WindowNotFound) {
      windowGone(ctx, session.window_id, { record: session });
      throw new SessionNotFound(channelId);
    }
    throw error;
  }
}

export async function listSessions(ctx: GatewayContext): Promise<SessionList> {
  const windows = await ctx.tmux.listWindows();
  const records = ctx.store.windows();
  return {
    sessions: windows.map((w) => {
      const record = records[w.window_id];
      const channel = ctx.store.channelsForWindow(w.window_id)[0];
      return {
        window_id: w.window_id,
        display_name: record?.display_name ?? w.window_name,
        provider: record?.provider ?? (w.provider || 'shell'),
        cwd: record?.cwd ?? w.pane_current_path,
        session_id: ctx.sessions.sessionId(ctx.tmux.windowKey(w.window_id)),
        ...(channel ? { channel_id: channel } : {}),
        ...statusFields(ctx, w.window_id),
        ...(record?.warnings?.length ? { warnings: record.warnings } : {}),
      };
    }),
  };
}

export async function getSession(ctx: GatewayContext, channelId: string): Promise<SessionDetail> {
  const session = requireSession(ctx, channelId);
  if (!(await ctx.tmux.findWindow(session.window_id))) {
    windowGone(ctx, session.window_id, { record: session });
    throw new SessionNotFound(channelId);
  }
  return {
    channel_id: channelId,
    window_id: session.window_id,
    provider: session.provider,
    cwd: session.cwd,
    session_id: sessionIdOf(ctx, session.window_id),
    approval_mode: session.mode,
    batch_mode: session.verbose ? 'verbose' : 'batched',
    display_name: session.display_name,
    ...statusFields(ctx, session.window_id),
    ...(session.warnings?.length ? { warnings: session.warnings } : {}),
  };
}

export async function closeSession(ctx: GatewayContext, channelId: string): Promise<SessionClosed> {
  const session = requireSession(ctx, channelId);
  const killed = await ctx.tmux.killWindow(session.window_id);
  ctx.store.removeWindow(session.window_id);
  ctx.bus.publish('window.change', {
    window_id: session.window_id, change_type: 'removed', provider: session.provider, cwd: session.cwd, display_name: session.display_name,
  });
  return { channel_id: channelId, killed_windows: killed ? 1 : 0 };
}

/**
 * Types text into the channel's window; an assistant still starting is waited for (input-wait.ts),
 * and a line it left in its input box gets Enter again (submit-check.ts).
 */
export function sendInput(ctx: GatewayContext, channelId: string, input: InputBody): Promise<void> {
  return onWindow(ctx, channelId, async (id) => {
    await untilAcceptsInput(ctx, id);
    ctx.statuses.noteInput(id);
    await ctx.tmux.sendText(id, input.text, { ...input, enterDelayMs: ctx.config.enter_delay_ms });
    if (needsSubmitCheck(ctx.store.window(id)?.provider, input.text, input.enter, input.raw)) {
      ctx.background.run(`submit check of ${id}`, (signal) => pressEnterIfStuck(ctx, id, input.text, signal), `submit:${id}`);
    }
  });
}

export function sendKey(ctx: GatewayContext, channelId: string, key: string): Promise<void> {
  return onWindow(ctx, channelId, (id) => {
    ctx.statuses.noteInput(id);
    return ctx.tmux.sendKey(id, key);
  });
}

export async function capturePane(ctx: GatewayContext, channelId: string): Promise<PaneContent> {
  const content = await onWindow(ctx, channelId, (id) => ctx.tmux.capturePane(id));
  return { channel_id: channelId, content };
}

export async function screenshot(gateway: Gateway, channelId: string): Promise<Uint8Array> {
  const { ctx } = gateway;
  const png = await onWindow(ctx, channelId, async (id) => {
    if (!(await ctx.tmux.findWindow(id))) throw new WindowNotFound(id);
    return gateway.screenshot ? gateway.screenshot(id, ctx) : null;
  });
  if (!png) throw new ScreenshotUnavailable(channelId);
  return png;
}

export function setVerbose(ctx: GatewayContext, channelId: string, enabled: boolean) {
  requireSession(ctx, channelId);
  ctx.store.setVerbose(channelId, enabled);
  return { channel_id: channelId, verbose: enabled };
}
