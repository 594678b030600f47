/**
 * The expected-score model's key of a hand (hand-ev.ts): Σ count·Z[kind] with random 47-bit
 * weights Z, exact integers below 2^53, so a hand one draw and one discard away is key + Z[k] − Z[e]
 * and two hands share a key only by a coincidence of about 2^-47 per pair.
 */
/** Per-kind hash weights (a fixed LCG: the same keys in every process). */
export const Z = new Float64Array(34);
{
  let x = 0x2545f491;
  for (let k = 0; k < 34; k++) {
    let v = 0;
    for (let i = 0; i < 3; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; v = v * 65536 + (x >>> 16); }
    Z[k] = v % 2 ** 47;
  }
}
export const handKey = (c: ArrayLike<number>): number => {
  let key = 0;
  for (let k = 0; k < 34; k++) key += c[k]! * Z[k]!;
  return key;
};
