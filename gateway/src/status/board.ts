import type { WindowStatus } from './model';

export interface BoardEntry {
  status: WindowStatus;
  changedAtMs: number;
  /** The dialog on screen (by its question): when it was first seen and where its marker was then. */
  dialog?: { question: string; sinceMs: number; firstSelected: number | null };
}

/**
 * The last status of every window, with when it last changed: what REST answers and what input
 * waits on while an assistant is starting. The status poller (live/status-service.ts) writes it;
 * without one (the core gateway alone) nothing is tracked and nobody waits.
 */
export class StatusBoard {
  private readonly entries = new Map<string, BoardEntry>();
  private readonly inputs = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  /** A status poller runs and writes here. */
  tracking = false;

  get(windowId: string): BoardEntry | undefined {
    return this.entries.get(windowId);
  }

  set(windowId: string, status: WindowStatus, atMs: number): void {
    const prompt = status.prompt_state;
    const before = this.entries.get(windowId)?.dialog;
    const dialog = !prompt ? undefined
      : before?.question === prompt.question ? before
      : { question: prompt.question, sinceMs: atMs, firstSelected: prompt.selected };
    this.entries.set(windowId, { status, changedAtMs: atMs, ...(dialog ? { dialog } : {}) });
    for (const listener of [...this.listeners]) listener();
  }

  /** Text or a key was sent to the window (a prompt on screen then was answered). */
  noteInput(windowId: string, atMs = Date.now()): void {
    this.inputs.set(windowId, atMs);
  }

  lastInput(windowId: string): number | undefined {
    return this.inputs.get(windowId);
  }

  forget(windowId: string): void {
    this.inputs.delete(windowId);
    if (!this.entries.delete(windowId)) return;
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Resolves with the window's entry once `done(entry)` holds (checked now and on every change),
   * or with the last entry (maybe undefined) when `timeoutMs` runs out.
   */
  until(windowId: string, done: (entry: BoardEntry | undefined) => boolean, timeoutMs: number): Promise<{ entry: BoardEntry | undefined; timedOut: boolean }> {
    if (done(this.entries.get(windowId))) return Promise.resolve({ entry: this.entries.get(windowId), timedOut: false });
    return new Promise((resolve) => {
      const finish = (timedOut: boolean) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve({ entry: this.entries.get(windowId), timedOut });
      };
      const check = () => { if (done(this.entries.get(windowId))) finish(false); };
      const timer = setTimeout(() => finish(true), timeoutMs);
      this.listeners.add(check);
    });
  }
}
