/**
 * The replay analysis (src/modules/replay/analysis.ts): shanten, ukeire and waits of known hands
 * worked out by hand; on whole Tenhou logs, every position and every candidate discard checked
 * against the engine's own shanten (a draw is useful exactly when it lowers shanten), every
 * decision against the steps of the same replay, and the result panels against the log.
 */
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTiles } from '../../src/engine/notation';
import { shanten } from '../../src/engine/shanten';
import { analyseGame, candidatesOf, danName, positionOf } from '../../src/modules/replay/analysis';
import { loadText } from '../../src/modules/replay/service';
import { buildSteps } from '../../src/modules/replay/steps';

const MJLOG = join(import.meta.dir, '../fixtures/data/mjlog');
const paipuOf = (name: string) => loadText(readFileSync(join(MJLOG, name), 'utf8')).paipu;
const NOTHING_SEEN = new Array<number>(34).fill(0);
/** A replay step shows every hand: its tiles, never a count. */
const shown = (hand: number | number[]): number[] => {
  if (typeof hand === 'number') throw new Error('a replay step shows every hand');
  return hand;
};
const countsOf = (hand: readonly number[]) => {
  const c = new Array<number>(34).fill(0);
  for (const id of hand) c[id >> 2]! += 1;
  return c;
};
/** Kinds whose draw lowers the shanten of a 3n+1 hand, by brute force over the engine's shanten. */
function usefulDraws(counts: number[], melds: number): number[] {
  const before = shanten(counts, melds);
  const out: number[] = [];
  for (let k = 0; k < 34; k++) {
    if (counts[k]! >= 4) continue;
    counts[k]! += 1;
    if (shanten(counts, melds) < before) out.push(k);
    counts[k]! -= 1;
  }
  return out;
}

