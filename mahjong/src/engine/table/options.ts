/** Legal actions of a seat in the current phase (the 54-index interface). */
import { shanten, shantenKokushi, waitingKinds } from '../rules';
import { A, discardIndex } from './actions';
import type { Kyoku, Target } from './kyoku';
import { type PlayerState, handCounts, isClosed } from './player';
import { countsWith, drawnCompletes, evaluateWin, waitsOf } from './win';
import { winContext } from './settle';
import { farByMasks, hasFour, yaochuuOf } from './hand-masks';

export interface Options {
  actions: number[];
  /** Discard indices that would keep tenpai with riichi (a riichi candidate enters step 2). */
  riichiDiscards: number[];
}

const isRed = (id: number) => id === 16 || id === 52 || id === 88;

export function ankanKinds(k: Kyoku, seat: number, counts?: number[]): number[] {
  const p = k.players[seat]!;
  const c = counts ?? handCounts(p);
  const out: number[] = [];
  for (let kind = 0; kind < 34; kind++) {
    if (c[kind] !== 4) continue;
    if (p.riichi) {
      // Riichi: only the drawn tile, and only when the wait does not change.
      if (k.drawn === null || k.drawn >> 2 !== kind) continue;
      const before = waitingKinds(countsWith(p.hand.filter((id) => id !== k.drawn), null), p.melds.length);
      const after = waitingKinds(countsWith(p.hand.filter((id) => id >> 2 !== kind), null), p.melds.length + 1);
      if (before.length === 0 || before.join() !== after.join()) continue;
    }
    out.push(kind);
  }
  return out;
}

export function kakanKinds(p: PlayerState): number[] {
  const out: number[] = [];
  for (const m of p.melds) if (m.type === 'pon' && p.counts[m.tiles[0]! >> 2]! > 0) out.push(m.tiles[0]! >> 2);
  return out;
}

function hasKakan(p: PlayerState): boolean {
  for (const m of p.melds) if (m.type === 'pon' && p.counts[m.tiles[0]! >> 2]! > 0) return true;
  return false;
}



/** Discard indices of the hand (ascending kinds, then red fives 34–36); kuikae kinds left out. */
function discardActions(p: PlayerState, out: number[]): void {
  const { present, reds } = p.masks;
  const forbidden = p.forbidden;
  for (let g = 0; g < 4; g++) {
    for (let m = present[g]!; m !== 0; m &= m - 1) {
      const kind = g * 9 + (31 - Math.clz32(m & -m));
      if (forbidden.length > 0 && forbidden.includes(kind)) continue;
      // A red five alone is only its own index (34–36).
      if (p.counts[kind] === 1 && (kind === 4 || kind === 13 || kind === 22) && reds & (1 << ((kind - 4) / 9))) continue;
      out.push(kind);
    }
  }
  for (let r = 0; r < 3; r++) if (reds & (1 << r) && !(forbidden.length > 0 && forbidden.includes(4 + 9 * r))) out.push(34 + r);
}

export function selfOptions(k: Kyoku, seat: number): Options {
  if (k.stage2) return { actions: [A.RIICHI, A.RIICHI_CANCEL], riichiDiscards: [] };
  const p = k.players[seat]!;
  const actions: number[] = [];
  if (p.riichi && k.drawn !== null) actions.push(discardIndex(k.drawn));
  else discardActions(p, actions);
  const riichiDiscards: number[] = [];
  if (k.drawn !== null && !k.afterCall) {
    const c = p.counts; // changed and restored below
    // A draw lowers shanten by at most one: far hands skip the riichi search.
    const far = p.waits !== null && p.shanten13 >= 2;
    if (!far && !p.riichi && isClosed(p) && k.scores[seat]! >= 1000 && k.tilesLeft >= 4 && !farByMasks(p.masks, 3) && shanten(c, p.melds.length) <= 0) {
      for (const idx of actions) {
        const kind = idx < 34 ? idx : RED_KIND[idx - 34]!;
        c[kind]! -= 1;
        if (shanten(c, p.melds.length) === 0) riichiDiscards.push(idx);
        c[kind]! += 1;
      }
    }
    // Specials in index order: 45 ankan, 47 kakan, 50 tsumo, 51 nine terminals.
    if (k.tilesLeft > 0 && k.kans < 4) {
      if (hasFour(p.masks) && ankanKinds(k, seat, c).length > 0) actions.push(A.ANKAN);
      if (!p.riichi && p.melds.length > 0 && hasKakan(p)) actions.push(A.KAKAN);
    }
    if (drawnCompletes(p, k.drawn) && evaluateWin(p, seat, k.drawn, winContext(k, seat, true))) actions.push(A.TSUMO);
    if (k.firstTurn(seat) && yaochuuOf(p.masks) >= 9) actions.push(A.KYUUSHU);
  }
  return { actions, riichiDiscards };
}

const RED_KIND = [4, 13, 22];

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
  if (waitsOf(p).includes(kind)) return true;
  if (target.kind !== 'discard' || p.riichi || k.tilesLeft <= 0) return false;
  const c = p.counts;
  if (c[kind]! >= 2) return true;
  if (kind >= 27 || seat !== (target.from + 1) % 4) return false;
  const n = kind % 9;
  return (n <= 6 && c[kind + 1]! > 0 && c[kind + 2]! > 0) || (n >= 1 && n <= 7 && c[kind - 1]! > 0 && c[kind + 1]! > 0) || (n >= 2 && c[kind - 2]! > 0 && c[kind - 1]! > 0);
}

export function responseOptions(k: Kyoku, seat: number, target: Target): Options {
  if (!mayAnswer(k, seat, target)) return NONE;
  const p = k.players[seat]!;
  // Bit i = action 37 + i; emitted in index order at the end.
  let bits = 0;
  const add = (action: number) => { bits |= 1 << (action - 37); };
  if (canRon(k, seat, target)) add(A.RON);
  if (target.kind === 'discard' && k.tilesLeft > 0 && !p.riichi && !k.fourKanAbort()) {
    const kind = target.tile >> 2;
    const c = p.counts;
    const chiSeat = seat === (target.from + 1) % 4 && kind < 27;
    const n = kind % 9;
    const chiOk = chiSeat && ((n <= 6 && c[kind + 1]! > 0 && c[kind + 2]! > 0) || (n >= 1 && n <= 7 && c[kind - 1]! > 0 && c[kind + 1]! > 0) || (n >= 2 && c[kind - 2]! > 0 && c[kind - 1]! > 0));
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
