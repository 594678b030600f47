/**
 * Plays a game where some seats are mjai bots. Every bot gets every event it may see (translate.ts),
 * as its dialect says (dialect.ts); when the engine asks a bot's seat to act, its answer to the
 * event that asked it is the move. A bot that answers illegally, too late or dies is replaced for the rest of
 * the game by its seat's built-in AI, and `onReplaced` says so; the game always finishes.
 */
import type { Agent } from '../engine/ai/types';
import { Game, type GameOptions } from '../engine/game/game';
import type { MjaiEvent } from '../formats/mjai';
import { BotSeat, type BotReplaced, DEFAULT_BOT_TIMEOUT_MS } from './bot-seat';
import type { BotTransport } from './transport';
import { MjaiFeed } from './translate';
import type { EventAnnotator } from './classic';
import type { MjaiDialect } from './dialect';

export { type BotReplaced, DEFAULT_BOT_TIMEOUT_MS } from './bot-seat';

/**
 * `annotator`: the classic server's extra fields for this bot (`possible_actions`, …; classic.ts);
 * `dialect`: how the bot is spoken to (dialect.ts; default `mjai`).
 */
export type SeatPlayer = { agent: Agent } | { bot: BotTransport; fallback: Agent; annotator?: EventAnnotator; dialect?: MjaiDialect };

export interface BotTableOptions {
  /** Milliseconds a bot may take for one answer (default 10,000). */
  timeoutMs?: number;
  onReplaced?: (e: BotReplaced) => void;
  /** Every event as sent to each bot seat (for logs and tests). */
  onSent?: (seat: number, event: MjaiEvent) => void;
  /** The game, once created and before any event is sent (in-process bots that read it in tests). */
  onStart?: (game: Game) => void;
  /**
   * Stop the game at the first bot failure instead of handing the seat to its built-in AI (the
   * classic server's rule): the result then says `aborted` and the game is unfinished.
   */
  abortOnFailure?: boolean;
}

export async function playWithBots(seats: SeatPlayer[], gameOptions: GameOptions, opts: BotTableOptions = {}): Promise<{ game: Game; replaced: BotReplaced[]; aborted: boolean }> {
  const game = new Game({ ...gameOptions, autoNextHand: true });
  opts.onStart?.(game);
  const replaced: BotReplaced[] = [];
  const report = (e: BotReplaced) => { replaced.push(e); opts.onReplaced?.(e); };
  const bots: BotSeat[] = [];
  seats.forEach((p, seat) => {
    if ('bot' in p) bots.push(new BotSeat(seat, p.bot, p.fallback, opts.timeoutMs ?? DEFAULT_BOT_TIMEOUT_MS, report, opts.onSent, p.annotator, p.dialect));
  });
  const feed = new MjaiFeed(game);
  const broadcast = async () => {
    const batches = feed.next(bots.map((b) => b.seat));
    await Promise.all(bots.map((b, i) => b.deliver(batches[i]!, game)));
  };
  const stop = () => opts.abortOnFailure === true && replaced.length > 0;
  try {
    for (let steps = 0; !game.isOver(); steps++) {
      if (steps > 200_000) throw new Error(`invariant: game ${game.seed} did not finish`);
      await broadcast();
      if (stop()) return { game, replaced, aborted: true };
      const seat = game.actor();
      const b = bots.find((x) => x.seat === seat);
      const move = b ? await b.move(game) : null;
      if (b && move) {
        if (game.step(seat, move.action, move.tile).ok) continue;
        b.replace('illegal', `${b.bot.label}: action ${move.action} refused by the engine`);
      }
      if (stop()) return { game, replaced, aborted: true };
      const p = seats[seat]!;
      const agent = 'agent' in p ? p.agent : p.fallback;
      // A replaced bot may have left riichi half-declared: the built-in AI settles it.
      const chosen = agent.decide(game.stateView(seat, { shallow: true }));
      if (!game.step(seat, chosen).ok) throw new Error(`invariant: ${agent.name} chose illegal ${chosen}`);
    }
    await broadcast();
    if (stop()) return { game, replaced, aborted: true };
  } finally {
    await Promise.all(bots.map((b) => b.close()));
  }
  return { game, replaced, aborted: false };
}
