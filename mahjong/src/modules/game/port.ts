/**
 * What the server needs from the engine, in one place: `engine-adapter.ts` fills it from the
 * engine's Game API so that a change there touches one file.
 */
import type { Game } from '../../engine/game/game';
import type { Paipu } from '../../engine/paipu';
import type { StateView } from '../../engine/game/view-schema';
import type { BotReplaced } from '../../mjai/bot-seat';

export interface EngineGame {
  /** The engine's own game, for players that follow its record (mjai seats). */
  readonly engine?: Game;
  isOver(): boolean;
  /** The seat that must decide now, or -1 between hands and when the game is over. */
  toAct(): number;
  /** Deals the next hand after one ended (phase 16); false when there is none. */
  nextHand(): boolean;
  validActions(player: number): number[];
  /** `tile` names the exact tile where an action leaves a choice (which kind to kan). */
  step(player: number, action: number, tile?: number): { ok: true } | { ok: false; code: string };
  /** The state seen by `forPlayer` (null = every hand visible, -1 = no concealed hand). */
  view(forPlayer: number | null): StateView;
  /** Finished hands so far (a new one means `kyoku_end`). */
  handsFinished(): number;
  toPaipu(): Paipu;
  toMjlog(): string;
}

/** An AI's move: an action index, or one with the tile it names (an mjai bot's ankan/kakan). */
export type AiMove = number | { action: number; tile: number };

export interface AiPlayer {
  readonly name: string;
  /** Built-in AIs answer at once; an external bot (mjai) answers asynchronously. */
  decide(game: EngineGame, seat: number): AiMove | Promise<AiMove>;
  /**
   * A decision of this seat recorded earlier (on this server or another) is being replayed: move
   * any state of its own on as if it had made it (a seeded random AI draws its number), so a
   * replayed game goes on exactly as it would have.
   */
  replayed?(game: EngineGame, seat: number): void;
  /** Bot seats given up to the built-in AI since the last call (mjai seats), taken once. */
  takeReplaced?(): BotReplaced[];
  /** The session ends: stop any process or connection behind the player. */
  dispose?(game: EngineGame): void;
}
