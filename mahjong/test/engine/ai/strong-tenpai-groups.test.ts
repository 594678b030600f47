import { describe, expect, it } from 'bun:test';
import { clearEvCaches, evCacheStats } from '../../../src/engine/ai/strong/hand-ev-cache';
import { HandEv, type EvSetup } from '../../../src/engine/ai/strong/hand-ev';
import { KeyIndex, NumberSlotCache } from '../../../src/engine/ai/strong/key-cache';
import { tenpaiDraws, tenpaiMoves, waitMask } from '../../../src/engine/ai/strong/tenpai-groups';
import { parseKinds } from '../../../src/engine/notation';
import { shanten } from '../../../src/engine/shanten';

/** A seeded LCG in [0, 1). */
const random = (seed: number) => () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32; };
const YAO = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
const isYao = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;

/** Random 3n+1 hands: crowded in one or two groups (where the waits are), seven pairs and kokushi shapes, open hands. */
function hands(count: number, seed: number): [number[], number][] {
  const rnd = random(seed);
  const out: [number[], number][] = [];
  while (out.length < count) {
    const c = new Array<number>(34).fill(0);
    const kind = rnd();
    const melds = kind < 0.1 ? 1 + Math.floor(rnd() * 2) : 0;
    if (kind >= 0.1 && kind < 0.2) {
      for (const k of YAO) c[k] = 1;
      for (let j = 0; j < 3; j++) { const a = YAO[Math.floor(rnd() * 13)]!; if (c[a]! > 0 && rnd() < 0.6) { c[a]!--; c[rnd() < 0.5 ? YAO[Math.floor(rnd() * 13)]! : Math.floor(rnd() * 34)]!++; } }
    } else if (kind >= 0.2 && kind < 0.3) {
      for (let pairs = 0; pairs < 6;) { const k = Math.floor(rnd() * 34); if (c[k] === 0) { c[k] = 2; pairs++; } }
      c[Math.floor(rnd() * 34)]!++;
      const a = Math.floor(rnd() * 34);
      if (c[a]! > 0) { c[a]!--; c[Math.floor(rnd() * 34)]!++; }
    } else {
      const groups = rnd() < 0.4 ? 1 : 2, first = Math.floor(rnd() * 4);
      for (let tiles = 0; tiles < 13 - 3 * melds;) {
        const g = (first + Math.floor(rnd() * groups)) % 4;
        const k = g < 3 ? g * 9 + Math.floor(rnd() * 9) : 27 + Math.floor(rnd() * 7);
        if (c[k]! < 4) { c[k]!++; tiles++; }
      }
    }
    if (c.every((n) => n <= 4)) out.push([c, melds]);
  }
  return out;
}

/** The draws the model tries (draw-rules.ts mayUse): held, a suit neighbour within two, or a new kind seven pairs (under seven kinds) or kokushi (ten or more of its kinds) can use. */
function tried(c: number[], melds: number, k: number): boolean {
  if (c[k]! >= 4) return false;
  let kinds = 0, yao = 0;
  for (let j = 0; j < 34; j++) if (c[j]! > 0) { kinds++; if (isYao(j)) yao++; }
  if (c[k]! > 0 || (melds === 0 && (kinds < 7 || (yao >= 10 && isYao(k))))) return true;
  if (k >= 27) return false;
  const n = k % 9;
  return (n >= 1 && c[k - 1]! > 0) || (n >= 2 && c[k - 2]! > 0) || (n <= 7 && c[k + 1]! > 0) || (n <= 6 && c[k + 2]! > 0);
}

/** waitMask by the engine: every kind (fewer than 4 held) whose added copy makes the hand complete. */
function engineWaits(c: number[], melds: number): number {
  let mask = 0;
  for (let w = 0; w < 34; w++) if (c[w]! < 4) { c[w]!++; if (shanten(c, melds) === -1) mask += 2 ** w; c[w]!--; }
  return mask;
}

