/**
 * A hand's record, kept compact while it is played: draws and discards (all but a few events of
 * a hand) are stored as one small integer each and become `RoundEvent` objects only when the
 * record is read (`list`), so a self-play loop that never reads it allocates no object per
 * draw or discard. The list is built incrementally and is always the same array: a reader that
 * kept it sees the events recorded since, as with a plain array that was pushed to.
 *
 * The codes array holds only integers (every other event is a negative code naming its place in
 * `others`): one element kind from the first draw to the last, so the push that runs at every draw
 * and discard never meets a second array shape (a mixed array changed shape at a hand's first
 * call or riichi).
 */
import type { RoundEvent } from '../paipu/types';

// Integer codes: bits 0–7 the tile id, 8–9 the seat, 10 tsumogiri, 12 a discard (else a draw);
// a negative code −1 − i is `others[i]`.
const DISCARD = 1 << 12;
const TSUMOGIRI = 1 << 10;

export class EventLog {
  /** One code per event, in order. */
  private readonly codes: number[] = [];
  /** The events that are not a draw or discard, in order (made on the first such event). */
  private others: RoundEvent[] | null = null;
  /** The events built from `codes` so far (made on the first read). */
  private built: RoundEvent[] | null = null;

  get length(): number { return this.codes.length; }

  push(e: RoundEvent): void {
    const others = this.others ??= [];
    this.codes.push(-1 - others.length);
    others.push(e);
  }

  pushDraw(who: number, tile: number): void { this.codes.push((who << 8) | tile); }

  pushDiscard(who: number, tile: number, tsumogiri: boolean): void {
    this.codes.push(DISCARD | (tsumogiri ? TSUMOGIRI : 0) | (who << 8) | tile);
  }

  /** The record as events (the same array each time, brought up to date). */
  list(): RoundEvent[] {
    const codes = this.codes, out = this.built ??= [];
    for (let i = out.length; i < codes.length; i++) {
      const x = codes[i]!;
      if (x < 0) out.push(this.others![-1 - x]!);
      else if (x & DISCARD) out.push({ t: 'discard', who: (x >> 8) & 3, tile: x & 0xff, tsumogiri: (x & TSUMOGIRI) !== 0 });
      else out.push({ t: 'draw', who: (x >> 8) & 3, tile: x & 0xff });
    }
    return out;
  }
}
