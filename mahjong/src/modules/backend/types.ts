/**
 * Where sessions, their event fan-out and finished games live, behind one interface with two
 * backends (mahjong/README.md, "Saved games" and "Running more than one server"):
 *
 * - memory (default): session records and step logs in this process, events to this process's
 *   subscribers, finished games in SQLite (`games.sqlite` under MAHJONG_DIR) or nowhere (`--no-store`);
 * - redis (`serve --redis URL`): the same in Redis, so several `mahjong serve` processes behind one
 *   address share every game.
 *
 * A game's state moves between processes as its **step log**: the session record (mode, seed,
 * AIs, token) plus every step (an action or the next deal) in order. The engine is deterministic
 * for a seed, so replaying the log rebuilds the exact table on any process; each process keeps a
 * replica and replays only the steps it has not seen, under the session's lock.
 */
import { type Static, Type as t } from '@sinclair/typebox';
import type { SseEvent } from '../events/hub';
import type { AutoSettings } from '../game/auto-play';

export const GameMode = t.Union([t.Literal('human_ai'), t.Literal('4ai')]);
export type GameMode = Static<typeof GameMode>;

const NullableString = t.Union([t.String(), t.Null()]);

/**
 * Everything needed to rebuild a session on any process, apart from its steps. A record read back
 * from a store is checked against this (game-store.ts `sessionRecordOf`): one damaged record must
 * not break the list of all the others.
 */
export const SessionRecord = t.Object({
  id: t.String(),
  mode: GameMode,
  /** As requested (`ai_model`), for GET /api/sessions. */
  aiModel: NullableString,
  /** The AI of each seat as resolved at creation; null for the human's seat. */
  aiModels: t.Array(NullableString, { minItems: 4, maxItems: 4 }),
  /** As requested (null = random) … */
  seed: t.Union([t.Integer(), t.Null()]),
  /** … and the seed of a seeded game's walls (an unseeded game's AIs only). */
  gameSeed: t.Integer(),
  /**
   * An unseeded game's wall secret (64 hex digits, engine/table/secure-wall.ts): every wall is
   * derived from it. Absent or null: a seeded practice game, walls from `gameSeed`.
   */
  wallSecret: t.Optional(NullableString),
  maxRound: t.Integer(),
  delayMs: t.Number(),
  createdAt: t.String(),
  /**
   * Hex SHA-256 of the session's secret token (see modules/game/access.ts): the token itself is
   * given to its holder once and never stored, so a copy of the store (sessions.sqlite, Redis)
   * cannot act as a player.
   */
  tokenHash: t.String(),
});
export type SessionRecord = Static<typeof SessionRecord>;

/** One entry of a session's step log: an action, or the deal of the next hand. */
export type Step =
  /** `tile`: the tile the action named (a bot's ankan/kakan of one kind among several). */
  | { kind: 'action'; player: number; action: number; tile?: number; by: 'ai' | 'human' | 'auto'; time: string }
  | { kind: 'deal'; time: string }
  /** The human seat's automatic play changed (modules/game/auto-play.ts). */
  | { kind: 'auto'; auto: AutoSettings; time: string };

/** What GET /api/sessions shows besides the record. */
export interface SessionActivity {
  record: SessionRecord;
  lastActive: number;
  handsFinished: number;
  isOver: boolean;
  /** Subscribers on every process. */
  subscribers: number;
}

