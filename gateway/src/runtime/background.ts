import type { Logger } from '@devhub/shared';

/**
 * Work a request starts and does not wait for (the check that a typed line went in): each task
 * gets the gateway's abort signal, and stopping the gateway aborts and awaits them all, so none
 * acts on a window after the server is gone.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly log: Logger) {}

  run(what: string, work: (signal: AbortSignal) => Promise<unknown>): void {
    if (this.abort.signal.aborted) return;
    const task: Promise<void> = work(this.abort.signal)
      .then(() => undefined, (error) => this.log.warn(`${what}: ${(error as Error).message}`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Aborts every task and waits until they have all ended. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }
}
