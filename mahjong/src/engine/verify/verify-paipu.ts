/**
 * Replays a parsed log through our engine: every hand's actions must be legal and reproduce the
 * log's events and results, every hand must start where our game progression says (round,
 * honba, sticks, scores), and the game must end where the log ends with the same `owari`.
 */
import { advance, owariRulesFor, TENHOU_OWARI, type OwariRules, type TableState } from '../game/progress';
import { roundLabel } from '../game/game';
import type { Paipu } from '../paipu/types';
import { replayRound } from './replay-round';
import { checkWalls, type WallCheck } from './wall-check';

export interface VerifyReport {
  status: 'ok' | 'mismatch' | 'truncated';
  /** Complete hands, and how many of them reproduced exactly. */
  hands: number;
  handsOk: number;
  /** Why the log stops early (truncated fixtures), null for a complete game. */
  truncated: Paipu['truncated'];
  firstMismatch: string | null;
  /** What was not checked and why (a custom lobby's final points). */
  notes: string[];
  /** The walls against the seed or revealed secret the log names (wall-check.ts). */
  wall: WallCheck;
}

export { EAST_ONLY_OWARI } from '../game/progress';

/**
 * The final-points rules a log was played under, from its GO tag: return 30,000; uma
 * +20/+10/−10/−20 for hanchan and +10/+5/−5/−10 for East-only games (the type's 0x08 bit); whole
 * points, or tenths when the log's final points carry them (older logs: −18.2), computed exactly
 * as the log states them. A custom lobby (`lobby` ≠ 0) sets its own return, uma and decimals, so
 * its final points are reported as not checked (null), never compared.
 */
export function owariRulesOf(p: Paipu): OwariRules | null {
  if (p.lobby !== 0) return null;
  const base = owariRulesFor((p.type & 0x08) !== 0);
  const decimal = p.owari?.points.some((x) => !Number.isInteger(x)) ?? false;
  return decimal ? { ...base, decimal } : base;
}

export const CUSTOM_RULES_NOTE = 'final points not checked: custom rules';

const eq = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function verifyPaipu(p: Paipu): VerifyReport {
  let hands = 0;
  let handsOk = 0;
  let first: string | null = null;
  let predicted: TableState | null = null;
  const note = (m: string) => { first ??= m; };
  const notes: string[] = [];
  const owariRules = owariRulesOf(p);
  p.rounds.forEach((r, i) => {
    const label = roundLabel(r.round, r.honba);
    if (predicted) {
      const got = { round: r.round, honba: r.honba, kyotaku: r.kyotaku, scores: r.scores };
      if (got.round !== predicted.round || got.honba !== predicted.honba || got.kyotaku !== predicted.kyotaku || !eq(got.scores, predicted.scores))
        note(`${label}: engine expected the next hand to be ${roundLabel(predicted.round, predicted.honba)} with ${predicted.kyotaku} sticks and scores [${predicted.scores.join(',')}], log starts ${label} with ${got.kyotaku} sticks and [${got.scores.join(',')}]`);
    }
    const check = replayRound(r, label);
    predicted = null;
    if (check.truncated) return;
    hands++;
    if (!check.ok) { note(check.mismatch!); return; }
    handsOk++;
    const k = check.kyoku!;
    const adv = advance({ round: r.round, honba: r.honba, kyotaku: k.kyotaku, scores: [...k.scores] }, k.result!, p.rules.eastSouth, owariRules ?? TENHOU_OWARI);
    const isLast = i === p.rounds.length - 1;
    if (adv.over && !isLast) note(`${label}: the engine ends the game here, the log plays on`);
    else if (adv.over && p.owari && !owariRules) notes.push(CUSTOM_RULES_NOTE);
    else if (adv.over && p.owari) {
      if (!eq(adv.owari!.scores, p.owari.scores) || !eq(adv.owari!.points, p.owari.points))
        note(`final owari: engine scores [${adv.owari!.scores.join(',')}] points [${adv.owari!.points.join(',')}], log [${p.owari.scores.join(',')}] points [${p.owari.points.join(',')}]`);
    } else if (adv.over && !p.owari && isLast) {
      // A log cut right after its last hand: nothing further to compare.
    } else if (!adv.over && isLast && p.owari) note(`${label}: the log ends the game here, the engine would play on`);
    predicted = adv.next;
  });
  const wall = checkWalls(p);
  if (wall.ok === false) first ??= wall.message;
  const status = first ? 'mismatch' : p.truncated ? 'truncated' : 'ok';
  return { status, hands, handsOk, truncated: p.truncated, firstMismatch: first, notes, wall };
}
