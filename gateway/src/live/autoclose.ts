import type { AgentStatus } from '../events';

/**
 * Autoclose timers (ccgram's `check_autoclose_timers`): a window that enters done or dead starts
 * a timer; any other status cancels it; 0 minutes disables that kind.
 */
export class AutoClose {
  private readonly since = new Map<string, { status: AgentStatus; atMs: number }>();

  constructor(private readonly doneMinutes: number, private readonly deadMinutes: number) {}

  /** Records the window's status now; returns true when its timer has run out. */
  update(windowId: string, status: AgentStatus, nowMs: number): boolean {
    const minutes = status === 'done' ? this.doneMinutes : status === 'dead' ? this.deadMinutes : 0;
    if (minutes <= 0) {
      this.since.delete(windowId);
      return false;
    }
    const entry = this.since.get(windowId);
    if (!entry || entry.status !== status) {
      this.since.set(windowId, { status, atMs: nowMs });
      return false;
    }
    return nowMs - entry.atMs >= minutes * 60_000;
  }

  forget(windowId: string): void {
    this.since.delete(windowId);
  }
}
