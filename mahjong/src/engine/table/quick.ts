/**
 * Cheap necessary conditions for tenpai, to skip shanten searches on far hands. In a tenpai
 * hand every tile but at most one (a tanki or the chiitoitsu single) has a copy or a neighbour
 * within two in its suit; kokushi is the exception and needs 12 distinct terminals/honours.
 */
const YAOCHUU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

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

const kokushiLike = (c: ArrayLike<number>): boolean => {
  let d = 0;
  for (const y of YAOCHUU) if (c[y]! > 0) d++;
  return d >= 12;
};

/** A 3n+1 hand that cannot be tenpai. */
export const surelyNotTenpai = (c: ArrayLike<number>): boolean => isolatedTiles(c) >= 2 && !kokushiLike(c);

/** A 3n+2 hand from which no discard reaches tenpai. */
export const noTenpaiDiscard = (c: ArrayLike<number>): boolean => isolatedTiles(c) >= 3 && !kokushiLike(c);
