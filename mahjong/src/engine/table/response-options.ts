/**
 * Answers to a discard, an added kan or a closed kan: who may ron (furiten, chankan, kokushi on
 * an ankan), chi/pon/daiminkan with their red-five variants, and kuikae. Also the hand tiles a
 * call uses, for executing it.
 */
import { shantenKokushi } from '../rules';
import { A } from './actions';
import type { HandState, Target } from './hand-state';
import { furitenOn, type PlayerState } from './player';
import { roundWindOf, winContext } from './settle';
import { countsWith, evaluateWin, waitsOf, yakuByTiles, yakuCertain } from './win';
import { isRed } from '../tiles';
import { MASK_REDS } from './hand-masks';


export function canRon(k: HandState, seat: number, target: Target): boolean {
  const p = k.players[seat]!;
  const tile = target.tile;
  if (!waitsOf(p).includes(tile >> 2)) return false;
  if (target.kind === 'ankan' && (p.melds.length > 0 || shantenKokushi(countsWith(p.hand, tile)) !== -1)) return false;
  // Furiten: a winning kind discarded by the seat or passed since its turn (a loop, no closure).
  const waits = waitsOf(p);
  for (let i = 0; i < waits.length; i++) if (furitenOn(p, waits[i]!)) return false;
  return yakuCertain(p, false) || yakuByTiles(p, tile, k.seatWind(seat), roundWindOf(k)) || evaluateWin(p, seat, tile, winContext(k, seat, false)) !== null;
}

/**
 * Kinds kuikae forbids after calling `called` with chi action `action` (or pon). The lists are
 * made once and shared (a seat's forbidden list is replaced, never changed): never change one.
 */
export function kuikae(action: number, called: number): number[] {
  const kind = called >> 2;
  const n = kind % 9;
  if ((action === A.CHI_LOW || action === A.CHI_LOW_RED) && kind < 27 && n <= 5) return KUIKAE_UP[kind]!;
  if ((action === A.CHI_HIGH || action === A.CHI_HIGH_RED) && kind < 27 && n >= 3) return KUIKAE_DOWN[kind]!;
  return KUIKAE_SAME[kind]!;
}

const KUIKAE_SAME = Array.from({ length: 34 }, (_, kind) => [kind]);
const KUIKAE_UP = Array.from({ length: 34 }, (_, kind) => [kind, kind + 3]);
const KUIKAE_DOWN = Array.from({ length: 34 }, (_, kind) => [kind, kind - 3]);

/** Hand tiles a chi/pon/daiminkan action uses, or null when the hand lacks them. */
export function callTiles(p: PlayerState, action: number, tile: number, prefer?: readonly number[]): number[] | null {
  const natural = naturalCallTiles(p, action, tile);
  if (!natural || !prefer) return natural;
  // A replay names the exact copies; accept them when they are the same kinds and red-ness.
  const want = prefer.filter((id) => id !== tile);
  const key = (xs: readonly number[]) => xs.map((id) => `${id >> 2}${isRed(id) ? 'r' : ''}`).sort().join();
  return want.length === natural.length && key(want) === key(natural) && want.every((id) => p.hand.includes(id)) ? [...want] : natural;
}

/** The `n`-th plain (not red) copy of `kind` in the hand, ascending, or -1 (read from the hand's bit set). */
function plainCopy(p: PlayerState, kind: number, n: number): number {
  // The kind's four ids are four bits of one word; copy 0 of a five is the red one.
  let copies = (p.ids[kind >> 3]! >>> ((kind & 7) * 4)) & 15;
  if (kind === 4 || kind === 13 || kind === 22) copies &= ~1;
  for (; copies !== 0; copies &= copies - 1) if (n-- === 0) return kind * 4 + 31 - Math.clz32(copies & -copies);
  return -1;
}

/** The red five of `kind` if the hand holds it, else -1. */
const redCopy = (p: PlayerState, kind: number): number => (redHeld(p, kind) ? 16 + 36 * ((kind - 4) / 9) : -1);

function naturalCallTiles(p: PlayerState, action: number, tile: number): number[] | null {
  const kind = tile >> 2;
  if (action === A.PON || action === A.PON_RED) {
    const red = redCopy(p, kind);
    const first = plainCopy(p, kind, 0);
    if (action === A.PON) {
      const second = first < 0 ? -1 : plainCopy(p, kind, 1);
      return second >= 0 ? [first, second] : null;
    }
    return red >= 0 && first >= 0 ? [red, first] : null;
  }
  if (action === A.DAIMINKAN) {
    const red = redCopy(p, kind);
    const all: number[] = red >= 0 ? [red] : [];
    for (let n = 0; n < 3; n++) { const id = plainCopy(p, kind, n); if (id < 0) break; all.push(id); }
    return all.length === 3 ? all : null;
  }
  if (kind >= 27) return null;
  const n = kind % 9;
  const shape = (action - A.CHI_LOW) % 3;
  const useRed = action >= A.CHI_LOW_RED;
  const lo = shape === 0 ? 1 : shape === 1 ? -1 : -2;
  const hi = shape === 0 ? 2 : shape === 1 ? 1 : -1;
  if (n + lo < 0 || n + hi > 8) return null;
  const out: number[] = [];
  let usedRed = false;
  for (let j = 0; j < 2; j++) {
    const k = kind + (j === 0 ? lo : hi);
    const red = redCopy(p, k);
    if (useRed && red >= 0) { out.push(red); usedRed = true; continue; }
    const plain = plainCopy(p, k, 0);
    if (plain < 0) return null;
    out.push(plain);
  }
  return useRed && !usedRed ? null : out;
}

