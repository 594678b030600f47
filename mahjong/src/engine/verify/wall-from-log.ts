/**
 * Rebuild a hand's wall from what a log shows: the dealt hands, every draw (kan replacement
 * draws go to the dead wall), the dora and ura indicators. Tiles the log never shows fill the
 * remaining places, so the result is always a permutation of the 136 tiles.
 */
import type { Round } from '../paipu/types';
import { DEAL_TILES, LIVE_TILES, type Wall } from '../table/wall';

export class WallConflict extends Error {}

/** The wall places the log shows (null: never shown). */
export interface KnownWall {
  live: (number | null)[];
  rinshan: (number | null)[];
  dora: (number | null)[];
  ura: (number | null)[];
}

export function wallFromRound(r: Round): Wall {
  const { live, rinshan, dora, ura } = knownWall(r);
  const seen = new Set<number>();
  for (const t of [...live, ...rinshan, ...dora, ...ura]) {
    if (t === null) continue;
    if (seen.has(t)) throw new WallConflict(`tile ${t} appears twice in the log's wall`);
    seen.add(t);
  }
  const unseen = Array.from({ length: 136 }, (_, i) => i).filter((i) => !seen.has(i));
  const fill = (xs: (number | null)[]): number[] => xs.map((x) => x ?? unseen.pop()!);
  return { live: fill(live), rinshan: fill(rinshan), dora: fill(dora), ura: fill(ura) };
}

export function knownWall(r: Round): KnownWall {
  const live: (number | null)[] = new Array(LIVE_TILES).fill(null);
  const rinshan: (number | null)[] = [null, null, null, null];
  const dora: (number | null)[] = [r.doraIndicator, null, null, null, null];
  const ura: (number | null)[] = [null, null, null, null, null];
  for (let s = 0; s < 4; s++) {
    const order = (s - r.oya + 4) % 4;
    r.hands[s]!.forEach((id, i) => { live[order * 13 + i] = id; });
  }
  let next = DEAL_TILES;
  let kanDraw = 0;
  let doraIdx = 1;
  let afterKan = false;
  for (const e of r.events) {
    if (e.t === 'call' && (e.meld.type === 'ankan' || e.meld.type === 'kakan' || e.meld.type === 'daiminkan')) afterKan = true;
    else if (e.t === 'draw') {
      if (afterKan) {
        if (kanDraw >= 4) throw new WallConflict('more than four kan replacement draws');
        rinshan[kanDraw++] = e.tile;
      } else {
        if (next >= LIVE_TILES - kanDraw) throw new WallConflict('more draws than the live wall holds');
        live[next++] = e.tile;
      }
      afterKan = false;
    } else if (e.t === 'dora') {
      if (doraIdx >= 5) throw new WallConflict('more than five dora indicators');
      dora[doraIdx++] = e.tile;
    } else if (e.t === 'agari') {
      e.doraIndicators.forEach((t, i) => { if (dora[i] === null) dora[i] = t; });
      e.uraIndicators.forEach((t, i) => { ura[i] = t; });
    }
  }
  return { live, rinshan, dora, ura };
}
