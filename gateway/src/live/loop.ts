import type { Logger } from '@devhub/shared';

/**
 * Runs `tick` every `intervalMs`, never overlapping itself: the next run is scheduled when the
 * previous one finished. A failing tick is logged and the loop goes on.
 */
export class PollLoop {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private nudgeTimer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(private readonly name: string, private readonly intervalMs: number, private readonly tick: () => Promise<void> | void, private readonly log?: Logger) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs one tick now (tests and the first poll after start). */
  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        await this.tick();
      } catch (error) {
        this.log?.warn(`${this.name}: ${(error as Error).message}`);
      }
    })();
    try { await this.running; } finally { this.running = null; }
  }

  /**
   * One extra run, `delayMs` from now, between the scheduled ones (something changed that the next
   * run should report without waiting a whole interval); several nudges before it runs make one.
   */
  nudge(delayMs = 0): void {
    if (this.stopped || this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = null;
      if (!this.stopped) void this.runOnce();
    }, delayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.nudgeTimer) clearTimeout(this.nudgeTimer);
    this.timer = null;
    this.nudgeTimer = null;
    await this.running;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(async () => {
      await this.runOnce();
      if (!this.stopped) this.schedule(this.intervalMs);
    }, delay);
  }
}
