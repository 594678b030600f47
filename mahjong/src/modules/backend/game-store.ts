import { AppError } from '@devhub/shared';
import { Value } from '@sinclair/typebox/value';
import { type GameQuery, type GameStore, type GameSummary, SessionRecord, type StoredGame } from './types';

/**
 * Finished games a store keeps (`serve --max-saved-games`, README "Saved games"): saving one
 * more removes the oldest, so a server anyone can reach cannot be made to fill its disk.
 */
export const DEFAULT_MAX_SAVED_GAMES = 5_000;

/** The game store cannot be used now (a damaged or locked database, Redis down): 503 naming why. */
export class StoreUnavailable extends AppError {
  constructor(message: string) {
    super('STORE_UNAVAILABLE', 503, message);
  }
}

/** `serve --no-store`: nothing is kept. */
export class StoreDisabled extends AppError {
  constructor() {
    super('STORE_DISABLED', 503, 'this server keeps no finished games (started with --no-store)');
  }
}

export class GameNotFound extends AppError {
  constructor(id: string) {
    super('GAME_NOT_FOUND', 404, `no stored game ${JSON.stringify(id)}`);
  }
}

/** `--no-store`: saves nothing, and the history says so. */
export class OffGameStore implements GameStore {
  readonly kind = 'off' as const;
  readonly location = '(off)';
  async save(): Promise<void> {}
  async list(): Promise<{ games: GameSummary[]; total: number }> { throw new StoreDisabled(); }
  async get(): Promise<StoredGame | null> { throw new StoreDisabled(); }
  async close(): Promise<void> {}
}

/** Hex SHA-256 of a session token: what a stored game keeps to know its owner. */
export function tokenHash(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex');
}

/**
 * A session record as read back, or null when it is not one (damaged, or written by something
 * else): the caller skips it. One written before tokens were hashed holds the token itself.
 */
export function sessionRecordOf(json: string): SessionRecord | null {
  let raw: unknown;
  try { raw = JSON.parse(json); } catch { return null; }
  if (raw && typeof raw === 'object' && typeof (raw as { token?: unknown }).token === 'string') {
    const { token, ...rest } = raw as { token: string; tokenHash?: string };
    raw = { ...rest, tokenHash: rest.tokenHash ?? tokenHash(token) };
  }
  return Value.Check(SessionRecord, raw) ? raw : null;
}

/** Place (1–4) of each seat from the final scores; equal scores go to the earlier seat (Tenhou's rule). */
export function placementsOf(scores: number[]): number[] {
  const order = [0, 1, 2, 3].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const places = [0, 0, 0, 0];
  order.forEach((seat, i) => { places[seat] = i + 1; });
  return places;
}

export const summaryOf = ({ mjlog: _log, tokenHash: _hash, ...summary }: StoredGame): GameSummary => summary;

/** Shortest id prefix `get` accepts (the CLI's `games show 3f2a`). */
export const MIN_PREFIX = 4;

/** Default and largest page of the history list. */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 500;

export const normaliseQuery = (q: Partial<GameQuery>): GameQuery => ({
  owners: q.owners ?? 'all',
  limit: Math.min(Math.max(1, q.limit ?? DEFAULT_PAGE), MAX_PAGE),
  offset: Math.max(0, q.offset ?? 0),
});
