/**
 * The (min,+) product of two distance tables, as the shanten search and the strong AI's discard
 * table combine groups: `out[oa + m·2 + p]` for m ≤ need sets and p ≤ 1 pairs is the fewest tiles
 * missing for m sets and p pairs taken from table `x` (at `xa`) and table `y` (at `ya`), each laid
 * out the same way.
 */
export function minPlusProduct(x: Int8Array, xa: number, y: Int8Array, ya: number, need: number, out: Int8Array, oa: number): void {
  for (let m = 0; m <= need; m++) {
    let best0 = 99, best1 = 99;
    for (let i = 0; i <= m; i++) {
      const ix = xa + i * 2, iy = ya + (m - i) * 2;
      const x0 = x[ix]!, y0 = y[iy]!;
      if (x0 + y0 < best0) best0 = x0 + y0;
      const a = x[ix + 1]! + y0, b = x0 + y[iy + 1]!;
      const v1 = a < b ? a : b;
      if (v1 < best1) best1 = v1;
    }
    out[oa + m * 2] = best0;
    out[oa + m * 2 + 1] = best1;
  }
}
