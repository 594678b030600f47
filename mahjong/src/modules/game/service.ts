import type { ConsolaInstance } from 'consola';
import { SessionManager, type SessionLimits } from '../sessions/service';
import type { NewGameBody } from './model';
import type { AiPlayer, EngineGame } from './port';
import { GameSession, HUMAN_SEAT } from './session';

export const DEFAULT_DELAY_MS = 800;

export interface GameFactories {
  newGame(seed: number, maxRound: number): EngineGame;
  /** Throws ModelLoadFailed for a model file that cannot be used. */
  newAi(model: string | null, seat: number, seed: number): AiPlayer;
  /** The AIs a client may choose (GET /api/ai/models). */
  models?(): { name: string; description: string }[];
}

/** Creates sessions and answers the game endpoints; routes only unpack requests. */
export class GameService {
  readonly sessions: SessionManager<GameSession>;

  constructor(
    private readonly factories: GameFactories,
    limits: SessionLimits,
    private readonly log: ConsolaInstance,
  ) {
    this.sessions = new SessionManager<GameSession>(limits);
  }

  async create(body: NewGameBody): Promise<GameSession> {
    const mode = body.mode ?? 'human_ai';
    const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31);
    const maxRound = body.max_round ?? 1;
    const aiModel = body.ai_model ?? null;
    // Build the AIs first: a bad model path fails before a session slot is taken.
    const ais = [0, 1, 2, 3].map((seat) => (mode === 'human_ai' && seat === HUMAN_SEAT ? null : this.factories.newAi(body.ai_models?.[seat] ?? aiModel, seat, seed)));
    const session = this.sessions.add((id) => new GameSession({
      id, mode, aiModel, seed: body.seed ?? null, maxRound, delayMs: body.delay_ms ?? DEFAULT_DELAY_MS,
      game: this.factories.newGame(seed, maxRound), ais, log: this.log,
    }));
    if (mode === 'human_ai') await session.exclusive(() => session.runAisUntilHuman());
    else session.startRunner();
    return session;
  }

  models(): { name: string; description: string }[] {
    return this.factories.models?.() ?? [];
  }

  get(id: string): GameSession {
    return this.sessions.get(id);
  }

  close(): void {
    this.sessions.close();
  }
}
