/**
 * The engine completes what tenhou.net/6 and mjai logs leave out: each hand is replayed through
 * the engine (the same replay `mahjong verify` does), every action must be legal, and the
 * engine's records of each win and draw (yaku, fu, points, tenpai hands, payments) replace the
 * placeholders. Score changes the log states must equal the engine's.
 */
import { advance } from '../engine/game/progress';
import { roundLabel } from '../engine/game/game';
import { truncation } from '../engine/mjlog/parse';
import type { Paipu, Round } from '../engine/paipu/types';
import type { Kyoku } from '../engine/table/kyoku';
import { replayRound } from '../engine/verify/replay-round';
import { InvalidLog, type LogFormat } from './errors';

export interface GameDraft {
  type: number;
  names: string[];
  /** The wall seed the log names (our own games: `devhub-v1,…` or `devhub-v2,…`), else ''. */
  seed?: string;
  /** A custom lobby's number (0 or absent: a ranked lobby) and its rule string, when the log names them. */
  lobby?: number;
  csrule?: string;
  rounds: Round[];
  /** Per round, the score changes the log gives for each result (undefined: not given). */
  resultDeltas: (number[] | undefined)[][];
  /** Final scores and points when the log states them. */
  owari?: Paipu['owari'];
}

const eq = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function completeWithEngine(format: LogFormat, d: GameDraft): Paipu {
  const eastSouth = !!(d.type & 0x08);
  const rounds: Round[] = [];
  let lastKyoku: Kyoku | null = null;
  d.rounds.forEach((r, i) => {
    const label = roundLabel(r.round, r.honba);
    const check = replayRound(r, label, { adopt: true });
    if (!check.ok) throw new InvalidLog(format, label, `the engine cannot replay it: ${check.mismatch}`);
    lastKyoku = null;
    if (check.truncated || !check.kyoku) { rounds.push(r); return; }
    lastKyoku = check.kyoku;
    const events = check.kyoku.events.slice();
    const results = events.filter((e) => e.t === 'agari' || e.t === 'ryuukyoku');
    (d.resultDeltas[i] ?? []).forEach((want, j) => {
      const got = results[j];
      if (want && got && !eq(want, got.deltas))
        throw new InvalidLog(format, `${label}, result ${j + 1}`, `the log's score changes [${want.join(',')}] differ from the engine's [${got.deltas.join(',')}]`);
    });
    rounds.push({ ...r, events });
  });
  const paipu: Paipu = {
    type: d.type, seed: d.seed ?? '', lobby: d.lobby ?? 0, ...(d.csrule === undefined ? {} : { csrule: d.csrule }),
    rules: { redFives: !(d.type & 0x02), openTanyao: !(d.type & 0x04), eastSouth, sanma: false },
    players: [0, 1, 2, 3].map((i) => ({ name: d.names[i] ?? '', dan: 0, rate: 0, sex: '' })),
    oya: rounds[0]?.oya ?? 0, rounds, owari: d.owari ?? null, truncated: null,
  };
  if (!paipu.owari && lastKyoku) paipu.owari = finalPoints(paipu, lastKyoku);
  paipu.truncated = truncation(paipu);
  return paipu;
}

/** The final points when the engine says the last complete hand ended the game. */
function finalPoints(p: Paipu, k: Kyoku): Paipu['owari'] {
  const last = p.rounds.at(-1)!;
  if (!k.result) return null;
  const adv = advance({ round: last.round, honba: last.honba, kyotaku: k.kyotaku, scores: [...k.scores] }, k.result, p.rules.eastSouth);
  return adv.over ? adv.owari : null;
}

/**
 * A log that carries its own results (Tenhou XML) is shown as it is, but only if the engine can
 * replay every action: a discard of a tile not in the hand, a fifth copy of a tile, a meld code
 * that names tiles the caller does not hold are refused with the hand and event named.
 */
export function assertReplayable(format: LogFormat, p: Paipu): void {
  for (const r of p.rounds) {
    const label = roundLabel(r.round, r.honba);
    const check = replayRound(r, label, { adopt: true });
    if (!check.ok) throw new InvalidLog(format, label, `the engine cannot replay it: ${check.mismatch}`);
  }
}
