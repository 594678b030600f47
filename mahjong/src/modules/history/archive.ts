import type { ConsolaInstance } from 'consola';
import type { Paipu } from '../../engine/paipu/types';
import { placementsOf } from '../backend/game-store';
import type { GameStore, StoredGame } from '../backend/types';
import type { GameSession } from '../game/session';

/** Games waiting for a store that failed (locked, down) are kept in memory up to this many. */
const MAX_PENDING = 500;
const RETRY_MS = 5_000;

/** The stored form of a finished session. */
export function storedGameOf(session: GameSession, finishedAt = new Date()): StoredGame {
  const paipu = session.paipu() as Paipu;
  const scores = paipu.owari?.scores ?? [0, 0, 0, 0];
  const r = session.record;
  return {
    id: r.id, createdAt: r.createdAt, finishedAt: finishedAt.toISOString(), mode: r.mode, maxRound: r.maxRound, seed: r.gameSeed,
    seeded: !r.wallSecret,
    ais: r.aiModels.map((m, seat) => (r.mode === 'human_ai' && seat === 0 ? null : m ?? 'random')),
    scores, points: paipu.owari?.points ?? [0, 0, 0, 0], placements: placementsOf(scores), hands: paipu.rounds.length,
    tokenHash: r.tokenHash, mjlog: session.mjlog(),
  };
}

/**
 * Saves every game this server finishes. A save that fails (a locked database, Redis away) is
 * logged with the store's message and tried again every few seconds; the game itself is never
 * affected.
 */
export class GameArchive {
  private pending: StoredGame[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(readonly store: GameStore, private readonly log: ConsolaInstance) {}

  add(session: GameSession, finishedAt?: Date): void {
    if (this.store.kind === 'off' || this.has(session.id)) return;
    let game: StoredGame;
    try {
      game = storedGameOf(session, finishedAt);
    } catch (err) {
      this.log.error(`game ${session.id} could not be prepared for storing`, err);
      return;
    }
    this.pending.push(game);
    if (this.pending.length > MAX_PENDING) {
      const lost = this.pending.shift()!;
      this.log.error(`game ${lost.id} dropped: ${MAX_PENDING} games are waiting for the game store (${this.store.location})`);
    }
    void this.flush();
  }

  /** The game is waiting here to be stored (or being stored now). */
  has(id: string): boolean {
    return this.pending.some((g) => g.id === id);
  }

  /** Games not stored yet. */
  get waiting(): number {
    return this.pending.length;
  }

  /** Tries to store every waiting game now; resolves when the attempt is over. */
  flush(): Promise<void> {
    this.saving = this.saving.then(() => this.saveAll());
    return this.saving;
  }

  private async saveAll(): Promise<void> {
    while (this.pending.length) {
      const game = this.pending[0]!;
      try {
        await this.store.save(game);
        this.pending.shift();
      } catch (err) {
        this.log.error(`game ${game.id} not stored yet (${this.pending.length} waiting; retry in ${RETRY_MS / 1000} s): ${(err as Error).message ?? String(err)}`);
        this.timer ??= setTimeout(() => { this.timer = undefined; void this.flush(); }, RETRY_MS);
        (this.timer as { unref?: () => void }).unref?.();
        return;
      }
    }
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
