/**
 * Review engines by name: `strong` (built in) or `mjai:<command>` / `mjai:ws://…`, an mjai bot.
 * A bot is asked as it would be in a game: for each reviewed seat one bot process gets the game's
 * events as that seat saw them (start_game with its id, its own tiles, everyone's discards and
 * calls), and its answer to the event just before each decision is its choice there. The events
 * that follow are the ones the game had, whatever the bot answered, so every decision is the
 * bot's judgement of the player's real position. A bot answering `reach` is taken as riichi with
 * the best-valued riichi discard (the game's next event is not its reach, so it is not asked which).
 */
import type { StateView } from '../../engine/game/view-schema';
import type { Paipu, RoundEvent } from '../../engine/paipu';
import { A } from '../../engine/table/actions';
import type { MjaiEvent } from '../../formats/mjai';
import { decisionOf } from '../../mjai/actions';
import { DEFAULT_BOT_TIMEOUT_MS } from '../../mjai/bot-seat';
import { roundEvent, startKyoku } from '../../mjai/translate';
import { botTransport, dialogueFor, type MjaiDialect } from '../../mjai/dialect';
import { AppError } from '@devhub/shared';
import type { ReviewOption, ReviewReport } from './model';
import { forEachDecision, reviewGame, type EngineChoice, type ReviewEngine } from './review';
import { evaluateOptions } from './values';

export class ReviewEngineFailed extends AppError {
  constructor(message: string) { super('REVIEW_ENGINE_FAILED', 502, message); }
}

interface Asked { key: number; seat: number; kyoku: number; events: number; legal: number[]; selfTurn: boolean; riichiAction: number | null }

/** Choices collected from a bot beforehand, replayed by key in the review's pass. */
class CollectedEngine implements ReviewEngine {
  constructor(readonly name: string, private readonly choices: Map<number, EngineChoice>, private readonly fallback: ReviewEngine) {}
  choose(view: StateView, key: number, options: readonly ReviewOption[]): EngineChoice { return this.choices.get(key) ?? this.fallback.choose(view, key, options); }
}

/** Asks the bot (spoken to in `dialect`) at every decision of `seats` and returns the choices by decision key. */
export async function askMjaiBot(paipu: Paipu, spec: string, seats: number[], timeoutMs = DEFAULT_BOT_TIMEOUT_MS, dialect: MjaiDialect = 'mjai'): Promise<Map<number, EngineChoice>> {
  const asked: Asked[] = [];
  const roundEvents: RoundEvent[][] = [];
  let key = 0;
  forEachDecision(paipu, (view, k, seat, _action, info) => {
    const n = key++;
    if (!seats.includes(seat)) return;
    // The riichi discard a bot's bare `reach` stands for: the best-valued one.
    let riichiAction: number | null = null;
    if (view.phase < 4 && view.riichi_tiles.length > 0) riichiAction = evaluateOptions(view).find((o) => o.riichi)?.action ?? null;
    asked.push({ key: n, seat, kyoku: info.kyokuIndex, events: k.events.length, legal: view.valid_actions.slice(), selfTurn: view.phase < 4, riichiAction });
  }, undefined, (ki, events) => { roundEvents[ki] = events.slice(); });
  const choices = new Map<number, EngineChoice>();
  for (const seat of seats) {
    const mine = asked.filter((a) => a.seat === seat);
    if (mine.length === 0) continue;
    const bot = botTransport(spec, dialect, seat);
    const dialogue = dialogueFor(dialect, bot, timeoutMs);
    const failed = (err: unknown) => new ReviewEngineFailed(`mjai bot ${spec}: ${(err as Error).message}`);
    const tell = (events: MjaiEvent[]) => dialogue.tell(events).catch((err: unknown) => { throw failed(err); });
    try {
      await tell([{ type: 'start_game', id: seat, names: paipu.players.map((p, i) => p.name || `P${i}`), tenhou_rule: paipu.rules.eastSouth ? 0xa9 : 0xa1 } as MjaiEvent]);
      let at = 0;
      for (let ki = 0; ki < paipu.rounds.length; ki++) {
        const events = roundEvents[ki] ?? [];
        await tell([startKyoku(paipu.rounds[ki]!, seat)]);
        let sent = 0;
        while (at < mine.length && mine[at]!.kyoku === ki) {
          const a = mine[at]!;
          for (; sent < a.events; sent++) await tell(roundEvent(events[sent]!, seat));
          const answer = await dialogue.answer().catch((err: unknown) => { throw failed(err); });
          let parsed: unknown;
          try { parsed = JSON.parse(answer ?? ''); } catch { parsed = null; }
          const d = decisionOf(parsed, a.legal, a.selfTurn);
          if (d.ok && 'reach' in d) { if (a.riichiAction !== null) choices.set(a.key, { action: a.riichiAction, riichi: true }); } else if (d.ok) choices.set(a.key, { action: d.action, riichi: false });
          else throw new ReviewEngineFailed(`mjai bot ${spec} at ${paipu.rounds[ki] ? `hand ${ki + 1}` : ''}, seat ${seat}: ${d.reason}`);
          at++;
        }
        for (; sent < events.length; sent++) await tell(roundEvent(events[sent]!, seat));
        await tell([{ type: 'end_kyoku' } as MjaiEvent]);
      }
      await tell([{ type: 'end_game', scores: paipu.owari?.scores ?? paipu.rounds.at(-1)?.scores ?? [0, 0, 0, 0] } as MjaiEvent]).catch(() => undefined);
    } finally {
      await bot.close().catch(() => undefined);
    }
  }
  return choices;
}

/** The review with the engine named `spec` choosing: `strong`, or `mjai:<command|ws url>` (spoken to in `protocol`). */
export async function reviewWithEngine(paipu: Paipu, spec: string, opts: { seats?: number[]; timeoutMs?: number; protocol?: MjaiDialect } = {}): Promise<ReviewReport> {
  if (!spec.startsWith('mjai:')) return reviewGame(paipu, opts.seats ? { seats: opts.seats } : {});
  const seats = opts.seats ?? [0, 1, 2, 3];
  const choices = await askMjaiBot(paipu, spec.slice(5), seats, opts.timeoutMs, opts.protocol);
  const engine = new CollectedEngine(spec, choices, { name: 'skip', choose: () => ({ action: A.SKIP, riichi: false }) });
  return reviewGame(paipu, { seats, engine });
}
