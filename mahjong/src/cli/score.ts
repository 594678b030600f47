import { defineCommand } from 'citty';
import { NotationError, scoreHand, winInputFromNotation, type ScoreError, type ScoreResult } from '../engine/rules';
import { ExitStatus } from '@devhub/shared';

const WINDS: Record<string, number> = { e: 0, east: 0, s: 1, south: 1, w: 2, west: 2, n: 3, north: 3, '0': 0, '1': 1, '2': 2, '3': 3 };

const flag = (description: string) => ({ type: 'boolean' as const, description, default: false });

export interface ScoreJson {
  yaku: { id: number; name: string; han: number }[];
  han: number;
  fu: number;
  limit: string;
  yakuman: number;
  points: Omit<ScoreResult['points'], 'deltas'> | null;
  wait: string | null;
  sets: string[];
  error: string | null;
  message?: string;
}

export function toJson(r: ScoreResult | ScoreError): ScoreJson {
  if (!r.ok) return { yaku: [], han: 0, fu: 0, limit: '', yakuman: 0, points: null, wait: null, sets: [], error: r.code, message: r.message };
  const { deltas: _d, ...points } = r.points;
  return { yaku: r.yaku, han: r.han, fu: r.fu, limit: r.limit, yakuman: r.yakuman, points, wait: r.wait, sets: r.sets, error: null };
}

export function toText(r: ScoreResult): string[] {
  const yakuman = r.limit === 'yakuman';
  const lines = r.yaku.map((y) => `  ${y.name.padEnd(24)} ${yakuman ? 'yakuman' : `${y.han} han`}`);
  const p = r.points;
  lines.push(yakuman ? `${r.yakuman}× yakuman (${r.fu} fu)` : `${r.han} han ${r.fu} fu${r.limit ? ` — ${r.limit}` : ''}`);
  if (p.ron !== undefined) lines.push(`ron: ${p.ron} from the discarder`);
  else if (p.tsumoDealer !== undefined) lines.push(`tsumo: ${p.tsumoNonDealer} / ${p.tsumoDealer} (non-dealers / dealer)`);
  else lines.push(`tsumo: ${p.tsumoNonDealer} all`);
  lines.push(`hand ${p.base}${p.honbaBonus ? ` + honba ${p.honbaBonus}` : ''}${p.kyotakuBonus ? ` + sticks ${p.kyotakuBonus}` : ''} → winner receives ${p.received}`);
  lines.push(`reading: ${r.sets.join(' ')} (${r.wait})`);
  return lines;
}

type ScoreArgs = Record<string, unknown>;

function scoreArgs(args: ScoreArgs): ScoreResult | ScoreError {
  const seatWind = WINDS[String(args.seat).toLowerCase()];
  const roundWind = WINDS[String(args.round).toLowerCase()];
  if (seatWind === undefined || roundWind === undefined) {
    return { ok: false, code: 'INVALID_FLAGS', message: '--seat and --round take E, S, W or N' };
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const on = (v: unknown) => v === true;
  try {
    return scoreHand(winInputFromNotation({
      hand: String(args.hand), win: str(args.win), melds: str(args.melds), tsumo: on(args.tsumo), seatWind, roundWind,
      riichi: on(args.riichi), doubleRiichi: on(args['double-riichi']), ippatsu: on(args.ippatsu), haitei: on(args.haitei),
      houtei: on(args.houtei), rinshan: on(args.rinshan), chankan: on(args.chankan), tenhou: on(args.tenhou), chiihou: on(args.chiihou),
      dora: str(args.dora) ?? '', ura: str(args.ura) ?? '', honba: Number(args.honba), kyotaku: Number(args.sticks),
    }));
  } catch (e) {
    if (!(e instanceof NotationError)) throw e;
    return { ok: false, code: 'INVALID_HAND', message: e.message };
  }
}

export default defineCommand({
  meta: { name: 'score', description: 'Score a winning hand: yaku, han, fu, limit and payments (Tenhou rules)' },
  args: {
    hand: { type: 'positional', required: true, description: 'Concealed tiles in notation, e.g. 234m406p22p45678s3s (0 = red five); the last tile is the winning one unless --win' },
    win: { type: 'string', description: 'Winning tile (added if the hand is one short, else picked from the hand)' },
    melds: { type: 'string', description: 'Called/declared sets, comma-separated: chi:123m,pon:777z,minkan:5555p,ankan:1111s,kakan:4444m' },
    tsumo: flag('Won by self-draw (default: ron)'),
    seat: { type: 'string', description: 'Seat wind E/S/W/N (default S; E = dealer)', default: 'S' },
    round: { type: 'string', description: 'Round wind E/S/W/N (default E)', default: 'E' },
    riichi: flag('Riichi'),
    'double-riichi': flag('Double riichi'),
    ippatsu: flag('Ippatsu'),
    haitei: flag('Tsumo on the last wall tile'),
    houtei: flag('Ron on the last discard'),
    rinshan: flag('Tsumo on a kan replacement tile'),
    chankan: flag('Ron on an added kan'),
    tenhou: flag('Tenhou (dealer, first draw)'),
    chiihou: flag('Chiihou (non-dealer, first draw)'),
    dora: { type: 'string', description: 'Dora indicators, e.g. 1m7z', default: '' },
    ura: { type: 'string', description: 'Ura-dora indicators (count with riichi)', default: '' },
    honba: { type: 'string', description: 'Honba sticks (300 each)', default: '0' },
    sticks: { type: 'string', description: 'Riichi sticks on the table (1000 each)', default: '0' },
    json: flag('Print JSON {yaku, han, fu, limit, points, error}'),
  },
  run({ args }) {
    const result = scoreArgs(args);
    if (args.json) process.stdout.write(`${JSON.stringify(toJson(result), null, 2)}\n`);
    else if (result.ok) process.stdout.write(`${toText(result).join('\n')}\n`);
    if (!result.ok) throw new ExitStatus(1, args.json ? '' : `error: ${result.code}: ${result.message}`);
  },
});
