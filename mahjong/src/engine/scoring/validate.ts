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

export function validateWin(input: WinInput): ScoreError | undefined {
  const melds = input.melds ?? [];
  if (!Array.isArray(input.hand) || !Array.isArray(melds)) return fail('INVALID_HAND', 'hand and melds must be arrays of tile ids');
  // One pass over every tile (the table scores a candidate win at most discards): ids, then repeats.
  const seen = new Uint8Array(136);
  let badId = false, repeated = false;
  const visit = (id: TileId): void => {
    if (!isValidId(id)) badId = true;
    else if (seen[id]) repeated = true;
    else seen[id] = 1;
  };
  for (const id of input.hand) visit(id);
  for (const m of melds) {
    const tiles: unknown = m?.tiles ?? [];
    if (Array.isArray(tiles)) for (const id of tiles) visit(id); else visit(tiles as TileId);
  }
  if (badId) return fail('INVALID_HAND', 'tile ids must be integers 0–135');
  if (repeated) return fail('INVALID_HAND', 'a tile id appears twice');
  for (const m of melds) {
    if (!['chi', 'pon', 'minkan', 'ankan', 'kakan'].includes(m?.type)) return fail('INVALID_HAND', 'meld type must be chi, pon, minkan, ankan or kakan');
    const p = meldProblem(m);
    if (p) return fail('INVALID_HAND', p);
  }
  if (input.hand.length + 3 * melds.length !== 14) {
    return fail('INVALID_HAND', `hand has ${input.hand.length} concealed tiles and ${melds.length} meld${melds.length === 1 ? '' : 's'}; needs 14 − 3 × melds`);
  }
  if (!input.hand.includes(input.winTile)) return fail('INVALID_HAND', 'the winning tile must be among the concealed tiles');
  for (const [name, v] of [['seatWind', input.seatWind], ['roundWind', input.roundWind]] as const) {
    if (!Number.isInteger(v) || v < 0 || v > 3) return fail('INVALID_FLAGS', `${name} must be 0–3`);
  }
  for (const [name, v] of [['honba', input.honba ?? 0], ['kyotaku', input.kyotaku ?? 0]] as const) {
    if (!Number.isInteger(v) || v < 0) return fail('INVALID_FLAGS', `${name} must be a non-negative integer`);
  }
  const open = melds.some((m) => m.type !== 'ankan');
  const anyRiichi = !!(input.riichi || input.doubleRiichi);
  if (anyRiichi && open) return fail('INVALID_FLAGS', 'riichi needs a closed hand');
  if (input.ippatsu && !anyRiichi) return fail('INVALID_FLAGS', 'ippatsu needs riichi');
  if (input.haitei && !input.tsumo) return fail('INVALID_FLAGS', 'haitei is a tsumo');
  if (input.houtei && input.tsumo) return fail('INVALID_FLAGS', 'houtei is a ron');
  if (input.rinshan && (!input.tsumo || !melds.some((m) => m.type.endsWith('kan')))) return fail('INVALID_FLAGS', 'rinshan is a tsumo after a kan');
  if (input.chankan && input.tsumo) return fail('INVALID_FLAGS', 'chankan is a ron');
  if ((input.tenhou || input.chiihou) && (!input.tsumo || melds.length > 0)) return fail('INVALID_FLAGS', 'tenhou/chiihou are a first-draw tsumo without calls');
  const dealer = input.dealer ?? input.seatWind === 0;
  if (input.tenhou && !dealer) return fail('INVALID_FLAGS', 'tenhou is the dealer’s');
  if (input.chiihou && dealer) return fail('INVALID_FLAGS', 'chiihou is a non-dealer’s');
  const indicators = [...(input.doraIndicators ?? []), ...(input.uraIndicators ?? [])];
  if (!indicators.every(isValidId)) return fail('INVALID_HAND', 'dora indicators must be tile ids 0–135');
  return undefined;
}
