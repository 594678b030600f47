import type { ConsolaInstance } from 'consola';
import { AppError } from '@devhub/shared';
import { SessionNotFound } from '../../server/errors';
import { memoryBackend } from '../backend/memory';
import { replicaOf } from '../backend/replicas';
import type { Backend, ControlMessage, SessionActivity, SessionRecord } from '../backend/types';
import { GameArchive } from '../history/archive';
import type { NewGameBody } from './model';
import type { AiPlayer, EngineGame } from './port';
import { GameSession } from './session';
import { HUMAN_SEAT } from './session-replica';
import { newSessionToken } from './token';
import { tokenHash } from '../backend/game-store';
import { newWallSecret } from '../../engine/table/secure-wall';

export const DEFAULT_DELAY_MS = 800;

export interface GameFactories {
  /** `secret`: the walls come from it (an unseeded game); else from `seed` (a seeded practice game). */
  newGame(seed: number, maxRound: number, secret?: string | null): EngineGame;
  /** Throws ModelLoadFailed for a model file that cannot be used. */
  newAi(model: string | null, seat: number, seed: number): AiPlayer;
  /** The AIs a client may choose (GET /api/ai/models). */
  models?(): { name: string; description: string }[];
}

export class MjaiNotShared extends AppError {
  constructor() {
    super('MJAI_NOT_SHARED', 400, 'an mjai bot seat runs as a process of one server; with several servers (--redis) seat built-in AIs or model files');
  }
}

/**
 * Creates sessions and answers the game endpoints; routes only unpack requests. The sessions live
 * in the backend (memory or Redis); this server keeps one replica per session it serves
 * (see GameSession), built from the record and step log on first use.
 */