/** Cheap test whether the seat could do anything with the tile (most discards: nobody). */
function mayAnswer(k: HandState, seat: number, target: Target): boolean {
  const p = k.players[seat]!;
  const kind = target.tile >> 2;
  const waits = waitsOf(p);
  if (waits.length > 0 && waits.includes(kind)) return true;
  if (target.kind !== 'discard' || p.riichi || k.tilesLeft <= 0) return false;
  const c = p.counts;
  if (c[kind]! >= 2) return true;
  return kind < 27 && seat === (target.from + 1) % 4 && chiShape(c, kind);
}

/** The hand holds two tiles that make a sequence with suit tile `kind`. */
export function chiShape(c: readonly number[], kind: number): boolean {
  const n = kind % 9;
  return (n <= 6 && c[kind + 1]! > 0 && c[kind + 2]! > 0) || (n >= 1 && n <= 7 && c[kind - 1]! > 0 && c[kind + 1]! > 0) || (n >= 2 && c[kind - 2]! > 0 && c[kind - 1]! > 0);
}

/** The answers of `seat` to `target` as bits (see answerBits); 0: nothing to decide. */
export function responseBits(k: HandState, seat: number, target: Target): number {
  return mayAnswer(k, seat, target) ? answerBits(k, seat, target) : 0;
}

/**
 * The answers of a seat that may answer, as bits: bit i is action 37 + i (ron, calls); 0 when it
 * has none (then it is not asked; otherwise skip is offered too). No closure and no allocation:
 * this runs after most discards.
 */
export function answerBits(k: HandState, seat: number, target: Target): number {
  const p = k.players[seat]!;
  // Bit i = action 37 + i; emitted in index order at the end.
  let bits = 0;
  if (canRon(k, seat, target)) bits |= 1 << (A.RON - 37);
  if (target.kind === 'discard' && k.tilesLeft > 0 && !p.riichi && !k.fourKanAbort()) {
    const kind = target.tile >> 2;
    const c = p.counts;
    const n = kind % 9;
    const chiOk = seat === (target.from + 1) % 4 && kind < 27 && chiShape(c, kind);
    // Kuikae (no swap call): the call is legal only if some remaining tile may be discarded.
    // Counted on kinds: a pon leaves c[kind] − 2 copies of the called kind; a chi uses two other
    // kinds, so every copy of the called kind (and of the suji kind kuikae adds) stays.
    const rest = p.tileCount - 2;
    if (c[kind]! >= 2) {
      const red = redHeld(p, kind);
      const plain = c[kind]! - (red ? 1 : 0);
      if (plain >= 2 && rest > c[kind]! - 2) bits |= 1 << (A.PON - 37);
      if (red && plain >= 1 && rest > c[kind]! - 2) bits |= 1 << (A.PON_RED - 37);
    }
    if (chiOk) {
      for (let shape = 0; shape < 3; shape++) {
        const lo = shape === 0 ? 1 : shape === 1 ? -1 : -2;
        const hi = shape === 0 ? 2 : shape === 1 ? 1 : -1;
        if (n + lo < 0 || n + hi > 8) continue;
        const a = kind + lo, b = kind + hi;
        const ca = c[a]!, cb = c[b]!;
        if (ca === 0 || cb === 0) continue;
        const ra = redHeld(p, a), rb = redHeld(p, b);
        const suji = shape === 0 && n <= 5 ? c[kind + 3]! : shape === 2 && n >= 3 ? c[kind - 3]! : 0;
        if (rest <= c[kind]! + suji) continue;
        if (ca - (ra ? 1 : 0) > 0 && cb - (rb ? 1 : 0) > 0) bits |= 1 << (A.CHI_LOW + shape - 37);
        if (ra || rb) bits |= 1 << (A.CHI_LOW_RED + shape - 37);
      }
    }
    if (k.kans < 4 && c[kind] === 3) bits |= 1 << (A.DAIMINKAN - 37);
  }
  return bits;
}

function redHeld(p: PlayerState, kind: number): boolean {
  return (kind === 4 || kind === 13 || kind === 22) && (p.masks[MASK_REDS]! & (1 << ((kind - 4) / 9))) !== 0;
}