describe('positions worked out by hand', () => {
  it('23m 13p 456p 678s 99s East: 1-shanten, 1m 4m (23m) and 2p (13p) make tenpai, 12 tiles', () => {
    // Two sets (456p, 678s), two partials (23m, 13p), a pair (99s): 8 − 2·2 − 2 − 1 = 1.
    // 9s makes a third set but leaves no pair; East makes a pair that nothing needs.
    const p = positionOf(0, parseTiles('23m13p456p678s99s1z'), 0, NOTHING_SEEN);
    expect(p.shanten).toBe(1);
    expect(p.ukeire).toEqual({ kinds: [0, 3, 10], left: [4, 4, 4], total: 12 });
    expect(p.waits).toBeNull();
  });

  it('counts only copies the seat cannot see: two 1m in rivers, one 4m a dora indicator', () => {
    const seen = NOTHING_SEEN.slice();
    seen[0] = 2;
    seen[3] = 1;
    const p = positionOf(0, parseTiles('23m13p456p678s99s1z'), 0, seen);
    expect(p.ukeire).toEqual({ kinds: [0, 3, 10], left: [2, 3, 4], total: 9 });
  });

  it('123m 456p 789s 11z 22z: tenpai on East and South (shanpon), two of each left', () => {
    const p = positionOf(0, parseTiles('123m456p789s1122z'), 0, NOTHING_SEEN);
    expect(p.shanten).toBe(0);
    expect(p.waits).toEqual({ kinds: [27, 28], left: [2, 2], total: 4 });
    expect(p.ukeire).toEqual(p.waits);
  });

  it('a tenpai hand is furiten when a winning kind is marked (own river or passed)', () => {
    const hand = parseTiles('123m456p789s1122z');
    expect(positionOf(0, hand, 0, NOTHING_SEEN, (k) => k === 28).furiten).toBe(true);
    expect(positionOf(0, hand, 0, NOTHING_SEEN, (k) => k === 5).furiten).toBe(false);
  });

  it('candidates of 23m 123p 456p 678s 99s East: East first, tenpai on 1m-4m with 8 tiles', () => {
    const hand = parseTiles('23m123p456p678s99s1z');
    const legal = [...new Set(hand.map((id) => id >> 2))];
    const cands = candidatesOf(hand, 0, NOTHING_SEEN, legal);
    expect(cands.map((c) => c.kind).sort((a, b) => a - b)).toEqual(legal.sort((a, b) => a - b));
    expect(cands[0]).toMatchObject({ kind: 27, discard: 27, shanten: 0, ukeire: { kinds: [0, 3], left: [4, 4], total: 8 } });
    // Every other discard leaves 1-shanten; 2m leaves 3m 99s … with 1m–5m, 9s, East useful.
    expect(cands.slice(1).every((c) => c.shanten === 1)).toBe(true);
    // Best first: shanten, then more tiles.
    for (let i = 1; i < cands.length; i++) {
      const [a, b] = [cands[i - 1]!, cands[i]!];
      expect(a.shanten < b.shanten || (a.shanten === b.shanten && a.ukeire.total >= b.ukeire.total)).toBe(true);
    }
  });

  it('one candidate per kind: a red five and a plain five are one discard (the plain one named)', () => {
    const hand = parseTiles('0m5m123p456p678s99s1z');
    const cands = candidatesOf(hand, 0, NOTHING_SEEN, [4, 34, 9, 10, 11, 12, 13, 14, 23, 24, 25, 26, 27]);
    expect(cands.filter((c) => c.kind === 4)).toHaveLength(1);
    expect(cands.find((c) => c.kind === 4)!.discard).toBe(4);
    expect(candidatesOf(hand, 0, NOTHING_SEEN, [34, 27]).find((c) => c.kind === 4)!.discard).toBe(34);
  });

  it('names Tenhou ranks', () => {
    expect(danName(0)).toEqual({ en: 'novice', ja: '新人' });
    expect(danName(1)).toEqual({ en: '9 kyu', ja: '９級' });
    expect(danName(9)).toEqual({ en: '1 kyu', ja: '１級' });
    expect(danName(10)).toEqual({ en: '1 dan', ja: '初段' });
    expect(danName(16)).toEqual({ en: '7 dan', ja: '七段' });
    expect(danName(19)).toEqual({ en: '10 dan', ja: '十段' });
    expect(danName(20)).toEqual({ en: 'tenhou', ja: '天鳳' });
  });
});

