/**
 * What spectators see (mahjong/README.md, "Rooms"): the table as it was `delayMs` ago, never a
 * concealed hand. Each step's spectator view is kept with the time the step was played; a view is
 * due `delayMs` after that time.
 */
export interface Delayed<T> {
  at: number;
  value: T;
}

export class DelayLine<T> {
  private items: Delayed<T>[] = [];

  constructor(private readonly delayMs: number) {}

  /** A new step's view; views no spectator can be shown any more (older than the delay, but for the latest of them) go. */
  push(at: number, value: T): void {
    this.items.push({ at, value });
    this.current(at);
  }

  /** The latest value due at `now` (or the first one, which a table always shows), dropping older ones. */
  current(now: number): T | null {
    const cut = now - this.delayMs;
    let keep = 0;
    for (let i = 1; i < this.items.length; i++) if (this.items[i]!.at <= cut) keep = i;
    if (keep) this.items = this.items.slice(keep);
    return this.items[0]?.value ?? null;
  }

  /** Values of the steps after the current one, with when each is due. */
  upcoming(now: number): Delayed<T>[] {
    this.current(now);
    return this.items.slice(1).map((d) => ({ at: d.at + this.delayMs, value: d.value }));
  }
}
