import type { GatewayContext } from './types';
import { windowGone } from './window-gone';

export interface ReconcileResult {
  dropped: string[];
  adopted: string[];
}

/**
 * Brings state.json in line with tmux on start: windows that are gone (or whose `@N` now names
 * another pane — a restarted tmux server reuses ids) are dropped with their bindings (see
 * `windowGone`); live windows of the session the state does not know are re-adopted from the
 * metadata stored on the window.
 */
export async function reconcile(ctx: GatewayContext): Promise<ReconcileResult> {
  const live = new Map((await ctx.tmux.listWindows()).map((w) => [w.window_id, w]));
  const dropped: string[] = [];
  const adopted: string[] = [];
  for (const [windowId, record] of Object.entries(ctx.store.windows())) {
    const window = live.get(windowId);
    if (!window || (record.pane_pid && window.pane_pid !== record.pane_pid)) {
      // Published before any client can connect, but the WebSocket hub keeps each channel's last
      // status: a client reconnecting to a dropped channel is told it is dead.
      windowGone(ctx, windowId, { label: 'Dead: the window was gone when the gateway started' });
      dropped.push(windowId);
    }
  }
  for (const channel of Object.keys(ctx.store.bindings())) {
    const session = ctx.store.session(channel);
    if (!session) ctx.store.unbind(channel);
  }
  const known = ctx.store.windows();
  for (const window of live.values()) {
    if (known[window.window_id]) continue;
    const now = new Date().toISOString();
    ctx.store.putWindow(window.window_id, {
      provider: window.provider || 'shell',
      mode: window.mode || 'normal',
      cwd: window.pane_current_path,
      display_name: window.window_name,
      pane_pid: window.pane_pid,
      created_at: now,
      // Its history is unknown: a bare shell in it means "not running", never "did not start".
      assistant_seen_at: now,
    });
    adopted.push(window.window_id);
  }
  if (dropped.length || adopted.length) {
    ctx.log.info(`reconciled state with tmux: dropped ${dropped.length} gone window(s), re-adopted ${adopted.length}`);
  }
  return { dropped, adopted };
}
