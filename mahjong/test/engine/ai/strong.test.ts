import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import type { StateView } from '../../../src/engine/game';
import { dealInChance, type Threat } from '../../../src/engine/ai/strong/danger';
import { discardTable } from '../../../src/engine/ai/strong/discard-table';
import { shanten, ShantenPlusOne } from '../../../src/engine/shanten';
import { playGame } from '../../../src/engine/sim/play';
import { rng } from '../../../src/engine/table/wall';

const riichiThreat = (river: number[], riichiKind = -1): Threat => {
  const safe = new Uint8Array(34);
  for (const k of river) safe[k] = 1;
  return { seat: 1, tenpai: 1, loss: 5200, riichi: true, safe, early: new Uint8Array(34), riichiKind };
};

describe('strong AI', () => {
  it('discard table: shanten and acceptance of every discard match the rules engine on random hands', () => {
    const r = rng(77);
    for (let it = 0; it < 300; it++) {
      const melds = it % 3;
      const ids = [...Array(136).keys()];
      for (let i = 135; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [ids[i], ids[j]] = [ids[j]!, ids[i]!]; }
      const c = new Array<number>(34).fill(0);
      for (const id of ids.slice(0, 14 - 3 * melds)) c[id >> 2]! += 1;
      const t = discardTable(c, melds, new Uint8Array(34), c.slice());
      for (let d = 0; d < 34; d++) {
        if (c[d] === 0) { expect(t.shanten[d]).toBeNaN(); continue; }
        c[d]! -= 1;
        const sh = shanten(c, melds);
        const plus = new ShantenPlusOne(c, melds);
        let acc = 0;
        for (let k = 0; k < 34; k++) if (c[k]! < 4 && plus.with(k) < sh) acc += 4 - c[k]! - (k === d ? 1 : 0);
        c[d]! += 1;
        expect(t.shanten[d]).toBe(sh);
        expect(t.accept(d)).toBe(acc);
      }
    }
  });

  it('danger: genbutsu is safe, suji and kabe are safer than a live middle tile, a last honour is safe', () => {
    const visible = new Array<number>(34).fill(0);
    const th = riichiThreat([0 + 1]); // 2m discarded
    expect(dealInChance(1, th, visible)).toBe(0);
    const live5 = dealInChance(4, riichiThreat([]), visible);
    expect(live5).toBeGreaterThan(0.08);
    // 5m with 2m and 8m discarded is suji on both sides.
    expect(dealInChance(4, riichiThreat([1, 7]), visible)).toBeLessThan(live5 / 2);
    // 1m with 4m discarded (suji) against a live 1m.
    expect(dealInChance(0, riichiThreat([3]), visible)).toBeLessThan(dealInChance(0, riichiThreat([]), visible) / 2);
    // Kabe: all four 7s visible makes 8s and 9s much safer.
    const kabe = visible.slice();
    kabe[18 + 6] = 4;
    expect(dealInChance(18 + 8, riichiThreat([]), kabe)).toBeLessThan(dealInChance(18 + 8, riichiThreat([]), visible) / 2);
    // An honour with three copies visible can only be a tanki; four visible cannot deal in.
    const honours = visible.slice();
    honours[27] = 3;
    honours[28] = 4;
    expect(dealInChance(27, riichiThreat([]), honours)).toBeLessThan(0.01);
    expect(dealInChance(28, riichiThreat([]), honours)).toBe(0);
  });

  it('plays full hanchan with legal moves only, reproducibly', () => {
    const a = playGame([0, 1, 2, 3].map(() => new StrongAgent()), { seed: 42 });
    const b = playGame([0, 1, 2, 3].map(() => new StrongAgent()), { seed: 42 });
    expect(a.isOver()).toBe(true);
    expect(a.owari).toEqual(b.owari);
  });
});

describe('strong AI against riichi', () => {
  it('far from tenpai it folds: facing one riichi with a genbutsu in hand, it throws genbutsu, suji or a honour seen twice', () => {
    let spots = 0, safe = 0, genbutsu = 0;
    class Watch extends StrongAgent {
      override decide(view: StateView): number {
        const action = super.decide(view);
        const me = view.players[view.viewer!]!;
        const riichi = view.players.filter((p) => p.riichi && p.seat !== me.seat);
        const hand = Array.isArray(me.hand) ? me.hand : [];
        const discardTurn = view.valid_actions.some((a) => a < 37) && !view.riichi_stage2 && !me.riichi;
        if (!discardTurn || riichi.length !== 1 || action >= 37) return action;
        const counts = new Array<number>(34).fill(0);
        for (const id of hand) counts[id >> 2]! += 1;
        const river = new Set(riichi[0]!.river.map((r) => r.tile >> 2));
        if (!hand.some((id) => river.has(id >> 2)) || shanten(counts, me.melds.length) < 3) return action;
        spots++;
        const kind = action < 34 ? action : [4, 13, 22][action - 34]!;
        const seen = view.players.flatMap((p) => p.river.map((r) => r.tile >> 2)).filter((k) => k === kind).length + counts[kind]!;
        const n = kind % 9;
        const suji = kind < 27 && (n <= 2 ? river.has(kind + 3) : n >= 6 ? river.has(kind - 3) : river.has(kind - 3) && river.has(kind + 3));
        if (river.has(kind)) genbutsu++;
        if (river.has(kind) || suji || (kind >= 27 && seen >= 3)) safe++;
        return action;
      }
    }
    for (let seed = 1; seed <= 30; seed++) playGame([new Watch(), new StrongAgent(), new StrongAgent(), new StrongAgent()], { seed, maxRound: 0 });
    expect(spots).toBeGreaterThan(10);
    expect(genbutsu / spots).toBeGreaterThan(0.5);
    // Measured: 79 % on these seeds (the rest are mostly terminals and honours it judges nearly as safe).
    expect(safe / spots).toBeGreaterThan(0.7);
  }, 60_000);

  it('a suji or honour is not free: two or more from tenpai with a genbutsu in hand, it throws the genbutsu', () => {
    let spots = 0, genbutsu = 0;
    class Watch extends StrongAgent {
      override decide(view: StateView): number {
        const action = super.decide(view);
        const me = view.players[view.viewer!]!;
        const riichi = view.players.filter((p) => p.riichi && p.seat !== me.seat);
        const hand = Array.isArray(me.hand) ? me.hand : [];
        const discardTurn = view.valid_actions.some((a) => a < 37) && !view.riichi_stage2 && !me.riichi;
        if (!discardTurn || riichi.length !== 1 || action >= 37) return action;
        const counts = new Array<number>(34).fill(0);
        for (const id of hand) counts[id >> 2]! += 1;
        const river = new Set(riichi[0]!.river.map((r) => r.tile >> 2));
        if (!hand.some((id) => river.has(id >> 2)) || shanten(counts, me.melds.length) < 2) return action;
        spots++;
        if (river.has(action < 34 ? action : [4, 13, 22][action - 34]!)) genbutsu++;
        return action;
      }
    }
    for (let seed = 1; seed <= 30; seed++) playGame([new Watch(), new StrongAgent(), new StrongAgent(), new StrongAgent()], { seed, maxRound: 0 });
    expect(spots).toBeGreaterThan(50);
    // Measured on these seeds: 76 % (85 of 112); 65 % when a suji or honour counted as its shape
    // count alone (strong-v1, dangerAdd 0), which underestimates them against riichi.
    expect(genbutsu / spots).toBeGreaterThan(0.72);
  }, 60_000);
});
