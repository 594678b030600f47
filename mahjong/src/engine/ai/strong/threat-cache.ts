/**
 * An opponent's threat (danger.ts threatOf) kept from one decision to the next. The four strong
 * seats read the same table, and an open hand's threat only changes when its own river or melds,
 * the dora or (for a riichi) some river after the declaration changes — not at every discard.
 * Only for the engine's shallow views (read-only, sharing the table's arrays; a new hand has new
 * ones): a threat is reused while the arrays it was read from are the same arrays with the same
 * lengths, and the seat's riichi, dealership and wind are the same. A kakan replaces a meld in
 * place, so the melds are compared by their tile total too. Any other view (a copy, one built by
 * hand and edited between reads) is read afresh. Threats are read-only, so one object can serve
 * several decisions.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { threatOf, type Threat } from './danger';
import { SEEN_KINDS } from '../../game/seen';

interface Entry {
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
  /** Every river's length summed (a riichi threat reads the discards after its declaration). */
  rivers: number;
  threat: Threat | null;
}

const ENTRIES: (Entry | null)[] = [null, null, null, null];

export function cachedThreat(view: StateView, p: PlayerView, visible: number[], dora: number[]): Threat | null {
  if ((view as { [SEEN_KINDS]?: unknown })[SEEN_KINDS] === undefined) return threatOf(view, p, visible, dora);
  let meldTiles = 0;
  for (let i = 0; i < p.melds.length; i++) meldTiles += p.melds[i]!.tiles.length;
  let rivers = 0;
  if (p.riichi) for (let i = 0; i < view.players.length; i++) rivers += view.players[i]!.river.length;
  const seat = p.seat & 3;
  const e = ENTRIES[seat];
  if (e && e.river === p.river && e.riverLength === p.river.length && e.melds === p.melds && e.meldTiles === meldTiles
    && e.riichi === p.riichi && e.oya === p.is_oya && e.wind === p.wind && e.roundWind === view.round_wind && e.dora === view.dora && e.doraLength === view.dora.length && e.rivers === rivers) return e.threat;
  const threat = threatOf(view, p, visible, dora);
  ENTRIES[seat] = { river: p.river, riverLength: p.river.length, melds: p.melds, meldTiles, riichi: p.riichi, oya: p.is_oya, wind: p.wind, roundWind: view.round_wind, dora: view.dora, doraLength: view.dora.length, rivers, threat };
  return threat;
}