describe('a whole Tenhou hanchan', () => {
  const paipu = paipuOf('2010081709gm-00a9-0000-fe3371ad.mjlog');
  const a = analyseGame(paipu);
  const { steps } = buildSteps(paipu);

  it('has one entry per replay step and the players of the UN tag, names decoded', () => {
    expect(a.total).toBe(steps.length);
    expect(a.steps.map((s) => s.step)).toEqual(steps.map((s) => s.step));
    expect(a.ai).toBe('strong');
    expect(a.players.map((p) => p.name)).toEqual(['反陽子さん', 'ASAPIN', 'でこじ', 'デジタル仙人']);
    expect(a.players.map((p) => [p.dan, p.dan_name, p.rate, p.sex])).toEqual([[16, '7 dan', 2121, 'M'], [17, '8 dan', 2181, 'M'], [17, '8 dan', 2185, 'M'], [17, '8 dan', 2177, 'F']]);
  });

  it("every seat's position at every step: the step's hand, the engine's shanten, useful draws by brute force", () => {
    let checked = 0;
    for (const [i, s] of a.steps.entries()) {
      const state = steps[i]!.state;
      for (let seat = 0; seat < 4; seat++) {
        const pos = a.positions[s.seats[seat]!]!;
        const pl = state.players[seat]!;
        expect(pos.seat).toBe(seat);
        expect(pos.concealed).toBe(shown(pl.hand).length);
        const counts = countsOf(shown(pl.hand));
        expect(pos.shanten).toBe(shanten(counts, pl.melds.length));
        if (pos.ukeire) {
          expect(pos.ukeire.kinds).toEqual(usefulDraws(counts, pl.melds.length));
          expect(pos.ukeire.total).toBe(pos.ukeire.left.reduce((x, y) => x + y, 0));
          checked++;
        }
        expect(pos.waits !== null).toBe(pos.shanten === 0 && pos.concealed % 3 === 1);
      }
    }
    expect(checked).toBeGreaterThan(4000);
  });

  it('copies left are 4 − in hand − in rivers (uncalled), melds and dora indicators', () => {
    const i = a.steps.findIndex((s, n) => n > 60 && steps[n]!.event_type === 'discard');
    const state = steps[i]!.state;
    const seen = new Array<number>(34).fill(0);
    for (const p of state.players) {
      for (const r of p.river) if (!r.called) seen[r.tile >> 2]! += 1;
      for (const m of p.melds) for (const id of m.tiles) seen[id >> 2]! += 1;
    }
    for (const d of state.dora) seen[d >> 2]! += 1;
    for (let seat = 0; seat < 4; seat++) {
      const pos = a.positions[a.steps[i]!.seats[seat]!]!;
      const held = countsOf(shown(state.players[seat]!.hand));
      pos.ukeire!.kinds.forEach((k, j) => expect(pos.ukeire!.left[j]).toBe(Math.max(0, 4 - held[k]! - seen[k]!)));
    }
  });

  it('a decision at every draw (and call) of the seat to act, with its candidates checked against shanten', () => {
    expect(a.decisions.length).toBeGreaterThan(500);
    for (const d of a.decisions) {
      const step = steps[d.step]!;
      expect(step.player).toBe(d.seat);
      expect(['draw', 'call']).toContain(step.event_type);
      expect(a.steps[d.step]!.decision).toBe(a.decisions.indexOf(d));
      const pl = step.state.players[d.seat]!;
      expect(shown(pl.hand).length % 3).toBe(2);
      const counts = countsOf(shown(pl.hand));
      expect(d.shanten).toBe(shanten(counts, pl.melds.length));
      for (const c of d.candidates) {
        expect(counts[c.kind]).toBeGreaterThan(0);
        counts[c.kind]! -= 1;
        expect(c.shanten).toBe(shanten(counts, pl.melds.length));
        expect(c.ukeire.kinds).toEqual(usefulDraws(counts, pl.melds.length));
        counts[c.kind]! += 1;
      }
      if (d.shanten >= 0 && d.candidates.length) expect(d.candidates[0]!.shanten).toBe(d.shanten);
      // The AI and the player each mark at most one candidate, a discard exactly one.
      expect(d.candidates.filter((c) => c.ai_choice).length).toBe(d.ai.discard === null ? 0 : 1);
      if (d.played) expect(d.candidates.filter((c) => c.played).length).toBe(d.played.discard === null ? 0 : 1);
      expect(d.agrees).toBe(d.played ? d.played.action === d.ai.action && d.played.riichi === d.ai.riichi : null);
    }
  });

  it("the played choice is the seat's next move in the steps", () => {
    for (const d of a.decisions) {
      const next = steps.slice(d.step + 1).find((s) => s.player === d.seat && s.event_type !== 'dora')!;
      if (!d.played) continue;
      if (d.played.riichi) {
        expect(next.event_type).toBe('riichi');
        expect(d.played.text).toStartWith('riichi, discard');
      } else if (d.played.discard !== null) {
        expect(next.event_type).toBe('discard');
        const river = next.state.players[d.seat]!.river;
        expect(river.at(-1)!.tsumogiri).toBe(d.played.tsumogiri);
      } else expect(['call', 'agari', 'ryuukyoku']).toContain(next.event_type);
    }
    expect(a.decisions.some((d) => d.played?.riichi)).toBe(true);
    expect(a.decisions.some((d) => d.played?.tsumogiri)).toBe(true);
    expect(a.decisions.some((d) => d.agrees === false)).toBe(true);
    expect(a.decisions.some((d) => d.agrees === true)).toBe(true);
  });

  it('after a chi or pon the candidates leave out what kuikae forbids (the called kind)', () => {
    const afterCall = a.decisions.filter((d) => steps[d.step]!.event_type === 'call');
    expect(afterCall.length).toBeGreaterThan(0);
    for (const d of afterCall) {
      const meld = steps[d.step]!.state.players[d.seat]!.melds.at(-1)!;
      expect(d.candidates.map((c) => c.kind)).not.toContain(meld.called! >> 2);
    }
  });

  it('a result panel per hand: indicators, yaku adding up to han, deltas adding up to the new scores', () => {
    expect(a.hands).toHaveLength(paipu.rounds.length);
    for (const [i, h] of a.hands.entries()) {
      expect(h.kyoku_index).toBe(i);
      expect(h.dora.length).toBeGreaterThan(0);
      expect(h.scores_before.map((s, j) => s + h.deltas[j]!)).toEqual(h.scores_after);
      expect(steps[h.first_step]!.event_type).toBe('init');
      expect(steps[h.last_step]!.event_type).toBe('kyoku_end');
      const log = paipu.rounds[i]!.events.filter((e) => e.t === 'agari');
      expect(h.wins.length).toBe(log.length);
      for (const [j, w] of h.wins.entries()) {
        const e = log[j]!;
        if (e.t !== 'agari') continue;
        expect([w.who, w.from_who, w.fu, w.points]).toEqual([e.who, e.fromWho, e.fu, e.points]);
        expect(w.han).toBe(w.yaku.reduce((n, y) => n + y.han, 0));
        expect(w.dora).toEqual(e.doraIndicators);
        expect(w.ura).toEqual(e.uraIndicators);
        // Ura indicators come with riichi (Tenhou writes them only then).
        expect(w.ura.length > 0).toBe(w.yaku.some((y) => y.id === 1 || y.id === 21));
      }
      if (h.type === 'ryuukyoku') expect(h.kind_name).toBeString();
    }
    expect(a.hands.some((h) => h.ura.length > 0)).toBe(true);
  });
});

