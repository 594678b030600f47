/** danger.ts's threat of an opponent, kept between decisions (seat-cache.ts says when it is reused). */
import type { PlayerView, StateView } from '../../game/view-schema';
import { threatOf, type Threat } from './danger';
import { SeatCache } from './seat-cache';

const THREATS = new SeatCache<Threat | null>();

export function cachedThreat(view: StateView, p: PlayerView, visible: number[], dora: number[]): Threat | null {
  const kept = THREATS.find(view, p, null);
  return kept ? kept.read : THREATS.keep(view, p, null, threatOf(view, p, visible, dora));
}
