/**
 * Fu by Tenhou's rules for one reading:
 * - kokushi: 0 fu (Tenhou's AGARI `ten` records 0 for it; every other yakuman keeps its fu);
 * - seven pairs: 25 fu flat;
 * - pinfu tsumo: 20 fu flat (no tsumo fu); pinfu ron: 30;
 * - otherwise 20 base + 10 closed ron + 2 tsumo (rinshan included) + 2 for a kanchan, penchan or
 *   tanki wait + 2 per value pair (seat wind, round wind and dragon each, so a double-wind pair is 4)
 *   + sets: pung 2 (4 if terminal/honor), doubled when concealed, ×4 for a kan;
 * - an open hand with no fu beyond the base (20) is raised to 30; the total rounds up to 10.
 */
import { isDragon, isYaochuu } from '../tiles';
import type { HandContext } from '../yaku/types';

export function computeFu(h: HandContext, isPinfu: boolean): number {
  if (h.form === 'kokushi') return 0;
  if (h.form === 'chiitoi') return 25;
  if (isPinfu) return h.tsumo ? 20 : 30;
  let fu = 20;
  if (h.closed && !h.tsumo) fu += 10;
  if (h.tsumo) fu += 2;
  if (h.wait === 'kanchan' || h.wait === 'penchan' || h.wait === 'tanki') fu += 2;
  for (const s of h.sets) {
    if (s.type === 'pair') {
      if (isDragon(s.kind)) fu += 2;
      if (s.kind === h.seatWind) fu += 2;
      if (s.kind === h.roundWind) fu += 2;
    } else if (s.type !== 'chow') {
      let v = isYaochuu(s.kind) ? 4 : 2;
      if (s.concealed) v *= 2;
      if (s.type === 'kan') v *= 4;
      fu += v;
    }
  }
  if (fu === 20) return 30; // open pinfu shape (ron 20, or kuipinfu)
  return Math.ceil(fu / 10) * 10;
}
