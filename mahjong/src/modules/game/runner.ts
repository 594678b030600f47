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
  /** Takes or renews the right to pace this game (one server paces a shared game); true while held. */
  lease(): Promise<boolean>;
  /** Gives that right up (nobody watches here, or the game ended). */
  release(): Promise<void>;
}

/** How often a server whose watchers follow a game paced elsewhere checks whether it may take over. */
export const LEASE_RETRY_MS = 500;
/** A held lease is renewed this often during long waits (it lapses after 2 s: see backend/redis.ts). */
const RENEW_MS = 600;

/**
 * 4ai: plays one step per delay while someone watches. With nobody subscribed it parks (and the
 * session may then expire) and resumes when a subscriber returns. With several servers, the one
 * holding the session's lease paces it; the others deliver its events to their own watchers and
 * take over when it lets go (or stops renewing).
 */
export class FourAiRunner {
  private running = false;
  private parked = false;
  private wake: (() => void) | null = null;

  constructor(private readonly host: RunnerHost) {}

  /** Playing right now: running and not parked. */
  get busy(): boolean {
    return this.running && !this.parked;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.loop()
      .catch((err) => this.host.crashed(err))
      .finally(() => { this.running = false; void this.host.release().catch(() => undefined); });
  }

  /** Something changed (a lease was freed, the session ended): stop waiting. */
  nudge(): void {
    this.wake?.();
  }

  private async loop(): Promise<void> {
    const h = this.host;
    while (!h.finished()) {
      if (h.hub.size === 0) {
        await h.release();
        await this.waitForSubscriber();
      }
      if (h.finished()) return;
      if (!(await h.lease())) {
        await this.sleep(LEASE_RETRY_MS);
        continue;
      }
      const ok = await h.step();
      if (!ok && h.gaveUp()) return;
      const renew = setInterval(() => void h.lease().catch(() => undefined), RENEW_MS);
      try {
        await h.pacer.wait(h.pauseFactor());
      } finally {
        clearInterval(renew);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.wake = null; resolve(); }, ms);
      this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
    });
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
