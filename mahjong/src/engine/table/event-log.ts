/**
 * A hand's record, kept compact while it is played: draws and discards (all but a few events of
 * a hand) are stored as one small integer each and become `RoundEvent` objects only when the
 * record is read (`list`), so a self-play loop that never reads it allocates no object per
 * draw or discard. The list is built incrementally and is always the same array: a reader that
 * kept it sees the events recorded since, as with a plain array that was pushed to.
 */
import type { RoundEvent } from '../paipu/types';

// Integer codes: bits 0–7 the tile id, 8–9 the seat, 10 tsumogiri, 12 a discard (else a draw).
const DISCARD = 1 << 12;
const TSUMOGIRI = 1 << 10;

export class EventLog {
  /** Codes and (for every other event) the event objects, in order. */
  private readonly raw: (number | RoundEvent)[] = [];
  /** The events built from `raw` so far (made on the first read). */
  private built: RoundEvent[] | null = null;

  get length(): number { return this.raw.length; }

  push(e: RoundEvent): void { this.raw.push(e); }

  pushDraw(who: number, tile: number): void { this.raw.push((who << 8) | tile); }

  pushDiscard(who: number, tile: number, tsumogiri: boolean): void {
    this.raw.push(DISCARD | (tsumogiri ? TSUMOGIRI : 0) | (who << 8) | tile);
  }

  /** The record as events (the same array each time, brought up to date). */
  list(): RoundEvent[] {
    const raw = this.raw, out = this.built ??= [];
    for (let i = out.length; i < raw.length; i++) {
      const x = raw[i]!;
      if (typeof x !== 'number') out.push(x);
      else if (x & DISCARD) out.push({ t: 'discard', who: (x >> 8) & 3, tile: x & 0xff, tsumogiri: (x & TSUMOGIRI) !== 0 });
      else out.push({ t: 'draw', who: (x >> 8) & 3, tile: x & 0xff });
    }
    return out;
  }
}
