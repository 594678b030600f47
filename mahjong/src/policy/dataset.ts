/** Training samples from game records: every discard a player chose (not the forced ones in riichi). */
import type { Paipu, Round } from '../engine/paipu';
import { discardAction, discardFeatures } from './features';

export interface Sample {
  rows: number[][];
  /** Index of the chosen discard among the rows. */
  label: number;
}

interface Seat {
  hand: number[];
  melds: number[][];
  river: { tile: number; called: boolean }[];
  riichi: boolean;
  drawn: number | null;
}

export function samplesFromPaipu(paipu: Paipu): Sample[] {
  return paipu.rounds.flatMap(samplesFromRound);
}

function samplesFromRound(round: Round): Sample[] {
  const seats: Seat[] = round.hands.map((h) => ({ hand: h.slice(), melds: [], river: [], riichi: false, drawn: null }));
  const dora = [round.doraIndicator];
  const out: Sample[] = [];
  let last: { who: number; index: number } | null = null;
  for (const ev of round.events) {
    if (ev.t === 'draw') {
      seats[ev.who]!.hand.push(ev.tile);
      seats[ev.who]!.drawn = ev.tile;
    } else if (ev.t === 'discard') {
      const s = seats[ev.who]!;
      if (!s.riichi) {
        const sample = sampleAt(seats, ev.who, ev.tile, dora, round);
        if (sample) out.push(sample);
      }
      remove(s.hand, ev.tile);
      s.river.push({ tile: ev.tile, called: false });
      s.drawn = null;
      last = { who: ev.who, index: s.river.length - 1 };
    } else if (ev.t === 'call') {
      const s = seats[ev.who]!;
      const m = ev.meld;
      if (m.type === 'kakan') {
        remove(s.hand, m.added ?? -1);
        const pon = s.melds.find((x) => x[0]! >> 2 === m.tiles[0]! >> 2);
        if (pon) pon.splice(0, pon.length, ...m.tiles);
      } else {
        for (const t of m.tiles) if (t !== m.called) remove(s.hand, t);
        s.melds.push(m.tiles.slice());
        if (m.type !== 'ankan' && last) seats[last.who]!.river[last.index]!.called = true;
      }
      s.drawn = null;
    } else if (ev.t === 'riichi' && ev.step === 2) {
      seats[ev.who]!.riichi = true;
    } else if (ev.t === 'dora') {
      dora.push(ev.tile);
    }
  }
  return out;
}

function sampleAt(seats: Seat[], who: number, tile: number, dora: number[], round: Round): Sample | null {
  const me = seats[who]!;
  const actions = [...new Set(me.hand.map(discardAction))].sort((a, b) => a - b);
  const label = actions.indexOf(discardAction(tile));
  if (actions.length < 2 || label < 0) return null;
  const seen = new Array<number>(34).fill(0);
  for (const s of seats) {
    for (const r of s.river) if (!r.called) seen[r.tile >> 2]! += 1;
    for (const m of s.melds) for (const id of m) seen[id >> 2]! += 1;
  }
  for (const d of dora) seen[d >> 2]! += 1;
  const rows = discardFeatures({
    hand: me.hand, meldCount: me.melds.length, seen, doraIndicators: dora,
    seatWind: (who - round.oya + 4) % 4, roundWind: Math.floor(round.round / 4) % 4,
    threatRivers: seats.filter((s, i) => i !== who && s.riichi).map((s) => s.river.map((r) => r.tile >> 2)),
    drawn: me.drawn,
  }, actions);
  return { rows, label };
}

function remove(hand: number[], tile: number): void {
  const i = hand.indexOf(tile);
  if (i >= 0) hand.splice(i, 1);
}
