/**
 * Hand value: a quick han estimate for hands still building (no scoring call), and the exact
 * value of a tenpai hand through scoreHand for the riichi/dama and win/skip decisions.
 */
import { scoreHand } from '../../scoring/score-hand';
import { toRulesMeld } from '../../table/win';
import type { Table } from './table';
import { isRed, isYaochuu, YAOCHUU } from '../../tiles';

export const isYakuhai = (t: Table, k: number) => k >= 31 || k === t.seatWind || k === t.roundWind;

/** Ron value (typical fu) of 0–4 han, made once: read at every discard weighed against a threat. */
const RON_BY_HAN: readonly number[] = [0, 1300, 2600, 5200, 8000];

/** Ron value in points of `han` (typical fu), for a dealer or not. */
export function hanToPoints(han: number, dealer: boolean): number {
  const h = Math.max(1, Math.round(han));
  const base = h >= 13 ? 32000 : h >= 11 ? 24000 : h >= 8 ? 16000 : h >= 6 ? 12000 : h >= 5 ? 8000 : RON_BY_HAN[h]!;
  return dealer ? base * 1.5 : base;
}

/** Estimated han of the hand once complete (closed hands count riichi, tsumo and ura chances). */
export function estimateHan(t: Table, counts = t.counts): number {
  let han = 0;
  for (let k = 0; k < 34; k++) han += counts[k]! * t.dora[k]!;
  for (const id of t.hand) if (isRed(id) && counts[id >> 2]! > 0) han += 1;
  const melds = t.me.melds;
  // Plain loops, no closures: this runs at every discard weighed against a threat.
  let open = false;
  for (let i = 0; i < melds.length; i++) if (melds[i]!.type !== 'ankan') open = true;
  for (const m of melds) {
    for (const id of m.tiles) han += t.dora[id >> 2]! + (isRed(id) ? 1 : 0);
    const k = m.tiles[0]! >> 2;
    if (m.type !== 'chi' && isYakuhai(t, k)) han += (k === t.seatWind && k === t.roundWind) ? 2 : 1;
  }
  for (let k = 27; k < 34; k++) if (isYakuhai(t, k)) {
    if (counts[k]! >= 3) han += 1;
    else if (counts[k] === 2 && t.visible[k]! < 4) han += 0.4;
  }
  let yao = 0;
  for (let i = 0; i < YAOCHUU.length; i++) yao += counts[YAOCHUU[i]!]!;
  let meldYao = false;
  for (let i = 0; i < melds.length; i++) { const tiles = melds[i]!.tiles; for (let j = 0; j < tiles.length; j++) if (isYaochuu(tiles[j]! >> 2)) meldYao = true; }
  if (!meldYao && yao <= 2) han += 0.7;
  // Half flush: everything in one suit plus honours.
  let man = 0, pin = 0, sou = 0;
  for (let k = 0; k < 9; k++) { man += counts[k]!; pin += counts[k + 9]!; sou += counts[k + 18]!; }
  for (let i = 0; i < melds.length; i++) {
    const tiles = melds[i]!.tiles;
    for (let j = 0; j < tiles.length; j++) { const k = tiles[j]! >> 2; if (k < 9) man++; else if (k < 18) pin++; else if (k < 27) sou++; }
  }
  if (+(man > 0) + +(pin > 0) + +(sou > 0) === 1) han += open ? 2 : 3;
  if (!open) han += 1.6; // riichi, tsumo, ura, ippatsu on average
  return han;
}

export interface TenpaiValue {
  /** Mean ron value over the waits (weighted by unseen copies); 0 when no wait has a yaku. */
  ron: number;
  /** Unseen copies of the waits that score. */
  live: number;
}

/** Exact value of a 13-tile tenpai hand (ids) waiting on `waits`, with or without riichi. */
export function tenpaiValue(t: Table, hand: number[], waits: number[], riichi: boolean): TenpaiValue {
  let sum = 0, live = 0;
  // The melds in the rules engine's form, made once for every wait (scoreHand only reads them).
  const melds = t.me.melds.map((m) => toRulesMeld(m, t.seat));
  // Our own ids, the melds' too: scoreHand refuses a winning tile that is already in a meld.
  const own = new Set(hand);
  for (const m of t.me.melds) for (const id of m.tiles) own.add(id);
  for (const k of waits) {
    const unseen = 4 - t.visible[k]!;
    if (unseen <= 0) continue;
    // A copy of the winning kind that is neither in our hand nor in our melds (id numbering: kind*4 + copy).
    let win = -1;
    for (let c = 3; c >= 0; c--) if (!own.has(k * 4 + c)) { win = k * 4 + c; break; }
    if (win < 0) continue;
    const r = scoreHand({
      hand: [...hand, win], melds, winTile: win, tsumo: false, seatWind: t.seatWind - 27, roundWind: t.roundWind - 27,
      dealer: t.dealer, riichi, doraIndicators: t.view.dora, discarder: 1,
    }, { writeSets: false });
    if (!r.ok) continue;
    sum += unseen * r.points.base;
    live += unseen;
  }
  return { ron: live > 0 ? sum / live : 0, live };
}

/**
 * `tenpaiValue`, kept for the last few hands asked: a dama hand is asked riichi or dama again at
 * every discard, mostly with the same tiles. The key is everything the value reads: seat, tiles,
 * melds, dora indicators, winds, dealer, riichi, and the unseen copies of each wait.
 */
const VALUES = new Map<string, TenpaiValue>();
export function tenpaiValueKept(t: Table, hand: number[], waits: number[], riichi: boolean): TenpaiValue {
  let key = `${riichi ? 1 : 0},${t.seat},${t.seatWind},${t.roundWind},${t.dealer ? 1 : 0}|${hand.slice().sort((a, b) => a - b).join(',')}|${t.view.dora.join(',')}|`;
  for (const m of t.me.melds) key += `${m.type}${m.tiles.join(',')}/${m.called ?? ''}/${m.from};`;
  for (const w of waits) key += `|${w}:${t.visible[w]}`;
  let v = VALUES.get(key);
  if (v === undefined) {
    if (VALUES.size >= 64) VALUES.clear();
    v = tenpaiValue(t, hand, waits, riichi);
    VALUES.set(key, v);
  }
  return v;
}
