/**
 * A read of an opponent kept from one decision to the next (danger.ts's threat in threat-cache.ts,
 * the learned model's read in model-threats.ts). The four strong seats read the same table, and a
 * seat's read only changes when its own river or melds, the dora or (for a riichi) some river
 * after the declaration changes — not at every discard.
 * Only for the engine's shallow views (read-only, sharing the table's arrays; a new hand has new
 * ones): a read is reused while the arrays it was read from are the same arrays with the same
 * lengths, and the seat's riichi, dealership and wind are the same. A kakan replaces a meld in
 * place, so the melds are compared by their tile total too. Any other view (a copy, one built by
 * hand and edited between reads) is read afresh. Reads are read-only, so one object can serve
 * several decisions.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { SEEN_KINDS } from '../../game/seen';

interface Entry<T> {
  river: unknown;
  riverLength: number;
  melds: unknown;
  meldTiles: number;
  riichi: boolean;
  oya: boolean;
  wind: string;
  roundWind: string;
  dora: unknown;
  doraLength: number;
  /** Every river's length summed (a riichi's read takes the discards after its declaration). */
  rivers: number;
  /** What else the read depends on (the model it was read with), compared by identity. */
  tag: unknown;
  read: T;
}

const meldTilesOf = (p: PlayerView): number => {
  let n = 0;
  for (let i = 0; i < p.melds.length; i++) n += p.melds[i]!.tiles.length;
  return n;
};

const riversOf = (view: StateView, p: PlayerView): number => {
  let n = 0;
  if (p.riichi) for (let i = 0; i < view.players.length; i++) n += view.players[i]!.river.length;
  return n;
};

/** `find`, and on a miss `keep` what was read afresh: no closure per read (it runs per opponent at every decision). */
export class SeatCache<T> {
  private readonly entries: (Entry<T> | null)[] = [null, null, null, null];

  /** The kept read of the seat, or undefined when something it reads has changed (or the view is not the engine's). */
  find(view: StateView, p: PlayerView, tag: unknown): { read: T } | undefined {
    if ((view as { [SEEN_KINDS]?: unknown })[SEEN_KINDS] === undefined) return undefined;
    const e = this.entries[p.seat & 3];
    if (e && e.tag === tag && e.river === p.river && e.riverLength === p.river.length && e.melds === p.melds && e.meldTiles === meldTilesOf(p)
      && e.riichi === p.riichi && e.oya === p.is_oya && e.wind === p.wind && e.roundWind === view.round_wind && e.dora === view.dora && e.doraLength === view.dora.length && e.rivers === riversOf(view, p)) return e;
    return undefined;
  }

  /** Keeps `read` as the seat's (for the engine's views only) and returns it. */
  keep(view: StateView, p: PlayerView, tag: unknown, read: T): T {
    if ((view as { [SEEN_KINDS]?: unknown })[SEEN_KINDS] === undefined) return read;
    this.entries[p.seat & 3] = { river: p.river, riverLength: p.river.length, melds: p.melds, meldTiles: meldTilesOf(p), riichi: p.riichi, oya: p.is_oya, wind: p.wind, roundWind: view.round_wind, dora: view.dora, doraLength: view.dora.length, rivers: riversOf(view, p), tag, read };
    return read;
  }
}
