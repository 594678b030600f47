/**
 * Value leans and late reads of the strong AI (agent.ts), each behind an option (options.ts):
 * the lean to all simples (`tanyaoLean`, on), and the sixth strength round's ideas that gained
 * nothing measurable (half flush as a route or a lean, tiles next to dora, a lone yakuhai kept or
 * thrown sooner, one-meld hands as late threats; mahjong/README.md, "Sixth strength round").
 */
import { shanten } from '../../shanten';
import { threatOf } from './danger';
import type { StrongOptions } from './options';
import { deadKinds, type PlanChoice } from './plan';
import type { Table } from './table';
import { isYakuhai } from './value';
import { YAOCHUU } from '../../tiles';

/** 1 for a terminal or honour kind: a dense array, read per candidate. */
const YAO = Uint8Array.from({ length: 34 }, (_, k) => (k >= 27 || k % 9 === 0 || k % 9 === 8 ? 1 : 0));

/** Dora one kind away in the same suit (1 each), two away (0.5 each): `doraNear`. */
export function nearDora(t: Table, k: number): number {
  const n = k % 9;
  let w = 0;
  if (n >= 1) w += t.dora[k - 1]!;
  if (n <= 7) w += t.dora[k + 1]!;
  if (n >= 2) w += 0.5 * t.dora[k - 2]!;
  if (n <= 6) w += 0.5 * t.dora[k + 2]!;
  return w;
}

/** The suit that with the honours makes at least `min` of the hand's tiles (`flushSoft`), else −1. */
export function mainSuit(c: number[], min: number): number {
  let honours = 0, suit = -1, most = 0;
  for (let k = 27; k < 34; k++) honours += c[k]!;
  for (let s = 0; s < 3; s++) {
    let n = 0;
    for (let k = s * 9; k < s * 9 + 9; k++) n += c[k]!;
    if (n > most) { most = n; suit = s; }
  }
  return most + honours >= min ? suit : -1;
}

/** Terminals and honours in a closed hand (`tanyaoLean`), or −1 when the hand is open or holds more than `max`. */
export function tanyaoLeanKinds(t: Table, c: number[], plan: PlanChoice, max: number): number {
  if (plan.plan !== 'closed' || t.meldCount > 0) return -1;
  let n = 0;
  for (let i = 0; i < YAOCHUU.length; i++) n += c[YAOCHUU[i]!]!;
  return n <= max ? n : -1;
}

/**
 * What the leans add to a candidate discard's efficiency score (10 = one acceptance tile): the
 * tanyao lean's lone terminal or honour (`lean` ≥ 0: the hand is on it), the half-flush lean's lone
 * off-suit tile (`flushSuit` ≥ 0), a lone yakuhai kept, tiles next to dora kept.
 */
export function leanBonus(t: Table, o: StrongOptions, c: number[], kind: number, sh: number, best: number, lean: number, flushSuit: number): number {
  let b = 0;
  if (o.doraNear > 0 && kind < 27) b -= o.doraNear * nearDora(t, kind);
  if (flushSuit >= 0 && kind < 27 && ((kind / 9) | 0) !== flushSuit && c[kind] === 1 && sh === best) b += o.flushSoft;
  if (o.yakuhaiKeep !== 0 && best >= 2 && kind >= 27 && c[kind] === 1 && t.visible[kind]! <= 1 && isYakuhai(t, kind)) b -= o.yakuhaiKeep;
  if (lean >= 0 && YAO[kind] && c[kind] === 1 && sh === best) b += o.tanyaoLean;
  return b;
}

/** Scratch counts of the closed half-flush route (read by shanten only). */
const FLUSH_COUNTS = new Array<number>(34).fill(0);

/**
 * The half-flush route for a closed hand (`flushLean`): with no threat out and enough tiles of
 * one suit plus honours, the other suits are dead weight when that costs at most `flushSlack`
 * shanten; null otherwise (the hand plays as closed).
 */
export function closedFlush(t: Table, o: StrongOptions): PlanChoice | null {
  if (t.threats.length > 0 || t.meldCount > 0) return null;
  const c = t.counts;
  let honours = 0, total = 0;
  for (let k = 27; k < 34; k++) honours += c[k]!;
  let suit = 0, most = -1;
  for (let s = 0; s < 3; s++) {
    let n = 0;
    for (let k = s * 9; k < s * 9 + 9; k++) n += c[k]!;
    total += n;
    if (n > most) { most = n; suit = s; }
  }
  if (most + honours < o.flushLean || most + honours === total + honours) return null;
  const dead = deadKinds('flush', suit);
  const lean = FLUSH_COUNTS;
  for (let k = 0; k < 34; k++) lean[k] = dead[k] ? 0 : c[k]!;
  const sh = shanten(lean, 0);
  return sh <= shanten(c, 0) + o.flushSlack ? { plan: 'flush', dead, shanten: sh } : null;
}

/** Adds the opponents with one open meld and a visible yaku to the table's threats, tenpai with chance `tenpai` (`oneMeld`). */
export function addOneMeldThreats(t: Table, tenpai: number): void {
  for (const p of t.view.players) {
    if (p.seat === t.seat || p.riichi) continue;
    let open = 0;
    for (const m of p.melds) if (m.type !== 'ankan') open++;
    if (open !== 1) continue;
    const th = threatOf(t.view, p, t.visible, t.dora, 1);
    if (th) t.threats.push({ ...th, tenpai });
  }
}
