/**
 * Cheap necessary conditions for tenpai, to skip shanten searches on far hands. In a tenpai
 * hand every tile but at most one (a tanki or the chiitoitsu single) has a copy or a neighbour
 * within two in its suit; kokushi is the exception and needs 12 distinct terminals/honours.
 */

export function isolatedTiles(c: ArrayLike<number>): number {
  let n = 0;
  for (let base = 0; base < 27; base += 9) {
    for (let r = 0; r < 9; r++) {
      const k = base + r;
      if (c[k] !== 1) continue;
      if ((r >= 1 && c[k - 1]! > 0) || (r >= 2 && c[k - 2]! > 0) || (r <= 7 && c[k + 1]! > 0) || (r <= 6 && c[k + 2]! > 0)) continue;
      n++;
    }
  }
  for (let k = 27; k < 34; k++) if (c[k] === 1) n++;
  return n;
}

/** Distinct terminal/honour kinds held. */
function yaochuuKinds(c: ArrayLike<number>): number {
  let d = 0;
  for (let k = 27; k < 34; k++) if (c[k]! > 0) d++;
  for (let k = 0; k < 27; k += 9) d += (c[k]! > 0 ? 1 : 0) + (c[k + 8]! > 0 ? 1 : 0);
  return d;
}

/** At least `min` isolated tiles and not kokushi-like (the kokushi count only when needed). */
const far = (c: ArrayLike<number>, min: number): boolean => isolatedTiles(c) >= min && yaochuuKinds(c) < 12;

/** A 3n+1 hand that cannot be tenpai. */
export const surelyNotTenpai = (c: ArrayLike<number>): boolean => far(c, 2);

/** A 3n+2 hand from which no discard reaches tenpai. */
export const noTenpaiDiscard = (c: ArrayLike<number>): boolean => far(c, 3);
