/**
 * A room as stored (memory, or Redis for several servers) and its game's step log. As for game
 * sessions (modules/backend/types.ts), the game moves between servers as its step log: the
 * engine is deterministic for a seed, so any server rebuilds the table by replaying the steps.
 */
import { type Static, Type as t } from '@sinclair/typebox';
import type { ClockConfig } from '../../rooms/clock';
import type { RatingChange, Rating } from '../../rooms/rating';
import type { SeatList } from '../../rooms/seats';

export type RoomStatus = 'open' | 'playing' | 'over';

export interface RoomRecord {
  id: string;
  createdAt: number;
  /** The seat of the room's creator: only its token starts the game. */
  ownerSeat: number;
  maxRound: number;
  /** The AI that fills each seat left empty at the start. */
  bots: string[];
  clock: ClockConfig;
  spectatorDelayMs: number;
  seats: SeatList;
  status: RoomStatus;
  /** Set at the start. */
  gameSeed: number | null;
  /** A seed was asked for: a practice game, never rated. */
  seeded: boolean;
  /**
   * An unseeded game's 256-bit wall secret (set at the start; engine/table/secure-wall.ts): the
   * walls come from it, not from `gameSeed`, which then only seeds the bots. Kept server-side (the
   * room store); players see its commitment, and the secret once the game is over.
   */
  wallSecret?: string | null;
  startedAt: number | null;
}

/** One entry of a room game's step log. `t`: when it was played (ms); `bank`: the acting human's time bank after it. */
export type RoomStep =
  | { k: 'a'; p: number; a: number; tile?: number; by: 'human' | 'ai' | 'auto' | 'timeout'; t: number; bank?: number }
  | { k: 'd'; t: number };

/** A finished room game as the history shows it. */
export interface RoomResult {
  id: string;
  finishedAt: number;
  maxRound: number;
  seeded: boolean;
  names: (string | null)[];
  bots: (string | null)[];
  scores: number[];
  points: number[];
  placements: number[];
  hands: number;
  rated: boolean;
  ratings: RatingChange[];
  /** The whole game as Tenhou XML. */
  mjlog: string;
}

export type RoomResultSummary = Omit<RoomResult, 'mjlog'>;

/** How long a seat's last request keeps it connected without an open stream. */
export const SEEN_MS = 10_000;

export const RoomNotice = t.Union([t.Literal('step'), t.Literal('room'), t.Literal('conn'), t.Literal('deleted')]);
export type RoomNotice = Static<typeof RoomNotice>;

/** Rooms, their step logs, connections, and the ratings and results of finished room games. */
export interface RoomStore {
  readonly kind: 'memory' | 'redis';
  readonly maxRooms: number;
  create(record: RoomRecord): Promise<void>;
  get(id: string): Promise<RoomRecord | null>;
  /** Changes the record under the room's lock; `fn` may throw to refuse. */
  update(id: string, fn: (r: RoomRecord) => RoomRecord): Promise<RoomRecord>;
  steps(id: string, from: number): Promise<RoomStep[]>;
  /** Appends at index `at` (the log's length); throws if the log moved on. */
  append(id: string, at: number, steps: RoomStep[]): Promise<void>;
  lock<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /** The right to drive the room's game (bots, deals, timers): one server at a time; true while held. */
  lease(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  /** This server's open streams per seat (4 counts); connected() sums every server's. */
  setConnections(id: string, counts: number[]): Promise<void>;
  connected(id: string): Promise<boolean[]>;
  /** A seat's request (an action, a state read) counts as connected for SEEN_MS, for clients that do not hold a stream. */
  seen(id: string, seat: number): Promise<void>;
  /** Tells every server (this one too) that something changed in a room. */
  notify(id: string, what: RoomNotice): Promise<void>;
  onNotice(handler: (id: string, what: RoomNotice) => void): void;
  touch(id: string): Promise<void>;
  /** Rooms idle since before `cutoff` (ms) are removed; returns their ids. */
  expire(cutoff: number): Promise<string[]>;
  ratings(names: string[]): Promise<Map<string, Rating>>;
  topRatings(limit: number): Promise<Rating[]>;
  /**
   * Saves a finished game once, with the rating changes `rate` computes from the players' ratings
   * at that moment (read and written atomically); null if the game was saved before.
   */
  saveResult(result: Omit<RoomResult, 'ratings'>, rate: (current: Map<string, Rating>) => RatingChange[]): Promise<RoomResult | null>;
  results(limit: number, offset: number): Promise<{ results: RoomResultSummary[]; total: number }>;
  result(id: string): Promise<RoomResult | null>;
  close(): Promise<void>;
}
