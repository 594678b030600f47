/**
 * Answers to a discard, an added kan or a closed kan: who may ron (furiten, chankan, kokushi on
 * an ankan), chi/pon/daiminkan with their red-five variants, and kuikae. Also the hand tiles a
 * call uses, for executing it.
 */
import { shantenKokushi } from '../rules';
import { A } from './actions';
import type { Kyoku, Target } from './kyoku';
import type { Options } from './options';
import type { PlayerState } from './player';
import { winContext } from './settle';
import { countsWith, evaluateWin, waitsOf } from './win';

const isRed = (id: number) => id === 16 || id === 52 || id === 88;

export function canRon(k: Kyoku, seat: number, target: Target): boolean {
  const p = k.players[seat]!;
  const tile = target.tile;
  if (!waitsOf(p).includes(tile >> 2)) return false;
  if (target.kind === 'ankan' && (p.melds.length > 0 || shantenKokushi(countsWith(p.hand, tile)) !== -1)) return false;
  if (waitsOf(p).some((w) => p.discarded[w] || p.missed[w])) return false;
  return evaluateWin(p, seat, tile, winContext(k, seat, false)) !== null;
}

/** Kinds kuikae forbids after calling `called` with chi action `action` (or pon). */
export function kuikae(action: number, called: number): number[] {
  const kind = called >> 2;
  const out = [kind];
  const n = kind % 9;
  if ((action === A.CHI_LOW || action === A.CHI_LOW_RED) && n <= 5) out.push(kind + 3);
  if ((action === A.CHI_HIGH || action === A.CHI_HIGH_RED) && n >= 3) out.push(kind - 3);
  return out;
}

/** Hand tiles a chi/pon/daiminkan action uses, or null when the hand lacks them. */
export function callTiles(p: PlayerState, action: number, tile: number, prefer?: readonly number[]): number[] | null {
  const natural = naturalCallTiles(p, action, tile);
  if (!natural || !prefer) return natural;
  // A replay names the exact copies; accept them when they are the same kinds and red-ness.
  const want = prefer.filter((id) => id !== tile);
  const key = (xs: readonly number[]) => xs.map((id) => `${id >> 2}${isRed(id) ? 'r' : ''}`).sort().join();
  return want.length === natural.length && key(want) === key(natural) && want.every((id) => p.hand.includes(id)) ? [...want] : natural;
}

/** Copies of `kind` in the (sorted) hand: plain ones ascending, and the red five if held. */
function copies(p: PlayerState, kind: number): { plain: number[]; red: number } {
  const plain: number[] = [];
  let red = -1;
  for (const id of p.hand) if (id >> 2 === kind) { if (isRed(id)) red = id; else plain.push(id); }
  return { plain, red };
}

function naturalCallTiles(p: PlayerState, action: number, tile: number): number[] | null {
  const kind = tile >> 2;
  if (action === A.PON || action === A.PON_RED) {
    const { plain, red } = copies(p, kind);
    if (action === A.PON) return plain.length >= 2 ? plain.slice(0, 2) : null;
    return red >= 0 && plain.length > 0 ? [red, plain[0]!] : null;
  }
  if (action === A.DAIMINKAN) {
    const { plain, red } = copies(p, kind);
    const all = red >= 0 ? [red, ...plain] : plain;
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
  for (const o of [lo, hi]) {
    const { plain, red } = copies(p, kind + o);
    if (useRed && red >= 0) { out.push(red); usedRed = true; } else if (plain.length > 0) out.push(plain[0]!);
    else return null;
  }
  return useRed && !usedRed ? null : out;
}

const NONE: Options = { actions: [], riichiDiscards: [] };

/** Cheap test whether the seat could do anything with the tile (most discards: nobody). */
function mayAnswer(k: Kyoku, seat: number, target: Target): boolean {
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
function chiShape(c: readonly number[], kind: number): boolean {
  const n = kind % 9;
  return (n <= 6 && c[kind + 1]! > 0 && c[kind + 2]! > 0) || (n >= 1 && n <= 7 && c[kind - 1]! > 0 && c[kind + 1]! > 0) || (n >= 2 && c[kind - 2]! > 0 && c[kind - 1]! > 0);
}

export function responseOptions(k: Kyoku, seat: number, target: Target): Options {
  if (!mayAnswer(k, seat, target)) return NONE;
  const p = k.players[seat]!;
  // Bit i = action 37 + i; emitted in index order at the end.
  let bits = 0;
  const add = (action: number): void => { bits |= 1 << (action - 37); };
  if (canRon(k, seat, target)) add(A.RON);
  if (target.kind === 'discard' && k.tilesLeft > 0 && !p.riichi && !k.fourKanAbort()) {
    const kind = target.tile >> 2;
    const c = p.counts;
    const n = kind % 9;
    const chiOk = seat === (target.from + 1) % 4 && kind < 27 && chiShape(c, kind);
    // Kuikae (no swap call): the call is legal only if some remaining tile may be discarded.
    // Counted on kinds: a pon leaves c[kind] − 2 copies of the called kind; a chi uses two other
    // kinds, so every copy of the called kind (and of the suji kind kuikae adds) stays.
    const rest = p.hand.length - 2;
    if (c[kind]! >= 2) {
      const red = redHeld(p, kind);
      const plain = c[kind]! - (red ? 1 : 0);
      if (plain >= 2 && rest > c[kind]! - 2) add(A.PON);
      if (red && plain >= 1 && rest > c[kind]! - 2) add(A.PON_RED);
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
        if (ca - (ra ? 1 : 0) > 0 && cb - (rb ? 1 : 0) > 0) add(A.CHI_LOW + shape);
        if (ra || rb) add(A.CHI_LOW_RED + shape);
      }
    }
    if (k.kans < 4 && c[kind] === 3) add(A.DAIMINKAN);
  }
  if (bits === 0) return NONE;
  const actions: number[] = [];
  for (let i = 0; i < 16; i++) if (bits & (1 << i)) actions.push(37 + i);
  actions.push(A.SKIP);
  return { actions, riichiDiscards: [] };
}

function redHeld(p: PlayerState, kind: number): boolean {
  return (kind === 4 || kind === 13 || kind === 22) && (p.masks.reds & (1 << ((kind - 4) / 9))) !== 0;
}
