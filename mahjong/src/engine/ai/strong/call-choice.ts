/**
 * The strong AI's answer to another seat's discard (agent.ts): a call only onto a yaku route
 * (plan.ts) and only when it buys speed; a closed hand close to tenpai keeps riichi open instead.
 */
import { shanten } from '../../shanten';
import { A } from '../../table/actions';
import type { StrongOptions } from './options';
import { choosePlan, deadKinds, meldKinds } from './plan';
import { isOpen, type Table } from './table';
import { estimateHan, isYakuhai } from './value';
import { closedFlush } from './value-lean';

/** The other two tiles of each chi shape (low, middle, high), relative to the called one. */
const CHI_USES = [[1, 2], [-1, 1], [-2, -1]] as const;
/** The calls chooseCall weighs, in its order: pon, pon with the red five, then each chi. */
const CALL_ORDER = [A.PON, A.PON_RED, 37, 38, 39, 40, 41, 42] as const;

/**
 * Answer to a discard (or kan): a call only onto a yaku route that is faster. `callCounts`: the
 * caller's scratch for the counts of the hand after a call (read only while this runs).
 */
export function chooseCall(t: Table, o: StrongOptions, callCounts: number[]): number {
  const acts = t.view.valid_actions;
  const target = t.view.target;
  if (!target) return A.SKIP;
  const kind = target.tile >> 2;
  // The calls offered as bits (bit a − 37: chi 37–42, pon 43–44), weighed pon first, then chi.
  let offered = 0;
  for (let i = 0; i < acts.length; i++) { const a = acts[i]!; if (a >= 37 && a <= 44) offered |= 1 << (a - 37); }
  // Only a kan (or nothing to call onto) is offered: skipped without weighing the hand.
  if (offered === 0) return A.SKIP;
  const open = isOpen(t);
  const melds = meldKinds(t);
  const now = (!open && o.flushLean > 0 && closedFlush(t, o)) || choosePlan(t, t.counts, melds, open);
  let riichiThreat = false;
  for (let i = 0; i < t.threats.length; i++) if (t.threats[i]!.riichi) riichiThreat = true;
  // The hand after a call: its melds with the called one, its counts without the two tiles used.
  const called = [0, 0, 0];
  let withCall: number[][] | null = null;
  const c = callCounts;
  let bestA: number = A.SKIP, bestSh = now.shanten;
  for (let j = 0; j < 8; j++) {
    const a = CALL_ORDER[j]!;
    if (!(offered & (1 << (a - 37)))) continue;
    const pon = a >= A.PON;
    const yakuhaiPon = pon && isYakuhai(t, kind);
    // A first call of a closed hand that the checks below refuse whatever it reaches is not weighed.
    if (!open && !yakuhaiPon && ((now.shanten <= 1 && t.tilesLeft >= o.callAt1) || now.shanten > o.firstCallShanten)) continue;
    const uses = CHI_USES[(a - 37) % 3]!;
    const u0 = pon ? kind : kind + uses[0], u1 = pon ? kind : kind + uses[1];
    for (let k = 0; k < 34; k++) c[k] = t.counts[k]!;
    c[u0]! -= 1;
    c[u1]! -= 1;
    // The called meld's kinds in order: a pon's three, a chi's run from its lowest.
    const low = pon ? kind : Math.min(u0, kind);
    called[0] = low; called[1] = pon ? kind : low + 1; called[2] = pon ? kind : low + 2;
    let after = choosePlan(t, c, (withCall ??= [...melds, called]), true);
    // Late, a call that reaches tenpai without a yaku still gets the tenpai payment at the draw (`keishiki`).
    if (after.shanten > 0 && o.keishiki > 0 && t.tilesLeft <= o.keishiki && !riichiThreat && now.plan !== 'none' && now.shanten >= 1 && shanten(c, melds.length + 1) === 0) after = { plan: 'none', dead: deadKinds('closed'), shanten: 0 };
    else if (after.plan === 'none') continue;
    if (after.shanten >= now.shanten && !(yakuhaiPon && after.shanten <= now.shanten && now.shanten >= 1)) continue;
    if (riichiThreat && after.shanten > 0) continue;
    if (!open && !yakuhaiPon) {
      // First call of a closed hand: riichi is the better route once the hand is close.
      if (now.shanten <= 1 && !(after.shanten === 0 && t.tilesLeft < o.callAt1)) continue;
      if (now.shanten > o.firstCallShanten) continue;
      if (after.plan === 'tanyao' && estimateHan(t, c) < o.tanyaoHan && now.shanten >= 3) continue;
    }
    if (after.shanten < bestSh || (after.shanten === bestSh && bestA === A.SKIP)) { bestSh = after.shanten; bestA = a; }
  }
  return bestA;
}
