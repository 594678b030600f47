/**
 * Checks a WinInput before scoring: tile ids, meld shapes, tile count and flag consistency.
 * Returns an error value or undefined.
 */
import { isValidId, kindOf, type TileId } from '../tiles';
import type { Meld, ScoreError, WinInput } from './types';

const fail = (code: ScoreError['code'], message: string): ScoreError => ({ ok: false, code, message });

function meldProblem(m: Meld): string | undefined {
  const size = m.type === 'chi' || m.type === 'pon' ? 3 : 4;
  if (!Array.isArray(m.tiles) || m.tiles.length !== size) return `${m.type} needs ${size} tiles`;
  const kinds = m.tiles.map(kindOf).sort((a, b) => a - b);
  if (m.type === 'chi') {
    const k = kinds[0]!;
    if (k >= 27 || k % 9 > 6 || kinds[1] !== k + 1 || kinds[2] !== k + 2) return 'chi must be three consecutive suited tiles';
  } else if (kinds.some((k) => k !== kinds[0])) return `${m.type} tiles must be one kind`;
  if (m.called !== undefined && !m.tiles.includes(m.called)) return 'the called tile must be one of the meld tiles';
  return undefined;
}

/** Per tile id, the call of validateWin that saw it last (a stamp per call: no array per call). */
const SEEN = new Uint32Array(136);
let stamp = 0;
/** 0: a new valid id (now seen), 1: not a tile id, 2: seen before in this call. */
function visit(id: TileId): number {
  if (!isValidId(id)) return 1;
  if (SEEN[id] === stamp) return 2;
  SEEN[id] = stamp;
  return 0;
}
const MELD_TYPES: readonly unknown[] = ['chi', 'pon', 'minkan', 'ankan', 'kakan'];
const badWind = (v: number) => !Number.isInteger(v) || v < 0 || v > 3;
const badCount = (v: number) => !Number.isInteger(v) || v < 0;

export function validateWin(input: WinInput): ScoreError | undefined {
  const melds = input.melds ?? [];
  if (!Array.isArray(input.hand) || !Array.isArray(melds)) return fail('INVALID_HAND', 'hand and melds must be arrays of tile ids');
  // One pass over every tile (the table scores a candidate win at most discards): ids, then repeats.
  if (++stamp > 0xffffffff) { SEEN.fill(0); stamp = 1; }
  let problems = 0;
  for (const id of input.hand) problems |= visit(id);
  for (const m of melds) {
    const tiles: unknown = m?.tiles ?? [];
    if (Array.isArray(tiles)) for (const id of tiles) problems |= visit(id); else problems |= visit(tiles as TileId);
  }
  if (problems & 1) return fail('INVALID_HAND', 'tile ids must be integers 0–135');
  if (problems & 2) return fail('INVALID_HAND', 'a tile id appears twice');
  for (const m of melds) {
    if (!MELD_TYPES.includes(m?.type)) return fail('INVALID_HAND', 'meld type must be chi, pon, minkan, ankan or kakan');
    const p = meldProblem(m);
    if (p) return fail('INVALID_HAND', p);
  }
  if (input.hand.length + 3 * melds.length !== 14) {
    return fail('INVALID_HAND', `hand has ${input.hand.length} concealed tiles and ${melds.length} meld${melds.length === 1 ? '' : 's'}; needs 14 − 3 × melds`);
  }
  if (!input.hand.includes(input.winTile)) return fail('INVALID_HAND', 'the winning tile must be among the concealed tiles');
  if (badWind(input.seatWind)) return fail('INVALID_FLAGS', 'seatWind must be 0–3');
  if (badWind(input.roundWind)) return fail('INVALID_FLAGS', 'roundWind must be 0–3');
  if (badCount(input.honba ?? 0)) return fail('INVALID_FLAGS', 'honba must be a non-negative integer');
  if (badCount(input.kyotaku ?? 0)) return fail('INVALID_FLAGS', 'kyotaku must be a non-negative integer');
  const open = melds.some((m) => m.type !== 'ankan');
  const anyRiichi = !!(input.riichi || input.doubleRiichi);
  if (anyRiichi && open) return fail('INVALID_FLAGS', 'riichi needs a closed hand');
  if (input.ippatsu && !anyRiichi) return fail('INVALID_FLAGS', 'ippatsu needs riichi');
  if (input.haitei && !input.tsumo) return fail('INVALID_FLAGS', 'haitei is a tsumo');
  if (input.houtei && input.tsumo) return fail('INVALID_FLAGS', 'houtei is a ron');
  if (input.rinshan && (!input.tsumo || !melds.some((m) => m.type.endsWith('kan')))) return fail('INVALID_FLAGS', 'rinshan is a tsumo after a kan');
  if (input.chankan && input.tsumo) return fail('INVALID_FLAGS', 'chankan is a ron');
  // Any kan ends every ippatsu, the winner's own closed kan too, so a replacement tile never wins with it.
  if (input.ippatsu && input.rinshan) return fail('INVALID_FLAGS', 'ippatsu and rinshan never combine: a kan ends ippatsu');
  // No kan is made on the last tile, so the robbed kan is never followed by the last discard.
  if (input.chankan && input.houtei) return fail('INVALID_FLAGS', 'chankan and houtei never combine: no kan on the last tile');
  if ((input.tenhou || input.chiihou) && (!input.tsumo || melds.length > 0)) return fail('INVALID_FLAGS', 'tenhou/chiihou are a first-draw tsumo without calls');
  const dealer = input.dealer ?? input.seatWind === 0;
  if (input.tenhou && !dealer) return fail('INVALID_FLAGS', 'tenhou is the dealer’s');
  if (input.chiihou && dealer) return fail('INVALID_FLAGS', 'chiihou is a non-dealer’s');
  for (const list of [input.doraIndicators, input.uraIndicators]) {
    if (list) for (const id of list) if (!isValidId(id)) return fail('INVALID_HAND', 'dora indicators must be tile ids 0–135');
  }
  return undefined;
}