export class GameService {
  readonly archive: GameArchive;
  private readonly replicas = new Map<string, Promise<GameSession>>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly factories: GameFactories,
    readonly backend: Backend,
    private readonly log: ConsolaInstance,
    private readonly now: () => number = Date.now,
  ) {
    this.archive = new GameArchive(backend.games, log);
    backend.events.onControl((m) => this.onControl(m));
  }

  /** A service on the memory backend without a game store (tests, embedding). */
  static inMemory(factories: GameFactories, log: ConsolaInstance, limits?: Parameters<typeof memoryBackend>[0]): GameService {
    return new GameService(factories, memoryBackend(limits), log);
  }

  get sessions() {
    return this.backend.sessions;
  }

  /** A new session and its token (only its hash is kept). */
  async create(body: NewGameBody): Promise<{ session: GameSession; token: string }> {
    const mode = body.mode ?? 'human_ai';
    // An unseeded game's walls come from a 256-bit CSPRNG secret (engine/table/secure-wall.ts);
    // `gameSeed` then only seeds the AIs (a random AI's choices), which reveal nothing of the wall.
    const gameSeed = body.seed ?? Math.floor(Math.random() * 2 ** 31);
    const wallSecret = body.seed === null || body.seed === undefined ? newWallSecret() : null;
    const maxRound = body.max_round ?? 1;
    const aiModel = body.ai_model ?? null;
    const aiModels = [0, 1, 2, 3].map((seat) => (mode === 'human_ai' && seat === HUMAN_SEAT ? null : body.ai_models?.[seat] ?? aiModel));
    if (this.backend.kind !== 'memory' && aiModels.some((m) => m?.trim().startsWith('mjai:'))) throw new MjaiNotShared();
    // Build the AIs first: a bad model path fails before a session slot is taken.
    const ais = aiModels.map((m, seat) => (mode === 'human_ai' && seat === HUMAN_SEAT ? null : this.factories.newAi(m, seat, gameSeed)));
    await this.sweep();
    const token = newSessionToken();
    const record: SessionRecord = {
      id: crypto.randomUUID(), mode, aiModel, aiModels, seed: body.seed ?? null, gameSeed, wallSecret, maxRound,
      delayMs: body.delay_ms ?? DEFAULT_DELAY_MS, createdAt: new Date(this.now()).toISOString(), tokenHash: tokenHash(token),
    };
    await this.sessions.add(record);
    const session = this.replica(record, this.factories.newGame(gameSeed, maxRound, wallSecret), ais);
    this.replicas.set(record.id, Promise.resolve(session));
    if (mode === 'human_ai') await session.setAuto(body.auto ?? {});
    else session.startRunner();
    return { session, token };
  }

  models(): { name: string; description: string }[] {
    return this.factories.models?.() ?? [];
  }

  /** The session, caught up with every step so far (from any server), and marked active. */
  async get(id: string): Promise<GameSession> {
    const record = await this.sessions.get(id);
    if (!record) {
      this.drop(id);
      throw new SessionNotFound(id);
    }
    await this.sessions.touch(id);
    const session = await replicaOf(this.replicas, id, () => this.build(record));
    await session.catchUp();
    return session;
  }

  /** A session this server has not served yet: the engine and the AIs rebuilt from the record, then the steps replayed. */
  private async build(record: SessionRecord): Promise<GameSession> {
    const ais = record.aiModels.map((m, seat) => (record.mode === 'human_ai' && seat === HUMAN_SEAT ? null : this.factories.newAi(m, seat, record.gameSeed)));
    const session = this.replica(record, this.factories.newGame(record.gameSeed, record.maxRound, record.wallSecret ?? null), ais);
    await session.catchUp();
    await session.resume();
    return session;
  }

  private replica(record: SessionRecord, game: EngineGame, ais: (AiPlayer | null)[]): GameSession {
    return new GameSession({
      record, game, ais, log: this.log, store: this.sessions, bus: this.backend.events,
      onGameOver: (s) => this.archive.add(s),
      onBroken: (s, err) => {
        this.log.warn(`session ${s.id}: this server's copy is out of step with the store (${String(err)}); rebuilding it on next use`);
        this.drop(s.id);
      },
    });
  }

  async setSpeed(session: GameSession, delayMs: number): Promise<void> {
    session.delayMs = delayMs;
    await this.sessions.setDelay(session.id, delayMs);
    await this.backend.events.control({ type: 'speed', id: session.id, delayMs });
  }

  async delete(id: string): Promise<void> {
    if (!(await this.sessions.remove(id))) throw new SessionNotFound(id);
    this.drop(id);
    await this.backend.events.control({ type: 'deleted', id });
  }

  async list(): Promise<SessionActivity[]> {
    return this.sessions.list();
  }

  /**
   * Expires idle sessions: a session watched or played here counts as active; others expire
   * `ttlMs` after their last request. Returns how many went.
   */
  async sweep(): Promise<number> {
    for (const pending of this.replicas.values()) {
      const s = await pending.catch(() => null);
      if (s?.isBusy()) await this.sessions.touch(s.id);
    }
    const gone = await this.sessions.expire(this.now() - this.sessions.ttlMs);
    for (const id of gone) {
      this.drop(id);
      await this.backend.events.control({ type: 'deleted', id }).catch(() => undefined);
    }
    return gone.length;
  }

  /**
   * Stores the finished games the game store does not hold. A game is stored once, when its last
   * step is played; a server stopped before the store took it (killed with -9 while the database
   * was locked or Redis away, when the game waits in memory) leaves the finished session in the
   * session store only. Run at start and on every sweep, before idle sessions expire. Returns how
   * many were handed to the archive.
   */
  async storeFinished(): Promise<number> {
    if (this.archive.store.kind === 'off') return 0;
    let added = 0;
    const stored = new Set<string>();
    for (const { record, isOver } of await this.sessions.list()) {
      if (!isOver) continue;
      // Known stored at an earlier sweep: not read from the store again every minute.
      if (this.knownStored.has(record.id)) { stored.add(record.id); continue; }
      const found = await this.archive.store.get(record.id).catch(() => undefined);
      if (found) stored.add(record.id);
      // Stored already, or the store is away (tried again at the next sweep).
      if (found !== null || this.archive.has(record.id)) continue;
      const session = await replicaOf(this.replicas, record.id, () => this.build(record));
      if (!session.isOver) continue;
      const last = (await this.sessions.steps(record.id, Math.max(0, session.steps - 1))).at(-1);
      this.archive.add(session, last ? new Date(last.time) : undefined);
      added++;
    }
    // Only the finished sessions still listed are remembered: the set never outgrows the store.
    this.knownStored = stored;
    return added;
  }

  /** Finished sessions the game store held at the last `storeFinished`. */
  private knownStored = new Set<string>();

  /** Sweeps every `everyMs` in the background (and stores lost finished games now); the timer does not keep the process alive. */
  startSweeper(everyMs = 60_000): void {
    if (this.sweeper) return;
    const warn = (err: unknown) => this.log.warn(`session sweep failed: ${String(err)}`);
    void this.storeFinished().catch(warn);
    this.sweeper = setInterval(() => void this.storeFinished().then(() => this.sweep()).catch(warn), everyMs);
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  private onControl(m: ControlMessage): void {
    const pending = this.replicas.get(m.id);
    if (!pending) return;
    if (m.type === 'deleted') { this.drop(m.id); return; }
    void pending.then((s) => {
      if (m.type === 'speed') s.delayMs = m.delayMs;
      else s.nudge();
    }, () => undefined);
  }

  /** This server forgets its replica (streams end); the session itself is untouched. */
  private drop(id: string): void {
    const pending = this.replicas.get(id);
    if (!pending) return;
    this.replicas.delete(id);
    void pending.then((s) => s.dispose(), () => undefined);
  }

  /** Ends every replica here (streams close), then the backend. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const id of [...this.replicas.keys()]) this.drop(id);
    await this.archive.flush();
    this.archive.close();
    await this.backend.close();
  }

  /** Ends the streams at once (a stopping server), without waiting for the backend. */
  closeStreams(): void {
    for (const id of [...this.replicas.keys()]) this.drop(id);
  }
}
