/**
 * The learned opponent model's threats for a decision (`modelThreats`), each seat's read
 * (danger-model.ts readOpponent) kept between decisions as seat-cache.ts says, with the model it
 * was read with.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { type DangerModel, type ModelThreat, readOpponent } from './danger-model';
import type { Threat } from './danger';
import { SeatCache } from './seat-cache';

const READS = new SeatCache<ModelThreat>();

/** The model's read of a seat, kept between decisions (seat-cache.ts says when it is reused). */
export function cachedOpponent(view: StateView, p: PlayerView, dora: number[], m: DangerModel): ModelThreat {
  const kept = READS.find(view, p, m);
  return kept ? kept.read : READS.keep(view, p, m, readOpponent(view, p, dora, m));
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
