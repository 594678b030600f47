import type { GatewayContext } from '../runtime/types';
import { windowGone } from '../runtime/window-gone';
import type { WindowInfo } from '../tmux';
import type { WindowRecord } from '../state/model';
import { classify, isShell, READY_GRACE_MS, sameStatus, STARTING } from '../status/classify';
import type { WindowStatus } from '../status/model';
import { hasInputPrompt } from '../status/input-prompt';
import { type PaneReading, readPane } from '../status/pane';
import { AutoClose } from './autoclose';
import { foregroundJob } from './foreground';
import type { LastHook } from './hook-tailer';

/** How long an input prompt must stay on screen, with no dialog drawn over it, before input is sent. */
export const INPUT_SETTLE_MS = 1_000;

interface LiveWindow { id: string; dead: boolean; command: string; activity: number; foregroundJob: boolean }

interface Tracked {
  /** The record this tracking belongs to: a new window that got a reused `@N` starts afresh. */
  createdAt: string;
  status?: WindowStatus;
  agentSeen: boolean;
  /** The assistant has drawn its input prompt, a dialog or a busy line (it stays started). */
  started: boolean;
  /** Since when its input prompt has been on screen with no dialog, while not started yet. */
  inputSince?: number;
  pane: PaneReading | null;
  capturedAt: number;
  /** The last poll classified the window done, not yet reported (see `update`). */
  doneHeld?: boolean;
}

export interface StatusInputs {
  lastActivity(windowId: string): number | undefined;
  lastHook(windowId: string): LastHook | undefined;
  /** Asks for another poll soon, before the next scheduled one. */
  recheckSoon?(): void;
}

/**
 * Polls every window: reads its pane (only when tmux saw activity since the last read, so idle
 * windows cost one `list-windows` between them), classifies it, publishes `agent.status` on change,
 * forgets a window that is gone (`windowGone`: dead, died, removed), reports one whose pane died as
 * dead and died, and closes done/dead windows when their autoclose runs out.
 */
export class StatusService {
  private readonly tracked = new Map<string, Tracked>();
  private readonly autoclose: AutoClose;
  private readonly startedMs = Date.now();

  constructor(private readonly ctx: GatewayContext, private readonly inputs: StatusInputs) {
    this.autoclose = new AutoClose(ctx.config.autoclose_done_minutes, ctx.config.autoclose_dead_minutes);
    ctx.statuses.tracking = true;
  }

  status(windowId: string): WindowStatus | undefined {
    return this.tracked.get(windowId)?.status;
  }

  async tick(nowMs = Date.now()): Promise<void> {
    const { ctx } = this;
    // Records first: a window whose record existed before the listing and is not in it is gone (a
    // session created meanwhile has its record only after its window exists).
    const records = ctx.store.windows();
    const live = await this.listLive();
    if (live === null) return;
    for (const id of this.tracked.keys()) if (!records[id]) this.forget(id);
    for (const [id, record] of Object.entries(records)) {
      await this.update(id, record, live.get(id), nowMs);
    }
  }

