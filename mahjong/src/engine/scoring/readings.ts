/**
 * Every reading of a winning hand as a HandContext: each decomposition of the concealed tiles ×
 * each place the winning tile can sit, with the called melds added.
 */
import { decompositions } from '../hand/decompose';
import { winReadings } from '../hand/waits';
import { countsOf, kindOf, windKind } from '../tiles';
import type { HandContext, ScoredSet } from '../yaku/types';
import type { Meld, WinInput } from './types';

function meldSet(m: Meld): ScoredSet {
  let kind = Infinity;
  for (const id of m.tiles) kind = Math.min(kind, kindOf(id));
  if (m.type === 'chi') return { type: 'chow', kind, open: true, concealed: false };
  if (m.type === 'pon') return { type: 'pung', kind, open: true, concealed: false };
  return { type: 'kan', kind, open: m.type !== 'ankan', concealed: m.type === 'ankan' };
}

export function readingsOf(input: WinInput): HandContext[] {
  const melds = input.melds ?? [];
  const concealedCounts = countsOf(input.hand);
  const counts = countsOf(input.hand);
  for (const m of melds) for (const id of m.tiles) counts[kindOf(id)]!++;
  const meldSets = melds.map(meldSet);
  const closed = melds.every((m) => m.type === 'ankan');
  const winKind = kindOf(input.winTile);
  const out: HandContext[] = [];
  for (const dec of decompositions(concealedCounts)) {
    for (const r of winReadings(dec, winKind)) {
      const sets: ScoredSet[] = dec.sets.map((s, i) => ({
        type: s.type,
        kind: s.kind,
        open: false,
        // A pung completed by a discard is treated as open (minkou) for ankou and fu.
        concealed: !(i === r.setIndex && s.type === 'pung' && !input.tsumo),
      }));
      out.push({
        form: dec.form,
        sets: [...sets, ...meldSets],
        wait: r.wait,
        winKind,
        tsumo: input.tsumo,
        closed,
        seatWind: windKind(input.seatWind),
        roundWind: windKind(input.roundWind),
        dealer: input.dealer ?? input.seatWind === 0,
        counts,
        concealedCounts,
        riichi: !!input.riichi,
        doubleRiichi: !!input.doubleRiichi,
        ippatsu: !!input.ippatsu,
        haitei: !!input.haitei,
        houtei: !!input.houtei,
        rinshan: !!input.rinshan,
        chankan: !!input.chankan,
        tenhou: !!input.tenhou,
        chiihou: !!input.chiihou,
      });
    }
  }
  return out;
}
