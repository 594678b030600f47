/**
 * The learned opponent model's threats for a decision (`modelThreats`), and its read of a seat (danger-model.ts readOpponent) kept from one decision to the
 * next, as threat-cache.ts keeps danger.ts's threats: only for the engine's shallow views (arrays
 * shared with the table, new ones each hand), reused while the seat's river and melds are the same
 * arrays with the same lengths (a kakan is seen by the melds' tile total), the dora the same, the
 * seat's riichi, dealership and wind the same, for a riichi seat every river's length the same
 * (its safe tiles grow with the others' discards), and the model the same. Reads are read-only.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { SEEN_KINDS } from '../../game/seen';
import { type DangerModel, type ModelThreat, readOpponent } from './danger-model';
import type { Threat } from './danger';

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
  rivers: number;
  model: DangerModel;
  read: ModelThreat;
}

const ENTRIES: (Entry | null)[] = [null, null, null, null];

export function cachedOpponent(view: StateView, p: PlayerView, dora: number[], m: DangerModel): ModelThreat {
  if ((view as { [SEEN_KINDS]?: unknown })[SEEN_KINDS] === undefined) return readOpponent(view, p, dora, m);
  let meldTiles = 0;
  for (let i = 0; i < p.melds.length; i++) meldTiles += p.melds[i]!.tiles.length;
  let rivers = 0;
  if (p.riichi) for (let i = 0; i < view.players.length; i++) rivers += view.players[i]!.river.length;
  const seat = p.seat & 3;
  const e = ENTRIES[seat];
  if (e && e.model === m && e.river === p.river && e.riverLength === p.river.length && e.melds === p.melds && e.meldTiles === meldTiles
    && e.riichi === p.riichi && e.oya === p.is_oya && e.wind === p.wind && e.roundWind === view.round_wind && e.dora === view.dora && e.doraLength === view.dora.length && e.rivers === rivers) return e.read;
  const read = readOpponent(view, p, dora, m);
  ENTRIES[seat] = { river: p.river, riverLength: p.river.length, melds: p.melds, meldTiles, riichi: p.riichi, oya: p.is_oya, wind: p.wind, roundWind: view.round_wind, dora: view.dora, doraLength: view.dora.length, rivers, model: m, read };
  return read;
}

/**
 * Every opponent at least `min` likely tenpai (a riichi always), read by the model. `keep`: which of
 * danger.ts's threats (`old`) stay as they are — 'riichi' seats, or 'all' (the model only adds the
 * seats danger.ts does not read) — and 'none'.
 */
export function modelThreats(view: StateView, seat: number, dora: number[], m: DangerModel, min: number, keep: 'none' | 'riichi' | 'all' = 'none', old: readonly Threat[] = []): Threat[] {
  const out: Threat[] = [];
  for (const p of view.players) {
    if (p.seat === seat) continue;
    if (keep === 'all' || (keep === 'riichi' && p.riichi)) {
      const was = old.find((th) => th.seat === p.seat);
      if (was) { out.push(was); continue; }
      if (p.riichi) continue;
    }
    const th = cachedOpponent(view, p, dora, m);
    if (th.tenpai >= min) out.push(th);
  }
  return out;
}
