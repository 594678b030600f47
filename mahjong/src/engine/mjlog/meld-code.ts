/**
 * Tenhou's `N m` meld bit field (summary in shared/data/mjlog/FORMAT.md).
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
  const { type, from } = meld;
  if (type === 'chi') {
    const sorted = [...meld.tiles].sort((a, b) => a - b);
    const base = sorted[0]! >> 2;
    const b = Math.floor(base / 9) * 7 + (base % 9);
    const calledIdx = sorted.indexOf(meld.called!);
    const t = b * 3 + calledIdx;
    return (t << 10) | ((sorted[2]! & 3) << 7) | ((sorted[1]! & 3) << 5) | ((sorted[0]! & 3) << 3) | 0x4 | from;
  }
  if (type === 'pon' || type === 'kakan') {
    const kind = meld.called! >> 2;
    const present = type === 'pon' ? meld.tiles.map((x) => x & 3) : [0, 1, 2, 3].filter((c) => 4 * kind + c !== meld.added);
    const unused = [0, 1, 2, 3].find((c) => !present.includes(c))!;
    const three = [0, 1, 2, 3].filter((c) => c !== unused);
    const calledIdx = three.indexOf(meld.called! & 3);
    const t = kind * 3 + calledIdx;
    return (t << 9) | (unused << 5) | (type === 'pon' ? 0x8 : 0x10) | from;
  }
  if (type === 'ankan') {
    const kind = meld.tiles[0]! >> 2;
    // Tenhou writes the first copy of the kind for an ankan.
    return ((4 * kind) << 8) | 0;
  }
  return (meld.called! << 8) | from;
}
