import type { EventHub } from '../events/hub';
import type { Pacer } from './pacer';

/** What the 4ai runner needs from its session. */
export interface RunnerHost {
  readonly hub: EventHub;
  readonly pacer: Pacer;
  /** The session was deleted or the game is over. */
  finished(): boolean;
  /** One step (the next deal or one AI action) under the session's lock; false if none was played. */
  step(): Promise<boolean>;
  /** The wait after a step, in action delays (a finished hand stays in view longer). */
  pauseFactor(): number;
  /** The AIs failed too often to go on. */
  gaveUp(): boolean;
  /** A step threw (an engine bug): the game stops here. */
  crashed(err: unknown): void;
}

/**
 * 4ai: plays one step per delay while someone watches. With nobody subscribed it parks (and the
 * session may then expire) and resumes when a subscriber returns.
 */
export class FourAiRunner {
  private running = false;
  private parked = false;

  constructor(private readonly host: RunnerHost) {}

  /** Playing right now: running and not parked. */
  get busy(): boolean {
    return this.running && !this.parked;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.loop().catch((err) => this.host.crashed(err)).finally(() => { this.running = false; });
  }

  private async loop(): Promise<void> {
    const h = this.host;
    while (!h.finished()) {
      if (h.hub.size === 0) await this.waitForSubscriber();
      if (h.finished()) return;
      const ok = await h.step();
      if (!ok && h.gaveUp()) return;
      await h.pacer.wait(h.pauseFactor());
    }
  }

  private waitForSubscriber(): Promise<void> {
    this.parked = true;
    return new Promise((resolve) => {
      const off = this.host.hub.onChange(() => {
        if (this.host.hub.size > 0 || this.host.finished()) { off(); this.parked = false; resolve(); }
      });
    });
  }
}
