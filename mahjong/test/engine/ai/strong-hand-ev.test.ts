import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { HandEv, type EvSetup } from '../../../src/engine/ai/strong/hand-ev';
import { formatTiles, parseKinds } from '../../../src/engine/notation';
import { shanten } from '../../../src/engine/shanten';
import { idx, scenario } from '../table/_scenario';

const countsOf = (text: string): number[] => {
  const c = new Array<number>(34).fill(0);
  for (const k of parseKinds(text)) c[k]! += 1;
  return c;
};

/** Draw pool: four of each kind minus the hand and `seen`; total = the pool's size (the draw chances sum to 1). */
function setup(hand: number[], seen: string, value: Value): EvSetup & { value: Value } {
  const unseen = hand.map((n) => 4 - n);
  for (const k of parseKinds(seen)) unseen[k]! -= 1;
  const values = (c: number[], waits: Int8Array, n: number, out: Float64Array) => {
    for (let i = 0; i < n; i++) { const w = waits[i]!; c[w]! += 1; out[i] = value(c, w); c[w]! -= 1; }
  };
  return { unseen, total: unseen.reduce((a, b) => a + b, 0), rate: 1, values, value };
}

/** Points of the complete 14-tile hand `c` won on `win`. */
type Value = (c: number[], win: number) => number;

/**
 * The model by brute force: every draw sequence of n draws over the whole hand, with the engine's
 * shanten at each step; a draw that completes the hand wins its value, one that lowers shanten is
 * kept with the best discard that stays at the lower shanten (expectimax), any other is thrown.
 */
