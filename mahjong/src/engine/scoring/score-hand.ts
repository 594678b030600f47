/**
 * The scoring entry point: validates a win, scores every reading and returns the best one
 * (most points, then most han, then most fu — the reading Tenhou chooses).
 */
import { formatKinds } from '../notation';
import { evaluateYaku, DORA_NAMES } from '../yaku';
import type { HandContext, ScoredSet } from '../yaku/types';
import { countAka, countDora } from './dora';
import { computeFu } from './fu';
import { basicPoints } from './limits';
import { computePayments } from './payments';
import { readingsOf } from './readings';
import type { ScoreError, ScoreResult, WinInput, YakuEntry } from './types';
import { validateWin } from './validate';

const setNotation = (s: ScoredSet): string => {
  const n = s.type === 'chow' ? [s.kind, s.kind + 1, s.kind + 2] : new Array<number>(s.type === 'pair' ? 2 : s.type === 'pung' ? 3 : 4).fill(s.kind);
  return formatKinds(n) + (s.open ? ' (called)' : s.type === 'kan' ? ' (closed kan)' : '');
};

/**
 * `writeSets: false` leaves `sets` empty: the table and the AIs score many candidate wins and
 * never show the reading, which is the costliest part to write out.
 */
export function scoreHand(input: WinInput, options: { writeSets?: boolean } = {}): ScoreResult | ScoreError {
  const invalid = validateWin(input);
  if (invalid) return invalid;
  const readings = readingsOf(input);
  if (readings.length === 0) return { ok: false, code: 'NOT_AGARI', message: 'the tiles do not form a complete hand' };

  const allTiles = input.hand.slice();
  for (const m of input.melds ?? []) for (const id of m.tiles) allTiles.push(id);
  const anyRiichi = !!(input.riichi || input.doubleRiichi);
  const dora = {
    dora: countDora(allTiles, input.doraIndicators ?? []),
    ura: anyRiichi ? countDora(allTiles, input.uraIndicators ?? []) : 0,
    aka: input.akaDora === false ? 0 : countAka(allTiles),
  };

  let best: ScoreResult | undefined;
  let bestReading: HandContext | undefined;
  for (const h of readings) {
    const r = scoreReading(h, input, dora, anyRiichi);
    if (!r) continue;
    if (!best || r.points.base > best.points.base || (r.points.base === best.points.base && (r.han > best.han || (r.han === best.han && r.fu > best.fu)))) { best = r; bestReading = h; }
  }
  if (!best || !bestReading) return { ok: false, code: 'NO_YAKU', message: 'the hand is complete but has no yaku (dora do not count)' };
  // The sets are written out for the chosen reading only (the engine scores many candidate wins).
  if (options.writeSets !== false) best.sets = bestReading.sets.map(setNotation);
  return best;
}

function scoreReading(h: HandContext, input: WinInput, dora: ScoreResult['dora'], anyRiichi: boolean): ScoreResult | undefined {
  const ev = evaluateYaku(h);
  if (ev.yaku.length === 0) return undefined;
  const fu = computeFu(h, ev.yaku.some((y) => y.id === 7));
  const yaku: YakuEntry[] = [...ev.yaku];
  let han = ev.han;
  if (ev.yakuman === 0) {
    if (dora.dora > 0) yaku.push({ id: 52, name: DORA_NAMES[52], han: dora.dora });
    if (dora.aka > 0) yaku.push({ id: 54, name: DORA_NAMES[54], han: dora.aka });
    // Tenhou lists ura dora for every riichi win, even when it is 0.
    if (anyRiichi) yaku.push({ id: 53, name: DORA_NAMES[53], han: dora.ura });
    han += dora.dora + dora.aka + dora.ura;
  }
  const limit = basicPoints(han, fu, ev.yakuman);
  const points = computePayments({
    base: limit.base,
    dealer: h.dealer,
    seatWind: input.seatWind,
    tsumo: input.tsumo,
    honba: input.honba ?? 0,
    kyotaku: input.kyotaku ?? 0,
    discarder: input.discarder,
    // Pao only for the yakuman it covers (big three dragons id 39, big four winds id 49).
    paoFrom: ev.yaku.some((y) => y.id === 39 || y.id === 49) ? input.paoFrom : undefined,
  });
  return {
    ok: true,
    yaku,
    han,
    fu,
    yakuman: ev.yakuman > 0 ? ev.yakuman : limit.limit === 'kazoe yakuman' ? 1 : 0,
    limit: limit.limit,
    limitCode: limit.code,
    points,
    dora,
    sets: [],
    wait: h.wait,
  };
}