describe('other logs', () => {
  it('a log cut inside a hand: as many entries as steps, the last hand unfinished', () => {
    const paipu = paipuOf('2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog');
    const a = analyseGame(paipu);
    expect(a.total).toBe(buildSteps(paipu).steps.length);
    expect(a.hands.at(-1)!.type).toBe('unfinished');
    for (const d of a.decisions) expect(d.step).toBeLessThan(a.total);
  });

  it.each([
    ['upd-aft-draw-tsumo-tsumo.mjlog', 'tsumo'],
    ['upd-aft-draw-kyuusyu-kyuusyu.mjlog', 'nine terminals (abort)'],
    ['upd-aft-draw-kanclosed-dora+draw.mjlog', 'closed kan White dragon'],
    ['encdec-nowinner-multi-top.mjlog', 'added kan'],
  ])('%s: a decision whose played move is %s', (file, text) => {
    const a = analyseGame(paipuOf(file));
    expect(a.decisions.some((d) => d.played?.text.startsWith(text))).toBe(true);
  });

  it('a yakuman panel counts 13 han per yakuman (Tenhou records none)', () => {
    const win = analyseGame(paipuOf('encdec-tenhou.mjlog')).hands.flatMap((h) => h.wins).find((w) => w.limit_name === 'yakuman')!;
    expect(win.yaku).toEqual([{ id: 37, name: 'Tenhou', han: 13 }]);
    expect(win.han).toBe(13);
  });

  it('a whole game analysed for every fixture that replays, steps aligned', () => {
    for (const file of ['double-ron.mjlog', 'pao-tsumo.mjlog', 'upd-aft-nm.mjlog', 'upd-aft-reach4.mjlog']) {
      const paipu = paipuOf(file);
      const a = analyseGame(paipu);
      expect(a.steps.length).toBe(buildSteps(paipu).steps.length);
      expect(a.hands.length).toBe(paipu.rounds.length);
    }
  });
});
