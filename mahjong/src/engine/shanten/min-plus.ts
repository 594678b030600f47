/**
 * The (min,+) product of two distance tables, as the shanten search and the strong AI's discard
 * table combine groups: `out[oa + m·2 + p]` for m ≤ need sets and p ≤ 1 pairs is the fewest tiles
 * missing for m sets and p pairs taken from table `x` (at `xa`) and table `y` (at `ya`), each laid
 * out the same way.
 *
 * Written out for need ≤ 4 (every table has 10 entries): the twenty entries are read once into
 * locals and each output is one expression, instead of a double loop that re-reads the typed
 * arrays (this product is the inner step of every shanten and discard-table call).
 */
export function minPlusProduct(x: Int8Array, xa: number, y: Int8Array, ya: number, need: number, out: Int8Array, oa: number): void {
  const x0 = x[xa]!, x1 = x[xa + 1]!, y0 = y[ya]!, y1 = y[ya + 1]!;
  out[oa] = x0 + y0;
  out[oa + 1] = min2(x1 + y0, x0 + y1);
  if (need < 1) return;
  const x2 = x[xa + 2]!, x3 = x[xa + 3]!, y2 = y[ya + 2]!, y3 = y[ya + 3]!;
  out[oa + 2] = min2(x0 + y2, x2 + y0);
  out[oa + 3] = min2(min2(x1 + y2, x0 + y3), min2(x3 + y0, x2 + y1));
  if (need < 2) return;
  const x4 = x[xa + 4]!, x5 = x[xa + 5]!, y4 = y[ya + 4]!, y5 = y[ya + 5]!;
  out[oa + 4] = min2(min2(x0 + y4, x2 + y2), x4 + y0);
  out[oa + 5] = min2(min2(min2(x1 + y4, x0 + y5), min2(x3 + y2, x2 + y3)), min2(x5 + y0, x4 + y1));
  if (need < 3) return;
  const x6 = x[xa + 6]!, x7 = x[xa + 7]!, y6 = y[ya + 6]!, y7 = y[ya + 7]!;
  out[oa + 6] = min2(min2(x0 + y6, x2 + y4), min2(x4 + y2, x6 + y0));
  out[oa + 7] = min2(
    min2(min2(x1 + y6, x0 + y7), min2(x3 + y4, x2 + y5)),
    min2(min2(x5 + y2, x4 + y3), min2(x7 + y0, x6 + y1)),
  );
  if (need < 4) return;
  const x8 = x[xa + 8]!, x9 = x[xa + 9]!, y8 = y[ya + 8]!, y9 = y[ya + 9]!;
  out[oa + 8] = min2(min2(min2(x0 + y8, x2 + y6), min2(x4 + y4, x6 + y2)), x8 + y0);
  out[oa + 9] = min2(
    min2(min2(min2(x1 + y8, x0 + y9), min2(x3 + y6, x2 + y7)), min2(min2(x5 + y4, x4 + y5), min2(x7 + y2, x6 + y3))),
    min2(x9 + y0, x8 + y1),
  );
}

// Math.min, not a comparison: the JIT makes it branch-free, and the branches of `a < b ? a : b`
// on these tables mispredict (≈ 4x slower per product in bench-style runs).
const min2 = Math.min;
