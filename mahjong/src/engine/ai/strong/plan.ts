/**
 * Which yaku an open hand is heading for, and the kinds that are dead weight for it: an open
 * hand without a yakuhai set must stay all-simples (tanyao) or one suit plus honours (honitsu),
 * so its shanten is counted without the tiles that route cannot use. Never call into no yaku.
 */
import { shanten } from '../../shanten';
import { isYakuhai } from './value';
import type { Table } from './table';
import { isYaochuu } from '../../tiles';

export type Plan = 'closed' | 'yakuhai' | 'tanyao' | 'flush' | 'none';

const suitOf = (k: number) => (k < 27 ? Math.floor(k / 9) : 3);

function makeDead(plan: Plan, suit = -1): Uint8Array {
  const dead = new Uint8Array(34);
  if (plan === 'tanyao') for (let k = 0; k < 34; k++) dead[k] = isYaochuu(k) ? 1 : 0;
  if (plan === 'flush') for (let k = 0; k < 27; k++) dead[k] = suitOf(k) === suit ? 0 : 1;
  if (plan === 'none') dead.fill(1);
  return dead;
}

// One shared (never written) array per plan: a plan is chosen at every decision.
const NO_DEAD = makeDead('closed');
const TANYAO_DEAD = makeDead('tanyao');
const FLUSH_DEAD = [makeDead('flush', 0), makeDead('flush', 1), makeDead('flush', 2)];
const ALL_DEAD = makeDead('none');

/** Dead kinds of a plan (1 = cannot be used), for a flush the suit kept. Shared: do not write. */
export function deadKinds(plan: Plan, suit = -1): Uint8Array {
  if (plan === 'tanyao') return TANYAO_DEAD;
  if (plan === 'flush') return FLUSH_DEAD[suit] ?? makeDead('flush', suit);
  if (plan === 'none') return ALL_DEAD;
  return NO_DEAD;
}

export interface PlanChoice { plan: Plan; dead: Uint8Array; shanten: number }

/** The plan of a closed hand, for a caller that does not need its shanten (NaN here: not computed). */
export const CLOSED_PLAN: Readonly<PlanChoice> = { plan: 'closed', dead: deadKinds('closed'), shanten: Number.NaN };

/**
 * The best plan for concealed `counts` with `meldKinds` (each meld's tile kinds): the one with
 * the lowest shanten once its dead kinds are set aside. With no open meld the hand is closed.
 */
export function choosePlan(t: Table, counts: number[], melds: number[][], open: boolean): PlanChoice {
  const meldCount = melds.length;
  if (!open) return { plan: 'closed', dead: deadKinds('closed'), shanten: shanten(counts, meldCount) };
  // Plain loops, no closures or Sets: a plan is chosen at every decision of an open hand.
  let hasYakuhai = false, simple = true, suits = 0;
  for (let i = 0; i < melds.length; i++) {
    const m = melds[i]!;
    if (m[0] === m[1] && isYakuhai(t, m[0]!)) hasYakuhai = true;
    for (let j = 0; j < m.length; j++) {
      if (isYaochuu(m[j]!)) simple = false;
      const s = suitOf(m[j]!);
      if (s < 3) suits |= 1 << s;
    }
  }
  if (hasYakuhai) return { plan: 'yakuhai', dead: deadKinds('yakuhai'), shanten: shanten(counts, meldCount) };
  // The routes in a fixed order, the first of the lowest shanten kept (no closure, one result object).
  let plan: Plan = 'none', suit = -1, best = 9;
  if (simple) { const sh = routeShanten(t, counts, meldCount, TANYAO_DEAD); if (sh < best) { plan = 'tanyao'; best = sh; } }
  // The suits of the melds (honours aside): none leaves every flush open, one leaves its own.
  const from = suits === 0 ? 0 : (suits & (suits - 1)) === 0 ? 31 - Math.clz32(suits) : 3;
  const to = suits === 0 ? 3 : from + 1;
  for (let s = from; s < to && s < 3; s++) {
    const sh = routeShanten(t, counts, meldCount, FLUSH_DEAD[s]!);
    if (sh < best) { plan = 'flush'; suit = s; best = sh; }
  }
  return { plan, dead: deadKinds(plan, suit), shanten: best };
}

/** Shanten of `counts` without the kinds `dead` sets aside (a yakuhai pair in the hand can still become a pon: kept live). */
function routeShanten(t: Table, counts: number[], meldCount: number, dead: Uint8Array): number {
  const c = PLAN_COUNTS;
  for (let k = 0; k < 34; k++) c[k] = dead[k] ? 0 : counts[k]!;
  for (let k = 27; k < 34; k++) if (counts[k]! >= 2 && isYakuhai(t, k) && t.visible[k]! < 4) c[k] = counts[k]!;
  return shanten(c, meldCount);
}

/** Scratch counts of one plan's live tiles (read by shanten only). */
const PLAN_COUNTS = new Array<number>(34).fill(0);

/** Kinds of each of our melds, in the shape choosePlan takes. */
export function meldKinds(t: Table): number[][] {
  const melds = t.me.melds;
  const out: number[][] = [];
  // Plain loops: read at every decision of an open hand and every call offered.
  for (let i = 0; i < melds.length; i++) { const tiles = melds[i]!.tiles; out.push([tiles[0]! >> 2, tiles[1]! >> 2, tiles[2]! >> 2]); }
  return out;
}