describe('strong AI: tenpai and waits from the group tables (tenpai-groups.ts)', () => {
  const sample = hands(1500, 29);

  it('waitMask gives the engine\'s waits on every hand', () => {
    let tenpai = 0;
    for (const [c, melds] of sample) {
      const want = engineWaits(c, melds);
      if (want !== 0) tenpai++;
      expect(waitMask(c, melds)).toBe(want);
    }
    expect(tenpai).toBeGreaterThan(100);
  });

  it('tenpaiMoves lists every draw and discard to tenpai, in order, with the waits of the hand each reaches', () => {
    const out = new Int16Array(600), waits = new Float64Array(600);
    let moves = 0;
    for (const [c, melds] of sample) {
      const want: number[] = [];
      for (let k = 0; k < 34; k++) {
        if (!tried(c, melds, k)) continue;
        for (let e = 0; e < 34; e++) {
          if (c[e] === 0 || e === k) continue;
          c[k]!++; c[e]!--;
          if (shanten(c, melds) === 0) want.push(k * 64 + e);
          c[k]!--; c[e]!++;
        }
      }
      const n = tenpaiMoves(c, melds, out, 7, waits);
      expect([...out.subarray(7, 7 + n)]).toEqual(want);
      for (let i = 0; i < n; i++) {
        const k = out[7 + i]! >> 6, e = out[7 + i]! & 63;
        c[k]!++; c[e]!--;
        expect(waits[7 + i]).toBe(engineWaits(c, melds));
        c[k]!--; c[e]!++;
      }
      moves += n;
    }
    expect(moves).toBeGreaterThan(1000);
  });

  it('tenpaiDraws gives every draw after which some discard leaves the hand tenpai', () => {
    let draws = 0;
    for (const [c, melds] of sample) {
      let want = 0;
      for (let k = 0; k < 34; k++) {
        if (!tried(c, melds, k)) continue;
        let hit = false;
        for (let e = 0; e < 34 && !hit; e++) {
          if (c[e] === 0 || e === k) continue;
          c[k]!++; c[e]!--;
          hit = shanten(c, melds) === 0;
          c[k]!--; c[e]!++;
        }
        if (hit) { want += 2 ** k; draws++; }
      }
      expect(tenpaiDraws(c, melds)).toBe(want);
    }
    expect(draws).toBeGreaterThan(1000);
  });

  it('seven pairs and kokushi waits: a single, thirteen kinds, the missing kind', () => {
    const mask = (text: string) => { const c = new Array<number>(34).fill(0); for (const k of parseKinds(text)) c[k]!++; return waitMask(c, 0); };
    expect(mask('1144m2255p3366s7z')).toBe(2 ** 33);
    expect(mask('19m19p19s1234567z')).toBe(YAO.reduce((a, k) => a + 2 ** k, 0));
    expect(mask('119m19p19s123456z')).toBe(2 ** 33);
  });
});

describe('strong AI: the model\'s caches give the numbers it gives without them', () => {
  function setupOf(c: number[]): EvSetup {
    const unseen = c.map((n) => 4 - n);
    const values = (h: number[], w: Int8Array, n: number, out: Float64Array) => { for (let i = 0; i < n; i++) out[i] = 1000 + 100 * w[i]! + 10 * h[w[i]!]!; };
    return { unseen, total: unseen.reduce((a, b) => a + b, 0), rate: 1.5, values };
  }

  it('values with caches emptied, warm, and after the ring of move lists has come round', () => {
    const oneShanten = hands(4000, 71).filter(([c, melds]) => melds === 0 && shanten(c, 0) === 1).map(([c]) => c);
    expect(oneShanten.length).toBeGreaterThan(200);
    const values = (hs: number[][]) => hs.map((c) => new HandEv(setupOf(c), 12).value(c.slice(), 1));
    clearEvCaches();
    const cold = values(oneShanten);
    expect(values(oneShanten)).toEqual(cold);
    // Enough new hands to write the ring (2^18 moves) over several times, then the first ones again.
    const filler = hands(60000, 72).filter(([c, melds]) => melds === 0 && shanten(c, 0) === 1).map(([c]) => c);
    // The same shapes with man and pin swapped: other hands, as many moves again.
    const swapped = filler.map((c) => [...c.slice(9, 18), ...c.slice(0, 9), ...c.slice(18)]);
    const before = evCacheStats.ringWritten;
    values(filler);
    values(swapped);
    expect(evCacheStats.ringWritten - before).toBeGreaterThan(evCacheStats.ring);
    expect(values(oneShanten)).toEqual(cold);
  });

  it('KeyIndex and NumberSlotCache: what was added, through growth and replacement', () => {
    const index = new KeyIndex();
    const keys = Array.from({ length: 500 }, (_, i) => i * 2 ** 40 + i * 7919);
    keys.forEach((k, i) => index.add(k, i));
    keys.forEach((k, i) => expect(index.get(k)).toBe(i));
    expect(index.get(0)).toBe(0);
    expect(index.get(3)).toBe(-1);
    const cache = new NumberSlotCache(4);
    cache.set(5, 11);
    expect(cache.get(5)).toBe(11);
    cache.set(5 + 16, 12); // the same slot: replaced
    expect(cache.get(5)).toBe(-1);
    expect(cache.get(21)).toBe(12);
    cache.clear();
    expect(cache.get(21)).toBe(-1);
  });
});
