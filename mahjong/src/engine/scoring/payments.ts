/**
 * Payments from basic points: ron = 4a (dealer 6a); tsumo = dealer pays 2a and the others a
 * (dealer winner: 2a each); every payment rounded up to 100. Honba: 300 per stick on ron, 100 from
 * each payer on tsumo. Riichi sticks: 1000 each to the winner. Pao (big three dragons / big four
 * winds): on tsumo the liable player pays the whole hand (honba included), on ron it pays half
 * with the discarder and the liable player also pays the honba (Tenhou's rule: the honba follow
 * the responsible player). The table's settlement (table/settle.ts) uses this same function.
 */
import type { Payments } from './types';

const up100 = (x: number): number => Math.ceil(x / 100) * 100;

export interface PaymentSituation {
  base: number;
  dealer: boolean;
  /** Winner's seat wind 0–3 (locates the dealer for tsumo deltas). */
  seatWind: number;
  tsumo: boolean;
  honba: number;
  kyotaku: number;
  /** Relative seat of the discarder (ron). */
  discarder?: 1 | 2 | 3;
  paoFrom?: 1 | 2 | 3;
}

export function computePayments(s: PaymentSituation): Payments {
  const kyotakuBonus = s.kyotaku * 1000;
  const deltas: [number, number, number, number] = [0, 0, 0, 0];
  if (!s.tsumo) {
    const points = up100(s.base * (s.dealer ? 6 : 4));
    const honbaBonus = 300 * s.honba;
    if (s.discarder) {
      if (s.paoFrom && s.paoFrom !== s.discarder) {
        deltas[s.paoFrom] -= points / 2 + honbaBonus;
        deltas[s.discarder] -= points / 2;
      } else deltas[s.discarder] -= points + honbaBonus;
    }
    const received = points + honbaBonus + kyotakuBonus;
    deltas[0] = received;
    return { base: points, ron: points + honbaBonus, honbaBonus, kyotakuBonus, received, deltas };
  }
  const dealerSeat = s.dealer ? -1 : (4 - s.seatWind) % 4;
  const tsumoDealer = s.dealer ? undefined : up100(s.base * 2) + 100 * s.honba;
  const tsumoNonDealer = up100(s.base * (s.dealer ? 2 : 1)) + 100 * s.honba;
  let total = 0;
  for (let seat = 1; seat <= 3; seat++) {
    const pay = seat === dealerSeat ? tsumoDealer! : tsumoNonDealer;
    deltas[seat] = -pay;
    total += pay;
  }
  const honbaBonus = 300 * s.honba;
  if (s.paoFrom) {
    for (let seat = 1; seat <= 3; seat++) deltas[seat] = 0;
    deltas[s.paoFrom] = -total;
  }
  const received = total + kyotakuBonus;
  deltas[0] = received;
  return { base: total - honbaBonus, tsumoDealer, tsumoNonDealer, honbaBonus, kyotakuBonus, received, deltas };
}
