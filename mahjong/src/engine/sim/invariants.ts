/**
 * Invariants a table must keep after every step: the 136 tiles are all somewhere exactly once
 * (hands, melds, rivers, the unseen wall), and scores plus sticks on the table sum to 100,000;
 * the counts, masks and cached waits kept with each hand match it.
 */
import type { Game } from '../game/game';
import { emptyMasks, touchMasks } from '../table/hand-masks';
import { LIVE_TILES } from '../table/wall';
import { waitingKinds } from '../ukeire';

export function checkInvariants(g: Game): string | null {
  const k = g.kyoku;
  const seen = new Uint8Array(136);
  let placed = 0;
  const put = (id: number, where: string): string | null => {
    if (!Number.isInteger(id) || id < 0 || id > 135) return `tile ${id} is not a tile id (in ${where})`;
    if (seen[id]) return `tile ${id} is twice on the table (again in ${where})`;
    seen[id] = 1;
    placed++;
    return null;
  };
  for (const [s, p] of k.players.entries()) {
    const c = new Array<number>(34).fill(0);
    for (const id of p.hand) c[id >> 2]! += 1;
    if (c.some((n, kind) => n !== p.counts[kind])) return `seat ${s}: kind counts out of step with the hand`;
    const m = emptyMasks();
    for (const id of p.hand) touchMasks(m, id, 2, true); // presence and reds (single is checked below)
    for (let kind = 0; kind < 34; kind++) {
      const g = kind < 27 ? Math.floor(kind / 9) : 3;
      const bit = 1 << (kind - g * 9);
      if (((p.masks.present[g]! & bit) !== 0) !== c[kind]! > 0 || ((p.masks.single[g]! & bit) !== 0) !== (c[kind] === 1)
        || ((p.masks.four[g]! & bit) !== 0) !== (c[kind] === 4))
        return `seat ${s}: hand masks out of step with the hand at kind ${kind}`;
    }
    if (m.reds !== p.masks.reds) return `seat ${s}: red-five mask out of step with the hand`;
    // Cached waits (kept across a discard of the drawn kind) must be those of the hand as it is.
    if (p.waits !== null && p.hand.length + 3 * p.melds.length === 13 && waitingKinds(c, p.melds.length).join() !== p.waits.join())
      return `seat ${s}: cached waits ${p.waits.join()} out of step with the hand`;
    for (const id of p.hand) { const e = put(id, `hand ${s}`); if (e) return e; }
    for (const m of p.melds) for (const id of m.tiles) { const e = put(id, `meld of ${s}`); if (e) return e; }
    for (const r of p.river) if (!r.called) { const e = put(r.tile, `river ${s}`); if (e) return e; }
  }
  const w = k.init.wall;
  const unseen = [...w.live.slice(k.liveIndex, LIVE_TILES), ...w.rinshan.slice(k.kans), ...w.dora, ...w.ura];
  for (const t of unseen) { const e = put(t, 'wall'); if (e) return e; }
  if (placed !== 136) return `${placed} tiles on the table, expected 136`;
  const total = k.scores.reduce((a, b) => a + b, 0) + k.kyotaku * 1000;
  if (total !== 100_000 && !g.isOver()) return `scores plus sticks are ${total}`;
  if (g.isOver() && g.scores.reduce((a, b) => a + b, 0) !== 100_000) return `final scores sum to ${g.scores.reduce((a, b) => a + b, 0)}`;
  return null;
}
