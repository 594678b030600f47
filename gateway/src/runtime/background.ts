import type { Logger } from '@devhub/shared';

/**
 * Work a request starts and does not wait for (the check that a typed line went in): each task
 * gets an abort signal, and stopping the gateway aborts and awaits them all, so none acts on a
 * window after the server is gone. A task started under a key replaces the one running under the
 * same key (that one is aborted): a client typing fast into one window keeps one check, not hundreds.
 */
export class BackgroundWork {
  private readonly running = new Map<Promise<void>, AbortController>();
  private readonly byKey = new Map<string, AbortController>();
  private stopped = false;

  constructor(private readonly log: Logger) {}

  run(what: string, work: (signal: AbortSignal) => Promise<unknown>, key?: string): void {
    if (this.stopped) return;
    const abort = new AbortController();
    if (key !== undefined) {
      this.byKey.get(key)?.abort();
      this.byKey.set(key, abort);
    }
    const task: Promise<void> = work(abort.signal)
      .then(() => undefined, (error) => this.log.warn(`${what}: ${(error as Error).message}`))
      .finally(() => {
        this.running.delete(task);
        if (key !== undefined && this.byKey.get(key) === abort) this.byKey.delete(key);
      });
    this.running.set(task, abort);
  }

  /** How many tasks are running. */
  get size(): number { return this.running.size; }

  /** Aborts every task and waits until they have all ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const abort of this.running.values()) abort.abort();
    await Promise.allSettled([...this.running.keys()]);
  }
}
