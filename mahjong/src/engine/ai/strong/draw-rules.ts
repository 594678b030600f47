/**
 * Which draws the expected-score model (hand-ev.ts) and its move searches (tenpai-groups.ts)
 * try: a draw can lower a hand's shanten only when it is held, a suit neighbour within two is
 * held, or seven pairs or kokushi can use a new kind.
 */
import { isYaochuu } from '../../tiles';

/**
 * Which new kinds (not held, no suit neighbour within two) a draw may still use in closed hand `c`:
 * 2 any (seven pairs with fewer than seven kinds held), 1 terminals and honours (kokushi within
 * two of tenpai: ten or more of its kinds held), 0 none.
 */
export function looseDraws(c: ArrayLike<number>, closed: boolean): number {
  if (!closed) return 0;
  let kinds = 0, yao = 0;
  for (let k = 0; k < 34; k++) if (c[k]! > 0) { kinds++; if (isYaochuu(k)) yao++; }
  return kinds < 7 ? 2 : yao >= 10 ? 1 : 0;
}

/** Whether a draw of k can lower the shanten of `c`: held, a suit neighbour within two, or as `looseDraws` allows. */
export function mayUse(c: ArrayLike<number>, k: number, loose: number): boolean {
  if (c[k]! > 0 || loose === 2) return true;
  if (loose === 1 && isYaochuu(k)) return true;
  if (k >= 27) return false;
  const n = k % 9;
  return (n >= 1 && c[k - 1]! > 0) || (n >= 2 && c[k - 2]! > 0) || (n <= 7 && c[k + 1]! > 0) || (n <= 6 && c[k + 2]! > 0);
}
