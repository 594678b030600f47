/**
 * Plays a game where some seats are mjai bots. Every bot gets every event it may see (translate.ts)
 * and answers each one; when the engine asks a bot's seat to act, the answer to the event that
 * asked it is the move. A bot that answers illegally, too late or dies is replaced for the rest of
 * the game by its seat's built-in AI, and `onReplaced` says so; the game always finishes.
 */
import type { Agent } from '../engine/ai/types';
import { Game, type GameOptions } from '../engine/game/game';
import { A } from '../engine/table/actions';
import type { MjaiEvent } from '../formats/mjai';
import { decisionOf, type Decision } from './actions';
import { BotFailure, type BotTransport } from './transport';
import { MjaiFeed } from './translate';

export type SeatPlayer = { agent: Agent } | { bot: BotTransport; fallback: Agent };

export interface BotReplaced {
  type: 'bot_replaced';
  seat: number;
  bot: string;
  reason: 'timeout' | 'crash' | 'illegal';
  message: string;
  /** Name of the built-in AI that plays the seat from now on. */
  by: string;
}

export interface BotTableOptions {
  /** Milliseconds a bot may take for one answer (default 10,000). */
  timeoutMs?: number;
  onReplaced?: (e: BotReplaced) => void;
  /** Every event as sent to each bot seat (for logs and tests). */
  onSent?: (seat: number, event: MjaiEvent) => void;
}

interface BotState {
  seat: number;
  bot: BotTransport;
  fallback: Agent;
  active: boolean;
  last: string | null;
  /** The bot declared riichi: its own `reach` was already sent, and stage 2 confirms. */
  reachSent: boolean;
  reachPending: boolean;
}

export const DEFAULT_BOT_TIMEOUT_MS = 10_000;

export async function playWithBots(seats: SeatPlayer[], gameOptions: GameOptions, opts: BotTableOptions = {}): Promise<{ game: Game; replaced: BotReplaced[] }> {
  const game = new Game({ ...gameOptions, autoNextHand: true });
  const timeoutMs = opts.timeoutMs ?? DEFAULT_BOT_TIMEOUT_MS;
  const replaced: BotReplaced[] = [];
  const bots: BotState[] = [];
  seats.forEach((p, seat) => { if ('bot' in p) bots.push({ seat, bot: p.bot, fallback: p.fallback, active: true, last: null, reachSent: false, reachPending: false }); });
  const feed = new MjaiFeed(game);

  const replace = (b: BotState, reason: BotReplaced['reason'], message: string) => {
    if (!b.active) return;
    b.active = false;
    const e: BotReplaced = { type: 'bot_replaced', seat: b.seat, bot: b.bot.label, reason, message, by: b.fallback.name };
    replaced.push(e);
    opts.onReplaced?.(e);
    void b.bot.close().catch(() => undefined);
  };
  const fail = (b: BotState, err: unknown) => {
    if (err instanceof BotFailure) replace(b, err.kind, err.message);
    else replace(b, 'crash', (err as Error).message);
  };
  const send = async (b: BotState, event: MjaiEvent): Promise<void> => {
    opts.onSent?.(b.seat, event);
    b.last = null;
    b.last = await b.bot.exchange(JSON.stringify(event), timeoutMs);
  };
  const broadcast = async () => {
    const batches = feed.next(bots.map((b) => b.seat));
    await Promise.all(bots.map(async (b, i) => {
      for (const ev of batches[i]!) {
        if (!b.active) return;
        if (ev.type === 'reach' && ev.actor === b.seat && b.reachSent) { b.reachSent = false; continue; }
        try { await send(b, ev); } catch (err) { fail(b, err); }
      }
    }));
  };

  const botMove = async (b: BotState): Promise<Decision> => {
    const view = game.stateView(b.seat, { shallow: true });
    if (view.riichi_stage2) {
      const declare = b.reachPending;
      b.reachPending = false;
      return { ok: true, action: declare ? A.RIICHI : A.RIICHI_CANCEL };
    }
    const selfTurn = game.phase < 4;
    const parsed = parse(b.last);
    if (parsed === undefined) return { ok: false, reason: `answer is not JSON: ${JSON.stringify(b.last)}` };
    const d = decisionOf(parsed, view.valid_actions, selfTurn);
    if (!d.ok || !('reach' in d)) return d;
    // mjai riichi: the bot says reach, sees its own reach event, then names the discard.
    b.reachSent = true;
    await send(b, { type: 'reach', actor: b.seat });
    const discard = decisionOf(parse(b.last), view.valid_actions, true);
    if (!discard.ok || 'reach' in discard || !view.riichi_tiles.includes(discard.action)) {
      return { ok: false, reason: `after reach, ${b.last ?? 'no answer'} is not a discard that keeps tenpai` };
    }
    b.reachPending = true;
    return discard;
  };

  try {
    for (let steps = 0; !game.isOver(); steps++) {
      if (steps > 200_000) throw new Error(`invariant: game ${game.seed} did not finish`);
      await broadcast();
      const seat = game.actor();
      const b = bots.find((x) => x.seat === seat && x.active);
      let action: number | undefined, tile: number | undefined;
      if (b) {
        try {
          const d = await botMove(b);
          if (d.ok && !('reach' in d)) { action = d.action; tile = d.tile; } else if (!d.ok) replace(b, 'illegal', `${b.bot.label}: ${d.reason}`);
        } catch (err) { fail(b, err); }
        if (action !== undefined && !game.step(seat, action, tile).ok) { replace(b, 'illegal', `${b.bot.label}: action ${action} refused by the engine`); action = undefined; }
        if (action !== undefined) continue;
      }
      const p = seats[seat]!;
      const agent = 'agent' in p ? p.agent : p.fallback;
      const view = game.stateView(seat, { shallow: true });
      // A replaced bot may have left riichi half-declared: the built-in AI settles it.
      const chosen = agent.decide(view);
      if (!game.step(seat, chosen).ok) throw new Error(`invariant: ${agent.name} chose illegal ${chosen}`);
    }
    await broadcast();
  } finally {
    await Promise.all(bots.map((b) => (b.active ? b.bot.close() : Promise.resolve())));
  }
  return { game, replaced };
}

function parse(line: string | null): unknown {
  if (line === null) return undefined;
  try { return JSON.parse(line); } catch { return undefined; }
}
