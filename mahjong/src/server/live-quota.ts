import { DEFAULT_MAX_CLIENTS } from './client-buckets';

/** Whether a game or room is still held by the server (it counts against --max-sessions until it is deleted or expires). */
export type LiveCheck = (id: string) => Promise<boolean>;

interface Held { ids: { id: string; live: LiveCheck }[]; pending: number }

/**
 * How many games and rooms one client holds at once (`serve --max-per-client`, README "Security
 * model"), so that no single address can take every one of `--max-sessions`. Kept by this
 * process for the things it started; ids are checked against the store only when a client is at
 * its limit. Past `maxClients` the least recently seen client is forgotten, which can only give
 * it room again, never take any from anybody.
 */
export class LiveQuota {
  private readonly clients = new Map<string, Held>();

  constructor(readonly max: number, readonly maxClients = DEFAULT_MAX_CLIENTS) {}

  get size(): number { return this.clients.size; }

  private held(key: string): Held {
    const held = this.clients.get(key) ?? { ids: [], pending: 0 };
    this.clients.delete(key);
    this.clients.set(key, held);
    for (const first of this.clients.keys()) {
      if (this.clients.size <= this.maxClients) break;
      this.clients.delete(first);
    }
    return held;
  }

  /** Reserves a place for one more of `key`'s games or rooms; false when it holds `max` already. */
  async reserve(key: string): Promise<boolean> {
    const held = this.held(key);
    if (held.ids.length + held.pending >= this.max) {
      const gone = new Set<string>();
      await Promise.all(held.ids.map(async ({ id, live }) => { if (!(await live(id).catch(() => true))) gone.add(id); }));
      held.ids = held.ids.filter((e) => !gone.has(e.id));
    }
    if (held.ids.length + held.pending >= this.max) return false;
    held.pending++;
    return true;
  }

  /** The reserved place became `id` (absent: the request failed and the place is free again). */
  settle(key: string, id?: string, live?: LiveCheck): void {
    const held = this.clients.get(key);
    if (!held) return;
    held.pending = Math.max(0, held.pending - 1);
    if (id && live) held.ids.push({ id, live });
    if (!held.ids.length && !held.pending) this.clients.delete(key);
  }
}
