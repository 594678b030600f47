/**
 * Furiten the strong AI's shape count (danger.ts) does not see, read from the view only, behind
 * the option `passedRead` (options.ts; mahjong/README.md, "Seventh strength round"). Exact facts
 * of the rules, not guesses: a seat that passed a discard (a ron comes before any call, and a
 * hand that passes its winning tile is furiten until its next discard) cannot ron that kind this
 * turn; a riichi hand that passed one cannot ron it again in the hand. Rivers have no shared clock,
 * so only orders the turn rules fix are read.
 */
import type { Table } from './table';

/**
 * Kinds each seat cannot ron this turn (furiten the shape count does not see), written into `out`
 * (seat × 34 bits, 1 = passed). Temporary furiten: on a turn the seat drew, its left neighbour's
 * last discard (and the seat opposite's, for the seat on its right); on a turn after its own call,
 * the tile it called. Riichi furiten: danger.ts counts only discards at least
 * one turn past the declaration; in a hand with no call yet (no turn skipped) the discards made
 * later in the declaration's own go-around are exact too. Returns false when nothing was read.
 */
export function passedKinds(t: Table, out: Uint8Array, withRiichi = true): boolean {
  const players = t.view.players;
  if (players.length !== 4) return false;
  out.fill(0);
  const riichi = withRiichi && riichiPassed(t, out);
  const me = t.me;
  if (me.drawn === null || me.drawn === undefined) return calledPassed(t, out) || riichi;
  // A daiminkan's rinshan draw follows the discard it called, not the left neighbour's.
  for (let i = 0; i < me.melds.length; i++) if (me.melds[i]!.type === 'daiminkan') return riichi;
  const left = players[(t.seat + 3) & 3]!;
  const lr = left.river;
  if (lr.length === 0) return riichi;
  const y = lr[lr.length - 1]!;
  if (y.called) return riichi;
  const yk = y.tile >> 2;
  for (let s = 0; s < 4; s++) if (s !== left.seat && s !== t.seat) out[s * 34 + yk] = 1;
  // The seat opposite: its latest discard came after the right neighbour's latest, unless the left
  // neighbour called that one (skipping the seat opposite).
  const across = players[(t.seat + 2) & 3]!;
  const right = players[(t.seat + 1) & 3]!;
  const ar = across.river;
  const rr = right.river;
  if (ar.length > 0 && rr.length > 0) {
    const z = rr[rr.length - 1]!;
    let skipped = false;
    if (z.called) for (let i = 0; i < left.melds.length; i++) if (left.melds[i]!.called === z.tile) skipped = true;
    if (!skipped) out[right.seat * 34 + (ar[ar.length - 1]!.tile >> 2)] = 1;
  }
  return true;
}

/**
 * A turn after the seat's own chi or pon: the tile it called is its discarder's last, and every
 * other seat passed it (a ron comes before a call).
 */
function calledPassed(t: Table, out: Uint8Array): boolean {
  const melds = t.me.melds;
  const players = t.view.players;
  let found = -1;
  for (let i = 0; i < melds.length; i++) {
    const m = melds[i]!;
    if (m.type === 'ankan' || m.called === null) continue;
    const r = players[m.from]?.river;
    if (!r || r.length === 0 || r[r.length - 1]!.tile !== m.called) continue;
    // Two melds whose tiles are still their discarders' last: which came last is unknown.
    if (found >= 0) return false;
    found = i;
  }
  if (found < 0) return false;
  const m = melds[found]!;
  const k = m.called! >> 2;
  for (let s = 0; s < 4; s++) if (s !== m.from && s !== t.seat) out[s * 34 + k] = 1;
  return true;
}

/** The riichi half of `passedKinds`: with no call in the hand, a discard's time is 4 × its index + its seat's place after the dealer. */
function riichiPassed(t: Table, out: Uint8Array): boolean {
  const players = t.view.players;
  let any = false;
  for (let i = 0; i < 4; i++) {
    const p = players[i]!;
    if (!p.riichi) continue;
    for (let q = 0; q < 4; q++) for (const m of players[q]!.melds) if (m.type !== 'ankan') return false;
    let at = -1;
    for (let j = 0; j < p.river.length; j++) if (p.river[j]!.riichi) { at = j; break; }
    if (at < 0) continue;
    const rel = (p.seat - t.view.oya + 4) & 3;
    for (let q = 0; q < 4; q++) {
      const r = players[q]!;
      if (r.seat === p.seat || ((r.seat - t.view.oya + 4) & 3) < rel || r.river.length <= at) continue;
      out[p.seat * 34 + (r.river[at]!.tile >> 2)] = 1;
      any = true;
    }
  }
  return any;
}
