/**
 * One seat played by an mjai bot: delivers the events the seat may see, turns the answer to the
 * event that asked it into an engine action, and on an illegal answer, a timeout or a crash gives
 * the seat up to its built-in AI (`active` false) and reports why. Used by `playWithBots` (CLI)
 * and by the server's mjai players.
 */
import { type Static, Type as t } from '@sinclair/typebox';
import type { Agent } from '../engine/ai/types';
import type { Game } from '../engine/game/game';
import { A } from '../engine/table/actions';
import type { MjaiEvent } from '../formats/mjai';
import { decisionOf, type Decision } from './actions';
import type { EventAnnotator } from './classic';
import { dialogueFor, type Dialogue, type MjaiDialect } from './dialect';
import { BotFailure, type BotTransport } from './transport';

/** A bot seat given up to the built-in AI (`simulate` prints it; the server sends it as an event). */
export const BotReplaced = t.Object({
  type: t.Literal('bot_replaced'),
  seat: t.Integer({ minimum: 0, maximum: 3 }),
  bot: t.String({ description: 'the bot: its configured name (mjai:<name>) on the server, its command or URL in simulate' }),
  reason: t.Union([t.Literal('illegal'), t.Literal('timeout'), t.Literal('crash')], {
    description: 'illegal: an answer that is not JSON or not legal now; timeout: no answer in time; crash: the bot exited or closed its socket',
  }),
  message: t.String({ description: 'what happened, for people' }),
  by: t.String({ description: 'the built-in AI that plays the seat for the rest of the game' }),
}, { description: 'an mjai bot seat was given to the built-in AI for the rest of the game' });
export type BotReplaced = Static<typeof BotReplaced>;

export const DEFAULT_BOT_TIMEOUT_MS = 10_000;

export class BotSeat {
  active = true;
  private readonly dialogue: Dialogue;
  /** The bot declared riichi: its own `reach` was already sent, and stage 2 confirms. */
  private reachSent = false;
  private reachPending = false;
  private closing: Promise<void> | null = null;
  /** The last event told that may ask this seat to act: its own draw, another seat's discard or kakan. */
  private asked: MjaiEvent | null = null;

  constructor(
    readonly seat: number,
    readonly bot: BotTransport,
    readonly fallback: Agent,
    private readonly timeoutMs: number,
    private readonly onReplaced: (e: BotReplaced) => void,
    private readonly onSent?: (seat: number, event: MjaiEvent) => void,
    /** Adds the classic server's fields (`possible_actions`, `cannot_dahai`, scores) to what the bot is sent. */
    private readonly annotator?: EventAnnotator,
    dialect: MjaiDialect = 'mjai',
  ) {
    this.dialogue = dialogueFor(dialect, bot, timeoutMs);
  }

  replace(reason: BotReplaced['reason'], message: string): void {
    if (!this.active) return;
    this.active = false;
    this.onReplaced({ type: 'bot_replaced', seat: this.seat, bot: this.bot.label, reason, message, by: this.fallback.name });
    // The game goes on without waiting; `close()` at its end waits, so that a bot that ignores its
    // closed stdin (one still busy after a timeout) is killed before the table is done with it.
    this.closing = this.bot.close().catch(() => undefined);
  }

  private fail(err: unknown): void {
    if (err instanceof BotFailure) this.replace(err.kind, err.message);
    else this.replace('crash', (err as Error).message);
  }

  /**
   * Tells the bot the events in order, as its dialect does; at the first failure the seat is
   * replaced. `game` (the live game the events come from) lets the annotator add its fields.
   */
  async deliver(events: MjaiEvent[], game?: Game): Promise<void> {
    if (!this.active) return;
    if (game && this.annotator) events = this.annotator.batch(game, events);
    // Its own reach was told when it declared it (decide).
    if (this.reachSent) {
      const i = events.findIndex((ev) => ev.type === 'reach' && ev.actor === this.seat);
      if (i >= 0) { events = events.filter((_, j) => j !== i); this.reachSent = false; }
    }
    for (const ev of events) {
      this.onSent?.(this.seat, ev);
      if (ev.type === 'tsumo' || ev.type === 'dahai' || ev.type === 'kakan' || ev.type === 'start_kyoku' || ((ev.type === 'chi' || ev.type === 'pon') && ev.actor === this.seat)) this.asked = ev;
    }
    try { await this.dialogue.tell(events); } catch (err) { this.fail(err); }
  }

  /** The bot's move now, or null when it failed (and was replaced): the caller asks `fallback`. */
  async move(game: Game): Promise<{ action: number; tile?: number } | null> {
    if (!this.active) return null;
    try {
      const d = await this.decide(game);
      if (d.ok && !('reach' in d)) return { action: d.action, ...(d.tile === undefined ? {} : { tile: d.tile }) };
      if (!d.ok) this.replace('illegal', `${this.bot.label}: ${d.reason}`);
    } catch (err) { this.fail(err); }
    return null;
  }

  private async decide(game: Game): Promise<Decision> {
    const view = game.stateView(this.seat, { shallow: true });
    if (view.riichi_stage2) {
      const declare = this.reachPending;
      this.reachPending = false;
      return { ok: true, action: declare ? A.RIICHI : A.RIICHI_CANCEL };
    }
    const selfTurn = game.phase < 4;
    const said = await this.dialogue.answer();
    const parsed = parse(said);
    if (parsed === undefined) return { ok: false, reason: `answer is not JSON: ${JSON.stringify(said)}` };
    const d = decisionOf(parsed, view.valid_actions, selfTurn, { seat: this.seat, asked: this.asked });
    if (!d.ok || !('reach' in d)) return d;
    // mjai riichi: the bot says reach, sees its own reach event, then names the discard.
    this.reachSent = true;
    const reach: MjaiEvent = this.annotator ? this.annotator.reach(game, { type: 'reach', actor: this.seat }) : { type: 'reach', actor: this.seat };
    this.onSent?.(this.seat, reach);
    const then = await this.dialogue.ask(reach);
    const discard = decisionOf(parse(then), view.valid_actions, true, { seat: this.seat, asked: this.asked });
    if (!discard.ok || 'reach' in discard || !view.riichi_tiles.includes(discard.action)) {
      return { ok: false, reason: `after reach, ${then ?? 'no answer'} is not a discard that keeps tenpai` };
    }
    this.reachPending = true;
    return discard;
  }

  async close(): Promise<void> {
    if (this.active) await this.bot.close();
    else await this.closing;
  }
}

function parse(line: string | null): unknown {
  if (line === null) return undefined;
  try { return JSON.parse(line); } catch { return undefined; }
}
