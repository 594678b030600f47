/**
 * A server seat played by a named mjai bot. The bot is started on its first decision and is sent
 * every event the seat may see since its last decision, then asked; when it fails it is replaced
 * by the strong AI for the rest of the game and the table gets a `bot_replaced` event saying so
 * (naming the bot by its configured name: a client never sees the server's command line).
 */
import { StrongAgent } from '../../engine/ai';
import type { Game } from '../../engine/game/game';
import { type BotReplaced, BotSeat, DEFAULT_BOT_TIMEOUT_MS } from '../../mjai/bot-seat';
import { ClassicAnnotator } from '../../mjai/classic';
import type { MjaiBotSpec } from '../../mjai/config';
import { botTransport } from '../../mjai/dialect';
import { MjaiFeed } from '../../mjai/translate';
import type { AiMove, AiPlayer, EngineGame } from './port';

export class MjaiPlayer implements AiPlayer {
  readonly name: string;
  private seat: BotSeat | null = null;
  private feed: MjaiFeed | null = null;
  private game: Game | null = null;
  private replaced: BotReplaced[] = [];

  constructor(botName: string, private readonly spec: MjaiBotSpec) {
    this.name = `mjai:${botName}`;
  }

  private start(game: Game, seat: number): BotSeat {
    if (this.seat) return this.seat;
    const dialect = this.spec.protocol ?? 'mjai';
    const bot = botTransport(this.spec.command ?? this.spec.url!, dialect, seat, { env: this.spec.env });
    this.feed = new MjaiFeed(game);
    this.game = game;
    this.seat = new BotSeat(seat, bot, new StrongAgent(), this.spec.timeout_ms ?? DEFAULT_BOT_TIMEOUT_MS, (e) => {
      this.replaced.push({ ...e, bot: this.name, message: e.message.replaceAll(bot.label, this.name) });
    }, undefined, this.spec.possible_actions ? new ClassicAnnotator(seat) : undefined, dialect);
    return this.seat;
  }

  async decide(eg: EngineGame, seat: number): Promise<AiMove> {
    const game = eg.engine;
    if (!game) throw new Error('invariant: an mjai seat needs the engine game');
    const b = this.start(game, seat);
    await b.deliver(this.feed!.next([seat])[0]!, game);
    // A kan names its tile: with two kinds to kan, the one the bot named is played.
    const move = await b.move(game);
    if (!move) return b.fallback.decide(game.stateView(seat, { shallow: true }));
    return move.tile === undefined ? move.action : { action: move.action, tile: move.tile };
  }

  takeReplaced(): BotReplaced[] {
    const out = this.replaced;
    this.replaced = [];
    return out;
  }

  /** Once: at the end of the game, or when the session goes first. */
  dispose(): void {
    const b = this.seat;
    if (!b) return;
    this.seat = null;
    // The rest of the game (end_game) goes out before the bot is stopped.
    void b.deliver(this.feed!.next([b.seat])[0]!, this.game ?? undefined).finally(() => b.close()).catch(() => undefined);
  }
}
