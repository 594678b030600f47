/**
 * Checks a record's walls against the seed it names (mahjong/README.md, "How the wall is made"):
 * for a committed game, that the revealed secret hashes to the published commitment and that
 * every tile the log shows (deals, draws, kan draws, dora and ura indicators) sits where the
 * secret's wall puts it (by kind and red-ness, so exports to formats without copy identity check too); for a seeded practice game, the same against the seed's walls.
 */
import type { Paipu } from '../paipu/types';
import { parseWallSeed, wallCommitment, wallOfSource } from '../table/secure-wall';
import { roundLabel } from '../game/round-label';
import { knownWall, WallConflict } from './wall-from-log';
import { isRed } from '../tiles';

export interface WallCheck {
  /** committed: walls from a secret; seeded: a practice game's seed; unrevealed: a committed game whose secret is not in the log yet; none: not our engine's seed. */
  kind: 'committed' | 'seeded' | 'unrevealed' | 'none';
  /** True: every shown tile matches; false: a mismatch (see message); null: nothing to check. */
  ok: boolean | null;
  commitment: string | null;
  message: string;
}

export function checkWalls(p: Paipu): WallCheck {
  const src = parseWallSeed(p.seed);
  if (src.kind === 'unknown') return { kind: 'none', ok: null, commitment: null, message: 'the log names no wall of this engine (not checked)' };
  const commitment = src.kind === 'committed' ? src.commitment : null;
  if (src.kind === 'committed' && !src.secret) {
    // A finished game's record always carries its secret: without it the deal cannot be checked,
    // and a practice game's log could pass for a committed one by naming any commitment.
    if (p.owari) return { kind: 'unrevealed', ok: false, commitment, message: `the game is over but the log does not reveal the wall secret of its commitment ${commitment}, so its walls cannot be checked` };
    return { kind: 'unrevealed', ok: null, commitment, message: `wall committed (SHA-256 ${commitment}); the secret is revealed when the game ends` };
  }
  if (src.kind === 'committed' && wallCommitment(src.secret!) !== src.commitment) {
    return { kind: 'committed', ok: false, commitment, message: `the revealed wall secret does not hash to the commitment ${commitment}` };
  }
  for (let i = 0; i < p.rounds.length; i++) {
    const r = p.rounds[i]!;
    const wall = wallOfSource(src, i)!;
    let known;
    try { known = knownWall(r); } catch (e) {
      if (e instanceof WallConflict) return fail(src.kind, commitment, `${roundLabel(r.round, r.honba)}: ${e.message}`);
      throw e;
    }
    for (const part of ['live', 'rinshan', 'dora', 'ura'] as const) {
      const at = known[part].findIndex((t, j) => t !== null && face(t) !== face(wall[part][j]!));
      if (at >= 0) return fail(src.kind, commitment, `${roundLabel(r.round, r.honba)} (hand ${i + 1}): ${part} wall place ${at + 1} holds tile ${known[part][at]} in the log, ${wall[part][at]} in the ${src.kind === 'committed' ? "secret's" : "seed's"} wall`);
    }
  }
  const hands = `${p.rounds.length} hand${p.rounds.length === 1 ? '' : 's'}`;
  if (src.kind === 'seeded') return { kind: 'seeded', ok: true, commitment: null, message: `seeded practice game (seed ${src.seed}): every wall of ${hands} matches the seed` };
  return { kind: 'committed', ok: true, commitment, message: `wall commitment verified: the revealed secret hashes to ${commitment} and deals every tile of ${hands}` };
}

/** A tile as every format names it: its kind, and whether it is a red five (tenhou.net/6 and mjai name no copies). */
const face = (t: number): number => (isRed(t) ? 100 + (t >> 2) : t >> 2);

const fail = (kind: 'committed' | 'seeded', commitment: string | null, message: string): WallCheck =>
  ({ kind, ok: false, commitment, message: `wall mismatch: ${message}` });
