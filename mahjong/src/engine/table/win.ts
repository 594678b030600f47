/**
 * Win evaluation through the rules core: shape check first (cheap), then scoreHand for yaku,
 * fu and points. Payments are split here because the table knows who pays (ron loser, pao).
 */
import type { Meld } from '../paipu/types';
import { scoreHand, shanten, waitingKinds, type ScoreResult, type WinFlags, type WinInput } from '../rules';
import type { PlayerState } from './player';
import { farByMasks } from './hand-masks';

export interface WinContext extends WinFlags {
  tsumo: boolean;
  seatWind: number;
  roundWind: number;
  doraIndicators: number[];
  uraIndicators: number[];
  paoFrom: 1 | 2 | 3 | undefined;
}

export function toRulesMeld(m: Meld, owner: number) {
  return {
    type: m.type === 'daiminkan' ? ('minkan' as const) : m.type,
    tiles: m.tiles,
    called: m.called ?? undefined,
    from: ((m.from - owner + 4) % 4) as 0 | 1 | 2 | 3,
  };
}

/** Counts of the concealed hand plus `extra` (a ron tile). */
export function countsWith(hand: readonly number[], extra: number | null): number[] {
  const c = new Array<number>(34).fill(0);
  for (const id of hand) c[id >> 2]! += 1;
  if (extra !== null) c[extra >> 2]! += 1;
  return c;
}

export const isWinningShape = (hand: readonly number[], extra: number | null, meldCount: number): boolean =>
  shanten(countsWith(hand, extra), meldCount) === -1;

/** Shared by every hand that is not tenpai; never mutated (callers only read waits). */
const NO_WAITS: number[] = [];

/** Winning kinds of a 3n+1 hand, cached until the hand loses a tile. */
export function waitsOf(p: PlayerState): number[] {
  // 3n+1 concealed tiles (13 − 3 per meld; a kan's fourth tile is replaced): no division.
  if (p.tileCount + 3 * p.melds.length !== 13) return NO_WAITS;
  if (p.waits === null) {
    const c = p.counts;
    // One shanten call rules out most hands before trying all 34 kinds.
    // Far hands (two isolated tiles) skip the shanten search; 1 is then a lower bound only.
    p.shanten13 = farByMasks(p.masks, 2) ? 1 : shanten(c, p.melds.length);
    p.waits = p.shanten13 === 0 ? waitingKinds(c, p.melds.length) : NO_WAITS;
  }
  return p.waits;
}

/** Whether the 3n+2 hand that just drew `drawn` is complete. */
export function drawnCompletes(p: PlayerState, drawn: number): boolean {
  if (p.waits !== null) return p.waits.length > 0 && p.waits.includes(drawn >> 2);
  // A complete hand has no isolated tile (kokushi aside, which farByMasks leaves to the search).
  if (farByMasks(p.masks, 1)) return false;
  return shanten(p.counts, p.melds.length) === -1;
}

/**
 * Whether a complete hand of `p` certainly has a yaku, without scoring it: a riichi hand has
 * riichi, a closed hand's tsumo has menzen tsumo. The option lists ask `evaluateWin` only
 * otherwise (they run at every winning draw and ron chance; the answer is the same).
 */
export function yakuCertain(p: PlayerState, tsumo: boolean): boolean {
  if (p.riichi) return true;
  if (!tsumo) return false;
  const ms = p.melds;
  for (let i = 0; i < ms.length; i++) if (ms[i]!.type !== 'ankan') return false;
  return true;
}

/**
 * Whether a complete hand of `p` certainly has a yaku by its tiles alone, without scoring it: all
 * simples (open tanyao, Tenhou rules) or a triplet or kan of a dragon, the seat wind or the round
 * wind (`seatWind`, `roundWind` 0–3). Three copies of an honour in a complete hand are always a
 * set, in every reading. `ronTile` is the tile a ron adds (null: a tsumo, already in the hand).
 * The option lists ask `evaluateWin` only when neither this nor `yakuCertain` holds: scoring is
 * by far the costliest check of a draw or discard, and the answer is the same.
 */
export function yakuByTiles(p: PlayerState, ronTile: number | null, seatWind: number, roundWind: number): boolean {
  const c = p.counts;
  const ron = ronTile === null ? -1 : ronTile >> 2;
  const ms = p.melds;
  // Yakuhai: the dragons, then the seat and round winds.
  for (let i = 0; i < 5; i++) {
    const kind = i < 3 ? 31 + i : 27 + (i === 3 ? seatWind : roundWind);
    if (c[kind]! + (kind === ron ? 1 : 0) >= 3) return true;
    for (let j = 0; j < ms.length; j++) if (ms[j]!.type !== 'chi' && ms[j]!.tiles[0]! >> 2 === kind) return true;
  }
  // Tanyao: no terminal or honour among the concealed tiles, the ron tile and the melds.
  const m = p.masks; // words 0–3: the kinds held per group
  if (m[3] !== 0 || ((m[0]! | m[1]! | m[2]!) & 0x101) !== 0 || (ron >= 0 && !simple(ron))) return false;
  for (let j = 0; j < ms.length; j++) {
    const tiles = ms[j]!.tiles;
    for (let t = 0; t < tiles.length; t++) if (!simple(tiles[t]! >> 2)) return false;
  }
  return true;
}

const simple = (kind: number): boolean => kind < 27 && kind % 9 !== 0 && kind % 9 !== 8;

/** Scores a complete hand; null when it has no yaku (or is not complete). */
/** Who pays what on a settled win: honba and sticks owed to this winner, the discarder (ron). */
export interface WinPayment { honba: number; kyotaku: number; discarder?: 1 | 2 | 3 }

export function evaluateWin(p: PlayerState, seat: number, winTile: number, ctx: WinContext, pay?: WinPayment): ScoreResult | null {
  const hand = ctx.tsumo ? p.hand : [...p.hand, winTile];
  const input: WinInput = {
    hand, melds: p.melds.map((m) => toRulesMeld(m, seat)), winTile, tsumo: ctx.tsumo,
    seatWind: ctx.seatWind, roundWind: ctx.roundWind, dealer: ctx.seatWind === 0,
    riichi: ctx.riichi, doubleRiichi: ctx.doubleRiichi, ippatsu: ctx.ippatsu, haitei: ctx.haitei, houtei: ctx.houtei,
    rinshan: ctx.rinshan, chankan: ctx.chankan, tenhou: ctx.tenhou, chiihou: ctx.chiihou,
    doraIndicators: ctx.doraIndicators, uraIndicators: ctx.uraIndicators, honba: pay?.honba ?? 0, kyotaku: pay?.kyotaku ?? 0,
    ...(ctx.paoFrom ? { paoFrom: ctx.paoFrom } : {}), ...(pay?.discarder ? { discarder: pay.discarder } : {}),
  };
  const r = scoreHand(input, { writeSets: false });
  return r.ok ? r : null;
}
