import type { WindowRecord } from '../state/model';
import type { GatewayContext } from './types';

/**
 * Forgets a window that no longer exists — killed from outside, its tmux server gone, or found
 * missing (or its `@N` reused by another pane) when the gateway starts — and tells everyone once:
 * `agent.status dead` to the channels that were bound to it, then `window.change died` and
 * `removed`. Whoever notices first (status poll, a REST/WebSocket call, a new window that got the
 * same id, the start-up reconcile) calls this; the record is gone afterwards, so a second caller
 * returns false and publishes nothing.
 */
export function windowGone(ctx: GatewayContext, windowId: string, options: { label?: string; record?: WindowRecord } = {}): boolean {
  const record = ctx.store.window(windowId);
  if (!record) return false;
  // The caller saw this record's window missing; a record put under the id since is another window.
  if (options.record && options.record.created_at !== record.created_at) return false;
  const label = options.label ?? 'Dead';
  const channels = ctx.store.channelsForWindow(windowId);
  const session = ctx.sessions.sessionId(ctx.tmux.windowKey(windowId));
  const change = { window_id: windowId, provider: record.provider, cwd: record.cwd, display_name: record.display_name };
  ctx.store.removeWindow(windowId, { session_id: session, provider: record.provider, display_label: label });
  ctx.bus.publish('agent.status', {
    window_id: windowId, session_id: session, channel_ids: channels, provider: record.provider,
    status: 'dead', display_label: label, interactive: false, prompt_state: null,
  });
  ctx.bus.publish('window.change', { ...change, change_type: 'died' });
  ctx.bus.publish('window.change', { ...change, change_type: 'removed' });
  return true;
}
