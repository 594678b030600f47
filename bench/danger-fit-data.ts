/**
 * Rows for the strong AI's learned opponent model (mahjong/src/engine/ai/strong/danger-model.ts),
 * from full-information play: one `strong` against three `strong-v1` (the seat rotating by game),
 * and at every discard choice of any seat, for each opponent, the model's inputs as that seat sees
 * them, labelled from the hidden hands — is the opponent tenpai, and for each kind the chooser holds,
 * could the opponent ron it (a winning kind, not furiten, with a yaku: the table's own canRon)
 * and what it would pay. Today's reading (danger.ts threatOf and the measured shape count) is kept
 * beside each row for the comparison.
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { dealInChance, threatOf } from '../mahjong/src/engine/ai/strong/danger';
import { readOpponent, TENPAI_FEATURES, valueRow, VALUE_FEATURES, WAIT_FEATURES, waitRow, type DangerModel, type ModelThreat } from '../mahjong/src/engine/ai/strong/danger-model';
import { measuredDealIn } from '../mahjong/src/engine/ai/strong/push-fold';
import { readTable } from '../mahjong/src/engine/ai/strong/table';
import { Game } from '../mahjong/src/engine/game/game';
import { canRon } from '../mahjong/src/engine/table/response-options';
import { winContext } from '../mahjong/src/engine/table/settle';
import { evaluateWin, waitsOf } from '../mahjong/src/engine/table/win';

/** Rows of one width in one growing array. */
export class Rows {
  x: Float64Array;
  y: number[] = [];
  /** Today's prediction for the same row (comparison only). */
  today: number[] = [];
  /** Whether the row comes from a held-out game. */
  held: boolean[] = [];
  constructor(readonly width: number) { this.x = new Float64Array(width * 4096); }
  get length(): number { return this.y.length; }
  push(x: ArrayLike<number>, y: number, today: number, held: boolean): void {
    const at = this.y.length * this.width;
    if (at + this.width > this.x.length) { const bigger = new Float64Array(this.x.length * 2); bigger.set(this.x); this.x = bigger; }
    for (let i = 0; i < this.width; i++) this.x[at + i] = x[i]!;
    this.y.push(y); this.today.push(today); this.held.push(held);
  }
}

export interface FitData {
  tenpai: Rows;
  wait: Rows;
  value: Rows;
  /** Every (decision, opponent, held kind) of held-out games: the unconditional deal-in, for comparing with today's. */
  dealIn: { riichi: boolean; open: number; tenpaiModel: number; waitRow: Float64Array | null; today: number; y: number; threat: boolean }[];
}

const ZERO_MODEL: DangerModel = { tenpai: new Array(TENPAI_FEATURES.length).fill(0), wait: new Array(WAIT_FEATURES.length).fill(0), value: new Array(VALUE_FEATURES.length).fill(0) };

/** Plays `games` hanchan from `seed`; every `holdEvery`-th game is held out. */
export function collect(games: number, seed: number, holdEvery = 5): FitData {
  const data: FitData = { tenpai: new Rows(TENPAI_FEATURES.length), wait: new Rows(WAIT_FEATURES.length), value: new Rows(VALUE_FEATURES.length), dealIn: [] };
  const wx = new Float64Array(WAIT_FEATURES.length);
  for (let g = 0; g < games; g++) {
    const held = g % holdEvery === holdEvery - 1;
    // The shipped weights were fitted on play before `passedRead` was on by default: it stays off
    // here so the fit rewrites models/strong-danger.json byte for byte.
    const agents = [0, 1, 2, 3].map((s) => (s === g % 4 ? new StrongAgent('strong', { passedRead: 0 }) : new StrongV1Agent()));
    const game = new Game({ seed: seed + g, maxRound: 1, autoNextHand: true });
    while (!game.isOver()) {
      const seat = game.actor();
      const view = game.stateView(seat, { shallow: true, reuse: true });
      const me = view.players[seat]!;
      if (Array.isArray(me.hand) && me.hand.length % 3 === 2 && !me.riichi && !view.riichi_stage2 && view.valid_actions.some((a) => a < 37)) {
        const t = readTable(view);
        const k = game.kyoku;
        const kinds = [...new Set(me.hand.map((id) => id >> 2))];
        for (const p of view.players) {
          if (p.seat === seat) continue;
          const th: ModelThreat = readOpponent(view, p, t.dora, ZERO_MODEL);
          const old = threatOf(view, p, t.visible, t.dora);
          const ps = k.players[p.seat]!;
          const tenpai = waitsOf(ps).length > 0;
          if (!p.riichi) data.tenpai.push(th.tenpaiRow, tenpai ? 1 : 0, old ? old.tenpai : 0, held);
          for (const kind of kinds) {
            const tile = kind * 4 + 1;
            const y = tenpai && canRon(k, p.seat, { tile, from: seat, kind: 'discard' }) ? 1 : 0;
            const live = waitRow(th, kind, t.visible, t.dora, wx);
            const d = live ? dealInChance(kind, th, t.visible) : 0;
            if (tenpai && live) data.wait.push(wx, y, d, held);
            if (y) {
              const r = evaluateWin(ps, p.seat, tile, winContext(k, p.seat, false));
              const v = valueRow(th, t.dora[kind]! > 0);
              if (r) data.value.push(v, (r.points.ron ?? r.points.base) / 1000, old ? old.loss / 1000 : 0, held);
            }
            if (held) data.dealIn.push({ riichi: p.riichi, open: th.open, tenpaiModel: -1, waitRow: live ? wx.slice() : null, today: old && live ? old.tenpai * measuredDealIn(dealInChance(kind, old, t.visible)) : 0, y, threat: !!old });
            // The tenpai row of this opponent, for the unconditional chance (riichi: none, tenpai 1).
            if (held) data.dealIn[data.dealIn.length - 1]!.tenpaiModel = p.riichi ? -2 : data.tenpai.length - 1;
          }
        }
      }
      const r = game.step(seat, agents[seat]!.decide(view));
      if (!r.ok) throw new Error(`invariant: illegal action at game ${seed + g}`);
    }
  }
  return data;
}
