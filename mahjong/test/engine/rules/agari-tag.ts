/**
 * A minimal reader for Tenhou mjlog AGARI tags (format: mahjong/test/fixtures/data/mjlog/FORMAT.md), enough to
 * rebuild a WinInput and the result Tenhou recorded. The full log parser belongs to the table engine.
 */
import { decodeMeld as decodeBits } from '../../../src/engine/mjlog/meld-code';
import type { Meld, WinInput } from '../../../src/engine/rules';

export interface LoggedWin {
  file: string;
  tag: string;
  input: WinInput;
  who: number;
  expect: {
    yaku: [number, number][];
    yakuman: number[];
    fu: number;
    points: number;
    limit: number;
    /** Score changes per absolute seat, in points. */
    deltas: number[];
  };
}

const attrs = (tag: string): Map<string, string> => new Map([...tag.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
const nums = (s: string | undefined): number[] => (s ? s.split(',').map(Number) : []);

/** Tenhou's meld bits (`N m`) as a rules-core Meld (the bit decoding is the engine's, tested in mjlog/). */
export function decodeMeld(m: number): Meld {
  const d = decodeBits(m);
  const from = d.from as 0 | 1 | 2 | 3;
  if (d.type === 'ankan') return { type: 'ankan', tiles: d.tiles, from: 0 };
  return { type: d.type === 'daiminkan' ? 'minkan' : d.type, tiles: d.tiles, called: d.called!, from };
}

/** Every AGARI of a log with the round situation from the preceding INIT. */
export function readWins(file: string, xml: string): LoggedWin[] {
  const out: LoggedWin[] = [];
  let round = 0;
  let oya = 0;
  let previousWasWin = false;
  for (const [tag] of xml.matchAll(/<(INIT|AGARI)\b[^>]*>/g)) {
    const a = attrs(tag);
    if (tag.startsWith('<INIT')) {
      round = nums(a.get('seed'))[0]!;
      oya = Number(a.get('oya'));
      previousWasWin = false;
      continue;
    }
    const who = Number(a.get('who'));
    const fromWho = Number(a.get('fromWho'));
    const yakuPairs = nums(a.get('yaku'));
    const yaku: [number, number][] = [];
    for (let i = 0; i < yakuPairs.length; i += 2) yaku.push([yakuPairs[i]!, yakuPairs[i + 1]!]);
    const yakuman = nums(a.get('yakuman'));
    const ids = new Set([...yaku.map((y) => y[0]), ...yakuman]);
    // Double ron: honba and riichi sticks go to the first winner only (Tenhou's atamahane of bonuses).
    const [honba, sticks] = previousWasWin ? [0, 0] : nums(a.get('ba'));
    previousWasWin = true;
    const [fu, points, limit] = nums(a.get('ten'));
    const sc = nums(a.get('sc'));
    const paoWho = a.get('paoWho');
    const rel = (seat: number) => ((seat - who + 4) % 4) as 1 | 2 | 3;
    out.push({
      file,
      tag,
      who,
      input: {
        hand: nums(a.get('hai')),
        melds: nums(a.get('m')).map(decodeMeld),
        winTile: Number(a.get('machi')),
        tsumo: who === fromWho,
        seatWind: (who - oya + 4) % 4,
        roundWind: Math.floor(round / 4),
        riichi: ids.has(1),
        doubleRiichi: ids.has(21),
        ippatsu: ids.has(2),
        chankan: ids.has(3),
        rinshan: ids.has(4),
        haitei: ids.has(5),
        houtei: ids.has(6),
        tenhou: ids.has(37),
        chiihou: ids.has(38),
        doraIndicators: nums(a.get('doraHai')),
        uraIndicators: nums(a.get('doraHaiUra')),
        honba,
        kyotaku: sticks,
        discarder: who === fromWho ? undefined : rel(fromWho),
        paoFrom: paoWho !== undefined && Number(paoWho) !== who ? rel(Number(paoWho)) : undefined,
      },
      expect: { yaku, yakuman, fu: fu!, points: points!, limit: limit!, deltas: [1, 3, 5, 7].map((i) => sc[i]! * 100) },
    });
  }
  return out;
}