function brute(c: number[], n: number, s: EvSetup & { value: Value }, memo = new Map<string, number>()): number {
  if (n === 0) return 0;
  const key = `${c.join('')}:${n}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const sh = shanten(c, 0);
  let e = 0;
  for (let k = 0; k < 34; k++) {
    const u = s.unseen[k]!;
    if (u <= 0) continue;
    const q = u / s.total;
    c[k]! += 1;
    const after = shanten(c, 0);
    if (after === -1) e += q * s.value(c, k);
    else if (after < sh) {
      let best = 0;
      for (let d = 0; d < 34; d++) {
        if (c[d] === 0) continue;
        c[d]! -= 1;
        if (shanten(c, 0) === after) best = Math.max(best, brute(c, n - 1, s, memo));
        c[d]! += 1;
      }
      e += q * best;
    } else {
      c[k]! -= 1;
      e += q * brute(c, n - 1, s, memo);
      c[k]! += 1;
    }
    c[k]! -= 1;
  }
  memo.set(key, e);
  return e;
}

// A value that depends on the hand and on the winning tile, so a wrong wait or discard shows.
const value = (c: number[], win: number) => 1000 + 700 * c[4]! + 300 * c[22]! + 50 * win + (c[27]! >= 3 ? 2000 : 0);

describe('strong AI: expected score of a closed hand (hand-ev.ts)', () => {
  const hands: [string, string, number][] = [
    ['234m567p3456s111z', '', 0], // tenpai, 3-6s
    ['11m567p345678s77z', '5m', 0], // tenpai on a shanpon (1m, 7z)
    ['2346m567p345s116z', '9m9s', 1], // one shanten
    ['13m567p234556s11z', '7z', 1], // one shanten, several shapes
    ['1345m2468p135s11z', '', 2], // two shanten
    ['1144m2255p336s17z', '4m', 1], // one shanten for seven pairs only
    ['11144m2255p3366s', '', 1], // seven pairs with six kinds: any new kind is a draw that counts
    ['19m19p19s1234567z', '', 0], // kokushi, thirteen-sided
    ['159m19p19s123455z', '', 1], // kokushi, one shanten
  ];
  for (const [text, seen, sh] of hands) {
    it(`equals the brute-force expectimax over draws: ${text}`, () => {
      const c = countsOf(text);
      expect(c.reduce((a, b) => a + b, 0)).toBe(13);
      expect(shanten(c, 0)).toBe(sh);
      const s = setup(c, seen, value);
      const model = new HandEv(s, 3);
      const curve = model.curve(c.slice(), sh);
      for (let n = 0; n <= 3; n++) expect(curve[n]!).toBeCloseTo(brute(c.slice(), n, s), 6);
      expect(curve[3]!).toBeGreaterThan(0);
    });
  }

  it('with evApprox, a two-shanten hand\'s one-shanten hands are valued by their acceptance (approxOne), as computed here with the engine\'s shanten', () => {
    const gamma = 1.6;
    // The approximation by brute force: the draws to tenpai of one-shanten hand h (some discard
    // then reaches shanten 0), their chance Q and mean value V as if h waited on them, then
    // A(m) = Q·V·(1 − (1 − γQ)^(m − 1)) + (1 − Q)·A(m − 1).
    const approx = (h: number[], m: number, s: EvSetup & { value: Value }): number => {
      let q = 0, qv = 0;
      for (let k = 0; k < 34; k++) {
        if (s.unseen[k]! <= 0 || h[k]! >= 4) continue;
        h[k]! += 1;
        let hit = false;
        for (let e = 0; e < 34 && !hit; e++) { if (h[e] === 0 || e === k) continue; h[e]! -= 1; hit = shanten(h, 0) === 0; h[e]! += 1; }
        if (hit) { const u = s.unseen[k]! / s.total; q += u; qv += u * s.value(h, k); }
        h[k]! -= 1;
      }
      const p = Math.min(1, gamma * q);
      let a = 0;
      for (let j = 1; j <= m; j++) a = q * (qv / (q || 1)) * (1 - (1 - p) ** (j - 1)) + (1 - q) * a;
      return a;
    };
    const two = (c: number[], n: number, s: EvSetup & { value: Value }): number => {
      if (n === 0) return 0;
      let e = 0, q = 0;
      for (let k = 0; k < 34; k++) {
        if (s.unseen[k]! <= 0) continue;
        c[k]! += 1;
        if (shanten(c, 0) === 1) {
          let best = 0;
          for (let d = 0; d < 34; d++) { if (c[d] === 0 || d === k) continue; c[d]! -= 1; if (shanten(c, 0) === 1) best = Math.max(best, approx(c, n - 1, s)); c[d]! += 1; }
          q += s.unseen[k]! / s.total;
          e += (s.unseen[k]! / s.total) * best;
        }
        c[k]! -= 1;
      }
      return e + (1 - q) * two(c, n - 1, s);
    };
    for (const [text, seen] of [['1345m2468p135s11z', ''], ['124566m23p27778s', '7s'], ['55m456p23566899s', '7z']] as const) {
      const c = countsOf(text);
      expect(shanten(c, 0)).toBe(2);
      const s = setup(c, seen, value);
      const curve = new HandEv(s, 4, 0, gamma).curve(c.slice(), 2);
      for (let n = 0; n <= 4; n++) expect(curve[n]!).toBeCloseTo(two(c.slice(), n, s), 6);
      // It is an approximation: the searched model gives another number.
      expect(Math.abs(new HandEv(s, 4).curve(c.slice(), 2)[4]! - curve[4]!)).toBeGreaterThan(1);
    }
  });

  it('a tenpai hand: value × (1 − (1 − p)^n), and three waits against one', () => {
    const c = countsOf('234m567p3456s111z');
    const s = { ...setup(c, '', () => 1000), total: 100 };
    const model = new HandEv(s, 10);
    // 3s and 6s: 3 unseen each.
    const p = 6 / 100;
    expect(model.value(c.slice(), 0)).toBeCloseTo(1000 * (1 - (1 - p) ** 10), 9);
    const tanki = countsOf('234m567p345s1113z'); // 3z only
    expect(new HandEv({ ...setup(tanki, '', () => 1000), total: 100 }, 10).value(tanki, 0)).toBeCloseTo(1000 * (1 - (1 - 3 / 100) ** 10), 9);
  });

  it('per-wait rates: each wait won at its own rate, and a furiten hand by its own draws only', () => {
    const c = countsOf('234m567p3456s111z');
    const rates = new Float64Array(34).fill(1.5);
    rates[20] = 3; // 3s, say a suji the opponents throw
    const s = { ...setup(c, '', () => 1000), total: 100, rates };
    const p = (3 * 3 + 1.5 * 3) / 100;
    expect(new HandEv(s, 10).value(c.slice(), 0)).toBeCloseTo(1000 * (1 - (1 - p) ** 10), 9);
    // 6s in our own river: furiten, every wait at rate 1 whatever `rates` says.
    const river = new Uint8Array(34);
    river[23] = 1;
    expect(new HandEv({ ...s, river }, 10).value(c.slice(), 0)).toBeCloseTo(1000 * (1 - (1 - 6 / 100) ** 10), 9);
  });
});

describe('strong AI: the expected score chooses among close discards (handEv)', () => {
  it('keeps all simples at one shanten for two tiles of acceptance less', () => {
    // 233356m12334456s + 2m with no threat: throwing 2m leaves 20 tiles to tenpai, throwing 1s 18
    // (2m 5m 1s 4s 5s 7s), but every tenpai then keeps all simples.
    const g = scenario({ hands: ['33356m12334456s', '1199p99s2233445z', '1199p11m4556667z', '999m888p888s1122z'], draws: '2m', dora: '7z' });
    const view = g.stateView(0);
    expect(formatTiles(view.players[0]!.hand as number[])).toBe('233356m12334456s');
    expect(new StrongAgent('acceptance', { handEv: -1 }).decide(view)).toBe(idx('2m'));
    expect(new StrongAgent('expected score', { handEv: 1, evMargin: 1e9 }).decide(view)).toBe(idx('1s'));
  });

  it('the approximate two-shanten model (evApprox) plays its own discard on a built position', () => {
    // 22345689m677p799s (two shanten) + 5m: the usual score and the searched two-shanten model
    // throw 2m; valuing the one-shanten hands by their acceptance throws 7p. Found by a search over
    // random two-shanten hands.
    const g = scenario({ hands: ['2234689m677p799s', '1199p99s2233445z', '1199p11m4556667z', '999m888p888s1122z'], draws: '5m', dora: '7z' });
    const view = g.stateView(0);
    expect(formatTiles(view.players[0]!.hand as number[])).toBe('22345689m677p799s');
    expect(new StrongAgent('default').decide(view)).toBe(idx('2m'));
    expect(new StrongAgent('searched', { handEv: 2, evMargin: 10 }).decide(view)).toBe(idx('2m'));
    expect(new StrongAgent('approximate', { handEv: 2, evMargin: 10, evApprox: 1.6 }).decide(view)).toBe(idx('7p'));
  });

  it('plays at one shanten by default (discards within one acceptance tile of the top one), and with half a tile', () => {
    // 6789m2223p7p35678s + 8m: the usual score throws the lone 7p, the model 9m (keeping 678m,
    // 678s and the 7p next to 222p3p). Found by a search over random one-shanten hands.
    const g = scenario({ hands: ['679m22237p35678s', '1199p99s2233445z', '1199p11m4556667z', '999m888p888s1122z'], draws: '8m', dora: '7z' });
    const view = g.stateView(0);
    expect(new StrongAgent('without the model', { handEv: -1 }).decide(view)).toBe(idx('7p'));
    expect(new StrongAgent('default').decide(view)).toBe(idx('9m'));
    expect(new StrongAgent('explicit', { handEv: 1, evMargin: 5 }).decide(view)).toBe(idx('9m'));
  });
});
