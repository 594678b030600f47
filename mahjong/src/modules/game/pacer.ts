/**
 * The pace of a 4ai game: the wait between two AI actions. A new speed (or the end of the
 * session) cuts the current wait short, so "fast" takes effect at once rather than after the
 * slow wait that was already running.
 */
export class Pacer {
  private wake: (() => void) | null = null;

  constructor(private ms: number) {}

  get delayMs(): number {
    return this.ms;
  }

  set delayMs(ms: number) {
    this.ms = ms;
    this.interrupt();
  }

  /** Waits `factor` × the delay. Zero still yields to the event loop, so HTTP and other sessions keep being served. */
  wait(factor = 1): Promise<void> {
    const ms = this.ms * factor;
    return new Promise((resolve) => {
      if (ms <= 0) { setImmediate(resolve); return; }
      const timer = setTimeout(() => { this.wake = null; resolve(); }, ms);
      this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
    });
  }

  interrupt(): void {
    this.wake?.();
  }
}