  private async update(id: string, record: WindowRecord, win: LiveWindow | undefined, nowMs: number): Promise<void> {
    const { ctx } = this;
    if (!win) {
      this.forget(id);
      windowGone(ctx, id, { record });
      return;
    }
    let t = this.tracked.get(id);
    if (!t || t.createdAt !== record.created_at) {
      t = { createdAt: record.created_at, agentSeen: false, started: false, pane: null, capturedAt: 0 };
      this.tracked.set(id, t);
      this.autoclose.forget(id);
      ctx.statuses.forget(id);
    }
    // Seen running now, or before (state.json keeps that across a gateway restart), or known from
    // its SessionStart hook.
    const running = !isShell(win.command) || win.foregroundJob;
    if (record.provider !== 'shell') {
      if (running) ctx.store.markAssistantSeen(id);
      if (running || record.assistant_seen_at || ctx.sessions.get(ctx.tmux.windowKey(id))) t.agentSeen = true;
    }
    // Read while it starts or shows a busy line or a prompt (tmux's activity time has a resolution of
    // one second: a spinner once read must be seen to go), and whenever tmux saw output since the
    // last read.
    const starting = running && !t.started;
    const unsettled = starting || Boolean(t.pane?.busy) || Boolean(t.pane?.prompt);
    if (!win.dead && record.provider !== 'shell' && (unsettled || win.activity * 1000 >= t.capturedAt - 1000)) {
      try {
        const content = await ctx.tmux.capturePane(id);
        t.pane = readPane(content);
        t.capturedAt = nowMs;
        if (starting) this.noteStart(t, content, nowMs, record);
      } catch {
        // The window vanished between list-windows and capture: the next tick sees it gone.
      }
    }
    const next = classify({
      provider: record.provider,
      exists: true,
      paneDead: win.dead,
      command: win.command,
      foregroundJob: win.foregroundJob,
      agentSeen: t.agentSeen,
      started: t.started,
      pane: t.pane,
      lastOutputMs: this.inputs.lastActivity(id),
      lastHook: this.inputs.lastHook(id),
      lastInputMs: ctx.statuses.lastInput(id),
      nowMs,
      createdMs: Date.parse(record.created_at) || undefined,
    });
    // A session created while this gateway runs is reported `starting` first, as REST shows it
    // before the first look, even when that look already finds a dialog or the input prompt: a
    // client subscribed before the session sees every session begin the same way.
    if (t.status === undefined && next.status !== 'starting' && record.provider !== 'shell' && (Date.parse(record.created_at) || 0) >= this.startedMs) {
      this.report(id, record, t, STARTING, Date.parse(record.created_at));
    }
    const previous = t.status;
    // The shell prints why the assistant ended ("Segmentation fault", "Killed") only after it has
    // the terminal back, so the first poll that sees the shell may not see the reason yet: a window
    // that turns done is reported from the next poll (asked for soon), with the reason, never as a bare "Done" first.
    if (next.status === 'done' && previous?.status !== 'done' && !t.doneHeld) {
      t.doneHeld = true;
      t.capturedAt = 0;
      this.inputs.recheckSoon?.();
      return;
    }
    t.doneHeld = false;
    if (!sameStatus(previous, next)) {
      this.report(id, record, t, next, nowMs);
      if (next.status === 'dead' && previous?.status !== 'dead') {
        ctx.bus.publish('window.change', { window_id: id, change_type: 'died', provider: record.provider, cwd: record.cwd, display_name: record.display_name });
      }
    }
    if (this.autoclose.update(id, next.status, nowMs)) await this.close(id, record, next.status);
  }

  private report(id: string, record: WindowRecord, t: Tracked, status: WindowStatus, atMs: number): void {
    const { ctx } = this;
    t.status = status;
    ctx.statuses.set(id, status, atMs);
    ctx.bus.publish('agent.status', {
      window_id: id, session_id: ctx.sessions.sessionId(ctx.tmux.windowKey(id)), channel_ids: ctx.store.channelsForWindow(id), provider: record.provider, ...status,
    });
  }

  private async close(id: string, record: WindowRecord, status: string): Promise<void> {
    const { ctx } = this;
    ctx.log.info(`autoclose: ${id} (${record.display_name}) was ${status} for the configured time`);
    await ctx.tmux.killWindow(id);
    ctx.store.removeWindow(id);
    this.forget(id);
    ctx.bus.publish('window.change', { window_id: id, change_type: 'removed', provider: record.provider, cwd: record.cwd, display_name: record.display_name });
  }

  /**
   * A dialog or a busy line means the assistant runs its UI. Its input prompt counts once it has
   * stayed INPUT_SETTLE_MS with no dialog: Gemini CLI draws its input box, then its trust dialog
   * over it, and text typed in between would answer the dialog.
   */
  private noteStart(t: Tracked, content: string, nowMs: number, record: WindowRecord): void {
    if (t.pane?.prompt || t.pane?.busy) { t.started = true; return; }
    if (!hasInputPrompt(content)) { t.inputSince = undefined; return; }
    // An assistant that ran before this gateway started (a restart), or long ago, has settled.
    const seenMs = record.assistant_seen_at ? Date.parse(record.assistant_seen_at) : Number.NaN;
    if (seenMs < this.startedMs || nowMs - (Date.parse(record.created_at) || 0) >= READY_GRACE_MS) { t.started = true; return; }
    t.inputSince ??= nowMs;
    t.started = nowMs - t.inputSince >= INPUT_SETTLE_MS;
  }

  private forget(id: string): void {
    this.tracked.delete(id);
    this.autoclose.forget(id);
    this.ctx.statuses.forget(id);
  }

  /** One `list-windows` for the whole session; null when tmux could not be asked this time. */
  private async listLive(): Promise<Map<string, LiveWindow> | null> {
    let windows: WindowInfo[];
    try {
      windows = await this.ctx.tmux.listWindows();
    } catch (error) {
      this.ctx.log.warn((error as Error).message);
      return null;
    }
    const out = new Map<string, LiveWindow>();
    for (const w of windows) {
      const foreground = w.pane_dead ? false : (foregroundJob(w.pane_pid) ?? false);
      out.set(w.window_id, { id: w.window_id, dead: w.pane_dead, command: w.pane_current_command, activity: w.window_activity, foregroundJob: foreground });
    }
    return out;
  }
}
