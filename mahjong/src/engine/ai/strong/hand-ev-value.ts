/**
 * The expected-score model (hand-ev.ts) set up for one decision of the strong AI: the draw pool is
 * what the seat cannot see, the own draws left are a quarter of the wall, and a complete closed
 * hand is valued as the push-or-fold tables value a closed win (push-fold.ts measuredValue, read
 * by estimated han: riichi, tsumo and ura on average, dora, red fives kept, yakuhai sets, all
 * simples) plus the honba and riichi sticks on the table.
 */
import { isRed } from '../../tiles';
import { HandEv } from './hand-ev';
import { measuredValue } from './push-fold';
import type { Table } from './table';
import { isYakuhai } from './value';

const isYaochuu = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;

/** A closed hand's riichi, tsumo, ura and ippatsu on average (as estimateHan counts them). */
const CLOSED_HAN = 1.6;

export function handEvModel(t: Table, rate: number, drawScale = 1): HandEv {
  const unseen = new Array<number>(34);
  let total = 0;
  for (let k = 0; k < 34; k++) { const u = 4 - t.visible[k]!; unseen[k] = u > 0 ? u : 0; total += unseen[k]!; }
  const reds: number[] = [];
  for (const id of t.hand) if (isRed(id)) reds.push(id >> 2);
  const sticks = t.view.kyotaku * 1000 + t.view.honba * 300;
  const yakuhai = new Uint8Array(34);
  for (let k = 27; k < 34; k++) yakuhai[k] = isYakuhai(t, k) ? (k === t.seatWind && k === t.roundWind ? 2 : 1) : 0;
  const dealer = t.dealer;
  // The hand's han without the winning tile once, then what each wait adds.
  const values = (c: number[], waits: Int8Array, n: number, out: Float64Array): void => {
    let han = CLOSED_HAN, yao = 0;
    for (let k = 0; k < 34; k++) {
      const m = c[k]!;
      if (m === 0) continue;
      han += m * t.dora[k]!;
      if (isYaochuu(k)) yao += m;
      if (m >= 3) han += yakuhai[k]!;
    }
    for (let i = 0; i < reds.length; i++) if (c[reds[i]!]! > 0) han += 1;
    for (let i = 0; i < n; i++) {
      const w = waits[i]!;
      let h = han + t.dora[w]!;
      if (c[w] === 2) h += yakuhai[w]!;
      if (yao === 0 && !isYaochuu(w)) h += 1;
      out[i] = measuredValue(h, false, dealer) + sticks;
    }
  };
  const river = new Uint8Array(34);
  for (const d of t.me.river) river[d.tile >> 2] = 1;
  return new HandEv({ unseen, total: Math.max(1, total), rate, values, river }, Math.max(1, Math.floor((drawScale * t.tilesLeft) / 4)), t.meldCount);
}
