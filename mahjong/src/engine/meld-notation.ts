/**
 * Meld notation for tests and the CLI: `type:tiles`, comma-separated, e.g.
 * `pon:777z,chi:312m,ankan:1111p,minkan:5555s,kakan:0555p`. Types: chi, pon, minkan (or kan),
 * ankan, kakan. The first tile written is the called one (ignored for ankan).
 */
import { NotationError, parseTiles } from './notation';
import type { Meld, MeldType } from './scoring/types';
import type { TileId } from './tiles';
import { ownValue } from './own-key';

const TYPES: Record<string, MeldType> = { chi: 'chi', pon: 'pon', kan: 'minkan', minkan: 'minkan', daiminkan: 'minkan', ankan: 'ankan', kakan: 'kakan', shouminkan: 'kakan' };

/** Parse melds; `used` is shared with the hand so every tile gets a distinct id. Throws NotationError. */
export function parseMelds(text: string, used: Set<TileId> = new Set()): Meld[] {
  if (!text.trim()) return [];
  return text.split(',').map((part) => {
    const [name, tiles] = part.trim().split(':');
    const type = ownValue(TYPES, (name ?? '').toLowerCase());
    if (!type || !tiles) throw new NotationError(`"${part}" is not a meld (type:tiles, e.g. pon:777z, chi:123m, ankan:1111p)`);
    const ids = parseTiles(tiles, used);
    const size = type === 'chi' || type === 'pon' ? 3 : 4;
    if (ids.length !== size) throw new NotationError(`"${part}": a ${type} has ${size} tiles`);
    return type === 'ankan' ? { type, tiles: ids, from: 0 } : { type, tiles: ids, called: ids[0], from: type === 'chi' ? 3 : 2 };
  });
}
