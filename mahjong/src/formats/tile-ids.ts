/**
 * Tile ids for formats that name tiles by kind only (tenhou.net/6, mjai). Within a hand each
 * physical tile gets a Tenhou id 0–135 the first time it appears: the red five is copy 0 (ids
 * 16/52/88) when the game has red fives, any other tile the lowest copy not yet used. A fifth
 * copy of a kind cannot be given an id and is an error.
 */
import { redIdOfKind } from './mjai/tiles';

export interface TileRef { kind: number; red: boolean }

export class TileIds {
  private readonly used = new Set<number>();
  constructor(private readonly redFives: boolean) {}

  /** A fresh id, or a message saying why none exists. */
  take(t: TileRef): number | string {
    const red = redIdOfKind(t.kind);
    if (t.red) {
      if (red === undefined || !this.redFives) return `a red tile where the game has no red ${red === undefined ? 'copy of that kind' : 'fives'}`;
      if (this.used.has(red)) return 'a second red five of one suit';
      this.used.add(red);
      return red;
    }
    for (let c = 0; c < 4; c++) {
      const id = t.kind * 4 + c;
      if (this.redFives && id === red) continue;
      if (!this.used.has(id)) { this.used.add(id); return id; }
    }
    return this.redFives && red !== undefined ? 'a fourth plain five (one five of each suit is red)' : 'a fifth copy of a tile';
  }
}