/** Session records and step logs, with a lock per session. */
export interface SessionStore {
  readonly maxSessions: number;
  readonly ttlMs: number;
  /** Registers a new session; TooManySessions past the cap (after expiring idle ones). */
  add(record: SessionRecord): Promise<void>;
  /** The record, or null for an unknown (deleted, expired) session. */
  get(id: string): Promise<SessionRecord | null>;
  /** Marks the session active now (idle sessions expire after ttlMs). */
  touch(id: string): Promise<void>;
  /** Steps from index `from` on. */
  steps(id: string, from: number): Promise<Step[]>;
  /** Appends steps that must land at index `at` (the log's length); throws if the log moved on. */
  append(id: string, at: number, steps: Step[]): Promise<void>;
  /** Progress shown by the session list. */
  progress(id: string, handsFinished: number, isOver: boolean): Promise<void>;
  setDelay(id: string, delayMs: number): Promise<void>;
  /** This process's subscriber count for the session (summed over processes by `list`). */
  subscribers(id: string, count: number): Promise<void>;
  list(): Promise<SessionActivity[]>;
  /** Removes the session; false if it was not there. */
  remove(id: string): Promise<boolean>;
  /** Removes sessions idle since before `cutoff` (ms); returns their ids. */
  expire(cutoff: number): Promise<string[]>;
  /** Runs `fn` holding the session's lock: no two steps of one session run at once, on any process. */
  lock<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Takes or renews the right to run a 4ai game (only one process paces it); true while held.
   * The memory store always grants it.
   */
  lease(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

/** Messages every process acts on. */
export const ControlMessage = t.Union([
  t.Object({ type: t.Literal('deleted'), id: t.String() }),
  t.Object({ type: t.Literal('speed'), id: t.String(), delayMs: t.Number({ minimum: 0 }) }),
  t.Object({ type: t.Literal('runner-free'), id: t.String() }),
]);
export type ControlMessage = Static<typeof ControlMessage>;

/** Events of a session to its subscribers on the other processes (this process's own go straight to its hub). */
export interface EventBus {
  /** Sends `event` (the result of step `seq`, the step log's length after it) to the other processes. */
  publish(id: string, seq: number, event: SseEvent): Promise<void>;
  /** Calls `deliver` with every event another process publishes for the session; resolves once listening. */
  listen(id: string, deliver: (seq: number, event: SseEvent) => void): Promise<void>;
  unlisten(id: string): Promise<void>;
  control(message: ControlMessage): Promise<void>;
  onControl(handler: (message: ControlMessage) => void): void;
  close(): Promise<void>;
}

/** A finished game as stored: the summary the history shows and the full Tenhou log. */
export interface StoredGame {
  id: string;
  createdAt: string;
  finishedAt: string;
  mode: GameMode;
  maxRound: number;
  seed: number;
  /**
   * A seeded practice game (walls from `seed`, reproducible; never rated). False: the walls came
   * from a CSPRNG secret revealed in the log (`seed` then only seeded the AIs).
   */
  seeded: boolean;
  /** The AI of each seat; null for the human's seat. */
  ais: (string | null)[];
  /** Final scores, Tenhou's final points and the place (1–4) of each seat. */
  scores: number[];
  points: number[];
  placements: number[];
  hands: number;
  /** SHA-256 of the session's token (hex): who may see the game (modules/history). */
  tokenHash: string;
  /** The whole game as Tenhou XML; every other format is written from it. */
  mjlog: string;
}

export type GameSummary = Omit<StoredGame, 'mjlog' | 'tokenHash'>;

export interface GameQuery {
  /** Only games whose token hash is one of these; 'all' for the admin and the CLI. */
  owners: string[] | 'all';
  limit: number;
  offset: number;
}

/** Finished games. */
export interface GameStore {
  /** 'sqlite', 'redis', or 'off' (`--no-store`). */
  readonly kind: 'sqlite' | 'redis' | 'off';
  /** The database file or Redis address, for messages. */
  readonly location: string;
  save(game: StoredGame): Promise<void>;
  list(query: GameQuery): Promise<{ games: GameSummary[]; total: number }>;
  /** The game with its log, or null. `id` may be a unique prefix of at least 4 characters. */
  get(id: string): Promise<StoredGame | null>;
  close(): Promise<void>;
}

/** The three parts, from one backend. */
export interface Backend {
  readonly kind: 'memory' | 'redis';
  readonly sessions: SessionStore;
  readonly events: EventBus;
  readonly games: GameStore;
  close(): Promise<void>;
}
