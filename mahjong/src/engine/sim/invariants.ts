/**
 * Invariants a table must keep after every step: the 136 tiles are all somewhere exactly once
 * (hands, melds, rivers, the unseen wall), and scores plus sticks on the table sum to 100,000;
 * the counts, masks and cached waits kept with each hand match it; each river (kept as integer
 * codes, its objects built when read) matches the hand's record of discards and calls.
 */
import type { Game } from '../game/game';
import type { Kyoku } from '../table/kyoku';
import { RIVER_CALLED, RIVER_RIICHI, RIVER_TSUMOGIRI, type RiverTile } from '../table/player';
import { emptyMasks, MASK_FOUR, MASK_PRESENT, MASK_REDS, MASK_SINGLE, touchMasks } from '../table/hand-masks';
import { LIVE_TILES } from '../table/wall';
import { waitingKinds } from '../ukeire';

export function checkInvariants(g: Game): string | null {
  const k = g.kyoku;
  const riverError = checkRivers(k);
  if (riverError) return riverError;
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
    // The hand is kept as a bit set and read back as a sorted list: both views must agree.
    if (p.hand.length !== p.tileCount) return `seat ${s}: ${p.hand.length} tiles listed, ${p.tileCount} counted`;
    for (let i = 1; i < p.hand.length; i++) if (p.hand[i - 1]! >= p.hand[i]!) return `seat ${s}: hand not in ascending order`;
    let bits = 0;
    for (const w of p.ids) for (let m = w; m !== 0; m &= m - 1) bits++;
    if (bits !== p.tileCount) return `seat ${s}: ${bits} ids in the hand's set, ${p.tileCount} counted`;
    if (c.some((n, kind) => n !== p.counts[kind])) return `seat ${s}: kind counts out of step with the hand`;
    const m = emptyMasks();
    for (const id of p.hand) touchMasks(m, id, 2, true); // presence and reds (single is checked below)
    for (let kind = 0; kind < 34; kind++) {
      const g = kind < 27 ? Math.floor(kind / 9) : 3;
      const bit = 1 << (kind - g * 9);
      if (((p.masks[MASK_PRESENT + g]! & bit) !== 0) !== c[kind]! > 0 || ((p.masks[MASK_SINGLE + g]! & bit) !== 0) !== (c[kind] === 1)
        || ((p.masks[MASK_FOUR + g]! & bit) !== 0) !== (c[kind] === 4))
        return `seat ${s}: hand masks out of step with the hand at kind ${kind}`;
    }
    if (m[MASK_REDS] !== p.masks[MASK_REDS]) return `seat ${s}: red-five mask out of step with the hand`;
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

/**
 * Each seat's river, as codes and as the objects read from it, against the record: one entry per
 * discard event of the seat (tile, drawn tile or not), the riichi flag on the discard right after
 * its riichi declaration, and the called flag on exactly the discards a call took.
 */
export function checkRivers(k: Kyoku): string | null {
  const want: RiverTile[][] = [[], [], [], []];
  let riichiNext = -1;
  let last: RiverTile | null = null;
  for (const e of k.events) {
    if (e.t === 'riichi' && e.step === 1) riichiNext = e.who;
    else if (e.t === 'discard') {
      last = { tile: e.tile, tsumogiri: e.tsumogiri, riichi: riichiNext === e.who, called: false };
      want[e.who]!.push(last);
      riichiNext = -1;
    } else if (e.t === 'call' && e.meld.type !== 'ankan' && e.meld.type !== 'kakan' && last) last.called = true;
  }
  for (let s = 0; s < 4; s++) {
    const p = k.players[s]!;
    const codes = p.riverCodes;
    const river = p.river;
    const w = want[s]!;
    if (codes.length !== w.length || river.length !== w.length) return `seat ${s}: river of ${codes.length} codes and ${river.length} tiles, the record has ${w.length} discards`;
    for (let i = 0; i < w.length; i++) {
      const c = codes[i]!, r = river[i]!, x = w[i]!;
      const fromCode = { tile: c & 0xff, tsumogiri: (c & RIVER_TSUMOGIRI) !== 0, riichi: (c & RIVER_RIICHI) !== 0, called: (c & RIVER_CALLED) !== 0 };
      for (const f of ['tile', 'tsumogiri', 'riichi', 'called'] as const) {
        if (fromCode[f] !== x[f]) return `seat ${s}: river code ${i} has ${f} ${fromCode[f]}, the record ${x[f]}`;
        if (r[f] !== x[f]) return `seat ${s}: river tile ${i} has ${f} ${r[f]}, the record ${x[f]}`;
      }
    }
  }
  return null;
}
