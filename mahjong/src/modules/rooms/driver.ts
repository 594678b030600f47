import type { ConsolaInstance } from 'consola';
import type { RoomTable } from './table';
import type { RoomStore } from './types';

export interface DriverTiming {
  /** A bot's move (and a disconnected player's automatic one) comes this long after the previous step. */
  botDelayMs: number;
  /** A finished hand stays on the table this long before the next deal. */
  handPauseMs: number;
}

/** The longest the driver sleeps: it renews its lease (3 s in Redis) and re-reads who is connected this often. */
const TICK_MS = 1_000;
/** A server drives a room this long after serving a request for it, streams or not (API-only players). */
export const DRIVE_AFTER_REQUEST_MS = 30_000;

/**
 * Moves a room's game on where no human has to: deals, bots, players who are away or out of time.
 * One server drives a room at a time (the store's lease; with one server it always has it); it
 * drives while it has streams of the room, and a server whose players remain takes over when the
 * driver stops or dies (the lease lapses within 3 s).
 */
export class RoomDriver {
  private stopped = false;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly table: RoomTable,
    private readonly store: RoomStore,
    private readonly timing: DriverTiming,
    private readonly log: ConsolaInstance,
    private readonly onEnd: () => void,
  ) {}

  start(): void {
    void this.loop()
      .catch((err) => this.log.error(`room ${this.table.id}: the driver stopped`, err))
      .finally(() => {
        void this.store.release(this.table.id).catch(() => undefined);
        this.onEnd();
      });
  }

  /** Something changed (a step, a connection): look again now. */
  wake(): void {
    this.wakeUp?.();
  }

  stop(): void {
    this.stopped = true;
    this.wake();
  }

  private async loop(): Promise<void> {
    const t = this.table;
    while (!this.stopped && !t.isOver && (t.watchers > 0 || Date.now() - t.lastRequest < DRIVE_AFTER_REQUEST_MS)) {
      if (!(await this.store.lease(t.id).catch(() => false))) {
        await this.sleep(TICK_MS);
        continue;
      }
      const connected = await this.store.connected(t.id);
      // A seat's last request aged out (no stream, no request for a while): everyone's seat list must say so.
      if (connected.some((c, i) => c !== t.connected[i])) await this.store.notify(t.id, 'conn').catch(() => undefined);
      t.connected = connected;
      const wait = await t.tick(this.timing);
      if (wait > 0) await this.sleep(Math.min(wait, TICK_MS));
      else await new Promise((r) => setImmediate(r));
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.wakeUp = null; resolve(); }, ms);
      this.wakeUp = () => { clearTimeout(timer); this.wakeUp = null; resolve(); };
    });
  }
}
