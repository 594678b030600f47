/**
 * Tenhou's `N m` meld bit field (summary in mahjong/test/fixtures/data/mjlog/FORMAT.md).
 * `from` is relative: 0 self, 1 right (shimocha), 2 across, 3 left (kamicha).
 */
export type MeldType = 'chi' | 'pon' | 'daiminkan' | 'kakan' | 'ankan';

export interface DecodedMeld {
  type: MeldType;
  /** All tile ids of the meld, ascending (four for kans). */
  tiles: number[];
  /** The tile taken from another seat (for kakan: the originally ponned tile); null for ankan. */
  called: number | null;
  /** For kakan: the tile added from the hand. */
  added: number | null;
  /** Relative seat the tile came from (0 for ankan). */
  from: number;
}

export function decodeMeld(m: number): DecodedMeld {
  const from = m & 3;
  if (m & 0x4) {
    const t = m >> 10;
    const calledIdx = t % 3;
    const b = Math.floor(t / 3);
    const base = Math.floor(b / 7) * 9 + (b % 7);
    const tiles = [4 * base + ((m >> 3) & 3), 4 * (base + 1) + ((m >> 5) & 3), 4 * (base + 2) + ((m >> 7) & 3)];
    return { type: 'chi', tiles, called: tiles[calledIdx]!, added: null, from };
  }
  if (m & 0x18) {
    const unused = (m >> 5) & 3;
    const t = m >> 9;
    const calledIdx = t % 3;
    const kind = Math.floor(t / 3);
    const three = [0, 1, 2, 3].filter((c) => c !== unused).map((c) => 4 * kind + c);
    const called = three[calledIdx]!;
    if (m & 0x10) {
      const added = 4 * kind + unused;
      return { type: 'kakan', tiles: [0, 1, 2, 3].map((c) => 4 * kind + c), called, added, from };
    }
    return { type: 'pon', tiles: three, called, added: null, from };
  }
  const tile = m >> 8;
  const kind = tile >> 2;
  const tiles = [0, 1, 2, 3].map((c) => 4 * kind + c);
  if (from === 0) return { type: 'ankan', tiles, called: null, added: null, from: 0 };
  return { type: 'daiminkan', tiles, called: tile, added: null, from };
}

/** Inverse of decodeMeld; `tiles` for pon/chi are the three ids, for kans any order. */
export function encodeMeld(meld: DecodedMeld): number {
  // Plain arithmetic, no array helpers: the table codes every call it makes.
  const { type, from } = meld;
  if (type === 'chi') {
    let s0 = meld.tiles[0]!, s1 = meld.tiles[1]!, s2 = meld.tiles[2]!, x: number;
    if (s0 > s1) { x = s0; s0 = s1; s1 = x; }
    if (s1 > s2) { x = s1; s1 = s2; s2 = x; }
    if (s0 > s1) { x = s0; s0 = s1; s1 = x; }
    const base = s0 >> 2;
    const b = Math.floor(base / 9) * 7 + (base % 9);
    const called = meld.called;
    const calledIdx = called === s0 ? 0 : called === s1 ? 1 : called === s2 ? 2 : -1;
    const t = b * 3 + calledIdx;
    return (t << 10) | ((s2 & 3) << 7) | ((s1 & 3) << 5) | ((s0 & 3) << 3) | 0x4 | from;
  }
  if (type === 'pon' || type === 'kakan') {
    const kind = meld.called! >> 2;
    let present = 0;
    if (type === 'pon') for (const x of meld.tiles) present |= 1 << (x & 3);
    else for (let c = 0; c < 4; c++) if (4 * kind + c !== meld.added) present |= 1 << c;
    let unused = 0;
    while (unused < 4 && present & (1 << unused)) unused++;
    // The called copy's place among the three copies other than `unused`.
    const cc = meld.called! & 3;
    const calledIdx = unused === 4 ? cc : cc === unused ? -1 : cc > unused ? cc - 1 : cc;
    const t = kind * 3 + calledIdx;
    return (t << 9) | ((unused & 3) << 5) | (type === 'pon' ? 0x8 : 0x10) | from;
  }
  if (type === 'ankan') {
    const kind = meld.tiles[0]! >> 2;
    // Tenhou writes the first copy of the kind for an ankan.
    return ((4 * kind) << 8) | 0;
  }
  return (meld.called! << 8) | from;
}
