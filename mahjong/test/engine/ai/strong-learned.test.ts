import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import type { Agent } from '../../../src/engine/ai/types';
import { LEARNED_DISCARD_FEATURES, tanh, type DiscardNet } from '../../../src/engine/ai/strong/learned-discard';
import { readTable } from '../../../src/engine/ai/strong/table';
import { playGame } from '../../../src/engine/sim/play';
import { kindOfDiscard } from '../../../src/engine/table/actions';
import shipped from '../../../models/strong-discard.json';
import { idx } from '../table/_scenario';
import { facingRiichi } from './_facing-riichi';

/** A network whose score is `weight` × one feature: it throws the candidate highest on that feature. */
const liking = (feature: (typeof LEARNED_DISCARD_FEATURES)[number], weight = 3): DiscardNet => ({
  hidden: 1, b1: [0], w2: [1], w1: [LEARNED_DISCARD_FEATURES.map((f) => (f === feature ? weight : 0))],
});

describe('strong AI: the discard order learned from Houou players (learned-discard.ts)', () => {
  it('ships a network trained on the 41 tuning logs over exactly these features', () => {
    expect(shipped.features).toEqual([...LEARNED_DISCARD_FEATURES]);
    expect(shipped.trained_on.logs).toBe(41);
    expect(shipped.w1).toHaveLength(shipped.hidden);
    for (const row of shipped.w1) expect(row).toHaveLength(LEARNED_DISCARD_FEATURES.length);
  });

  it('throws the tile the network scores highest: a network liking the drawn tile always discards it', () => {
    const tsumogiri = new StrongAgent('s', { learnedDiscard: true }, liking('tsumogiri'));
    let discards = 0;
    const probe: Agent = {
      name: 'probe',
      decide(view) {
        const a = tsumogiri.decide(view);
        const drawn = view.players[view.viewer!]!.drawn;
        if (view.phase < 4 && !view.riichi_stage2 && a < 37 && drawn !== null && view.valid_actions.some((x) => x < 37 && x !== a)) {
          expect(kindOfDiscard(a)).toBe(drawn >> 2);
          discards++;
        }
        return a;
      },
    };
    playGame([probe, new StrongAgent(), new StrongAgent(), new StrongAgent()], { seed: 5 });
    expect(discards).toBeGreaterThan(30);
  });

  it('a network that only follows the strong AI\'s own choice plays exactly as the strong AI\'s order', () => {
    const follow = new StrongAgent('s', { learnedDiscard: true }, liking('strong_choice'));
    const own = new StrongAgent('s', { learnedDiscard: false });
    const a = playGame([0, 1, 2, 3].map(() => follow), { seed: 6 }).toMjlog();
    const b = playGame([0, 1, 2, 3].map(() => own), { seed: 6 }).toMjlog();
    expect(a).toBe(b);
  });

  it('facing riichi too the network decides: a poor hand throws the genbutsu 2p by the strong AI\'s order and by the shipped network', () => {
    // 236m 258p 14789s 3z 7z + 8m: three shanten and more, the riichi player's own 2p is safe.
    const view = facingRiichi('236m258p14789s37z', '8m', '6s');
    expect(readTable(view).threats).toHaveLength(1);
    expect(new StrongAgent('s', { learnedDiscard: false }).decide(view)).toBe(idx('2p'));
    expect(new StrongAgent('s', { learnedDiscard: true }).decide(view)).toBe(idx('2p'));
    expect(new StrongAgent('s', { learnedDiscard: true }, liking('tsumogiri')).decide(view)).toBe(idx('8m'));
  });

  it('the features of every candidate come from the strong AI\'s own figures: its choice marked once, the drawn tile marked', () => {
    const view = facingRiichi('236m258p14789s37z', '8m', '6s');
    const sample = new StrongAgent().discardSample(view)!;
    const col = (f: (typeof LEARNED_DISCARD_FEATURES)[number]) => sample.rows.map((r) => r[LEARNED_DISCARD_FEATURES.indexOf(f)]!);
    expect(sample.rows.every((r) => r.length === LEARNED_DISCARD_FEATURES.length)).toBe(true);
    expect(col('strong_choice').filter((x) => x === 1)).toHaveLength(1);
    expect(sample.actions[col('strong_choice').indexOf(1)]).toBe(idx('2p'));
    expect(sample.actions[col('tsumogiri').indexOf(1)]).toBe(idx('8m'));
    expect(sample.actions[col('genbutsu').indexOf(1)]).toBe(idx('2p'));
    expect(col('threatened').every((x) => x === 1)).toBe(true);
  });

  it('its tanh stays within 1e-4 of Math.tanh everywhere (the network was trained with Math.tanh)', () => {
    let worst = 0;
    for (let z = -12; z <= 12; z += 0.001) worst = Math.max(worst, Math.abs(tanh(z) - Math.tanh(z)));
    expect(worst).toBeLessThan(1e-4);
    expect([tanh(0), tanh(30), tanh(-30)]).toEqual([0, 1, -1]);
  });
});
