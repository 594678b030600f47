/**
 * The reviewer on built positions: a clear deal-in (a live tile into a riichi while a genbutsu is
 * in hand, with a hopeless hand) is a mistake; a passed ron is a large mistake; the genbutsu fold
 * agrees with the engine; every legal option is valued with its deal-in risk against the riichi.
 */
import { describe, expect, it } from 'bun:test';
import { A } from '../../src/engine/table/actions';
import { reviewGame, severityOf, THRESHOLDS } from '../../src/modules/review/review';
import { builtGame } from './build';

// Seat 1 declares riichi on its first turn waiting on 5s-8s (123m 456m 789p 22s 67s); seat 0 (the
// dealer) holds a hopeless hand with a live 5s and, on its second draw, the North seat 1 threw.
const HANDS = ['19m2468p5s123567z', '123m456m789p22s67s', '19m13p349s123567z', '268m1357p148s244z'];
const BEFORE: [number, string, string, boolean?][] = [[0, '9p', 'tsumogiri'], [1, '4z', '4z', true], [2, '1s', 'tsumogiri'], [3, '9s', 'tsumogiri']];

function secondTurn(discard: string) {
  const report = reviewGame(builtGame(HANDS, [...BEFORE, [0, '4z', discard]]), { seats: [0] });
  const d = report.decisions.filter((x) => x.seat === 0).at(-1)!;
  return { report, d, played: d.options[d.played.option]!, engine: d.options[d.engine.option]! };
}

describe('review on built positions', () => {
  it('flags discarding a live tile into a riichi while a genbutsu is in hand', () => {
    const { d, played, engine } = secondTurn('5s');
    expect(played.text).toBe('discard 5s');
    expect(engine.text).toBe('discard North');
    expect(d.agrees).toBe(false);
    expect(d.severity).not.toBe('none');
    expect(d.loss).toBeGreaterThanOrEqual(THRESHOLDS.small);
    // The deal-in risk against the riichi seat: the live 5s is dangerous, the genbutsu is not.
    const risk = played.risk.find((r) => r.seat === 1)!;
    expect(risk.riichi).toBe(true);
    expect(risk.tenpai).toBe(1);
    expect(risk.deal_in).toBeGreaterThan(0.05);
    expect(engine.risk.find((r) => r.seat === 1)!.deal_in).toBe(0);
    expect(played.deal_in).toBeGreaterThan(engine.deal_in);
  });

  it('agrees with the genbutsu fold of a bad hand against riichi', () => {
    const { report, d, played } = secondTurn('4z');
    expect(played.text).toBe('discard North');
    expect(d.agrees).toBe(true);
    expect(d.severity).toBe('none');
    expect(d.loss).toBe(0);
    expect(report.summary[0]!.mistakes).toEqual({ small: 0, medium: 0, large: 0 });
  });

  it('values every legal discard of the turn, each with shanten, ukeire, value, win chance and ev', () => {
    const { d } = secondTurn('4z');
    const kinds = new Set(d.options.map((o) => o.text));
    expect(kinds.size).toBe(d.options.length);
    // 14 tiles of 14 kinds: 14 options.
    expect(d.options.length).toBe(14);
    for (const o of d.options) {
      expect(o.shanten).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(o.ev)).toBe(true);
      expect(o.risk.map((r) => r.seat)).toEqual([1]);
    }
    // Options are sorted by ev, best first.
    for (let i = 1; i < d.options.length; i++) expect(d.options[i - 1]!.ev).toBeGreaterThanOrEqual(d.options[i]!.ev);
  });

  it('flags passing a ron as a mistake of at least medium severity', () => {
    // Seat 0 is tenpai on 3m-6m with all simples (234m 345p 678s 22s 45m); seat 1 throws 3m.
    const hands = ['234m345p678s22s45m', '19m19p19s1234z567z', '19m19p19s1234z567z', '19m19p19s1234z567z'];
    const game = builtGame(hands, [[0, '1z', 'tsumogiri'], [1, '3m', '3m'], [2, '9m', 'tsumogiri']], '1p');
    const report = reviewGame(game, { seats: [0] });
    const d = report.decisions.find((x) => x.kind === 'win')!;
    expect(d.target! >> 2).toBe(2);
    expect(d.options.map((o) => o.action).sort()).toEqual([A.RON, A.SKIP].sort());
    expect(d.options[d.engine.option]!.action).toBe(A.RON);
    expect(d.options[d.played.option]!.action).toBe(A.SKIP);
    expect(d.options[d.engine.option]!.value).toBeGreaterThanOrEqual(1000);
    expect(d.loss).toBeGreaterThanOrEqual(THRESHOLDS.medium);
    expect(['medium', 'large']).toContain(d.severity);
    expect(report.summary[0]!.by_kind.win).toEqual({ decisions: 1, agreed: 0, rate: 0 });
  });

  it('flags throwing away a tsumo as a mistake of at least medium severity', () => {
    // Seat 0 (tenpai on 3m-6m, all simples, after discarding East) draws 6m and throws it.
    const hands = ['234m345p678s22s45m', '19m19p19s1234z567z', '19m19p19s1234z567z', '19m19p19s1234z567z'];
    const turns: [number, string, string][] = [[0, '1z', 'tsumogiri'], [1, '9m', 'tsumogiri'], [2, '9p', 'tsumogiri'], [3, '9s', 'tsumogiri'], [0, '6m', 'tsumogiri']];
    const report = reviewGame(builtGame(hands, turns, '1p'), { seats: [0] });
    const d = report.decisions.filter((x) => x.kind === 'win').at(-1)!;
    expect(d.options[d.engine.option]!.action).toBe(A.TSUMO);
    expect(d.options[d.played.option]!.text).toBe('discard 6m');
    expect(d.loss).toBeGreaterThanOrEqual(THRESHOLDS.medium);
    expect(['medium', 'large']).toContain(d.severity);
  });

  it('grades losses by the documented thresholds', () => {
    expect(severityOf(THRESHOLDS.small - 1)).toBe('none');
    expect(severityOf(THRESHOLDS.small)).toBe('small');
    expect(severityOf(THRESHOLDS.medium)).toBe('medium');
    expect(severityOf(THRESHOLDS.large)).toBe('large');
  });
});
