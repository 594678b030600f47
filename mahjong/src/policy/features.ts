/**
 * Features of one candidate discard, computed the same way from a live state view and from a
 * replayed log, so a policy trained on logs sees at play time exactly what it saw in training.
 */
import { doraFromIndicator, shanten, ukeire } from '../engine/rules';
import { discardIndex, kindOfDiscard } from '../engine/table/actions';

export const FEATURE_NAMES = [
  'shanten_loss', 'ukeire', 'isolated', 'honor', 'terminal', 'value_honor', 'dora', 'red_five',
  'pair', 'triplet', 'seen_copies', 'genbutsu', 'suji', 'threat_honor', 'tsumogiri', 'neighbours',
] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;

/** What a seat knows when it discards. Tiles are Tenhou ids; kinds 0–33. */
export interface DiscardContext {
  hand: number[];
  meldCount: number;
  /** Copies of each kind visible outside the hand (rivers, melds, dora indicators). */
  seen: number[];
  doraIndicators: number[];
  seatWind: number;
  roundWind: number;
  /** Kinds each riichi opponent has discarded (their safe tiles), one list per opponent. */
  threatRivers: number[][];
  drawn: number | null;
}

/** The discard action of a physical tile (34–36 for a red five). */
export const discardAction = discardIndex;

function suited(k: number): boolean {
  return k < 27;
}

function neighbours(counts: number[], k: number): number {
  if (!suited(k)) return 0;
  let n = 0;
  for (const d of [-2, -1, 1, 2]) {
    const j = k + d;
    if (j >= 0 && j < 27 && Math.floor(j / 9) === Math.floor(k / 9)) n += counts[j]! > 0 ? 1 : 0;
  }
  return n;
}

/** A suited tile is suji-safe against a river holding the tile three away on both open sides. */
function sujiSafe(k: number, river: Set<number>): boolean {
  if (!suited(k)) return false;
  const n = k % 9;
  const low = n - 3 < 0 || river.has(k - 3);
  const high = n + 3 > 8 || river.has(k + 3);
  return low && high;
}

/** Feature rows for each legal discard action; `actions` lists the candidates (0–36). */
export function discardFeatures(ctx: DiscardContext, actions: number[]): number[][] {
  const counts = new Array<number>(34).fill(0);
  for (const id of ctx.hand) counts[id >> 2]! += 1;
  const doraKinds = ctx.doraIndicators.map((d) => doraFromIndicator(d >> 2));
  const after = actions.map((a) => {
    const k = kindOfDiscard(a);
    counts[k]! -= 1;
    const u = ukeire(counts, ctx.meldCount, ctx.seen);
    const s = shanten(counts, ctx.meldCount);
    counts[k]! += 1;
    return { s, u: u.total };
  });
  const best = Math.min(...after.map((x) => x.s));
  const rivers = ctx.threatRivers.map((r) => new Set(r));
  const threat = rivers.length > 0 ? 1 : 0;
  return actions.map((a, i) => {
    const k = kindOfDiscard(a);
    const honor = k >= 27 ? 1 : 0;
    const terminal = suited(k) && (k % 9 === 0 || k % 9 === 8) ? 1 : 0;
    const value = k >= 31 || k === 27 + ctx.seatWind || k === 27 + ctx.roundWind ? 1 : 0;
    const nb = neighbours(counts, k);
    return [
      after[i]!.s - best,
      after[i]!.u / 20,
      counts[k] === 1 && nb === 0 ? 1 : 0,
      honor,
      terminal,
      value,
      doraKinds.includes(k) ? 1 : 0,
      a >= 34 ? 1 : 0,
      counts[k] === 2 ? 1 : 0,
      counts[k]! >= 3 ? 1 : 0,
      ctx.seen[k]! / 4,
      threat && rivers.every((r) => r.has(k)) ? 1 : 0,
      threat && rivers.every((r) => sujiSafe(k, r)) ? 1 : 0,
      threat * honor,
      ctx.drawn !== null && discardAction(ctx.drawn) === a ? 1 : 0,
      nb / 4,
    ];
  });
}
