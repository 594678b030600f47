/** Chi, pon and kans: moving tiles into melds, kan dora timing, pao and kuikae bookkeeping. */
import type { Meld } from '../paipu/types';
import { type DecodedMeld, encodeMeld } from '../mjlog/meld-code';
import { A } from './actions';
import type { HandState, Target } from './hand-state';
import { ankanKinds, kakanKinds } from './options';
import { callTiles, kuikae } from './response-options';
import { clearMissed, copiesOf, markLastCalled, markMissed } from './player';
import { rarelyRun } from '../jit';

/** The input of encodeMeld, refilled per meld (the table codes every call it makes). */
const CODED: DecodedMeld = { type: 'chi', tiles: [], called: null, added: null, from: 0 };

/** The meld with its Tenhou code (`from` a seat; the code names it relative to `owner`). */
function withCode(type: Meld['type'], tiles: number[], called: number | null, added: number | null, from: number, owner: number): Meld {
  CODED.type = type; CODED.tiles = tiles; CODED.called = called; CODED.added = added; CODED.from = (from - owner + 4) % 4;
  const code = encodeMeld(CODED);
  CODED.tiles = NO_TILES;
  return { type, tiles, called, added, from, m: code };
}

const NO_TILES: number[] = [];

/** `used` plus `tile`, ascending (a new array; `used` has two or three ids). */
function sortedWith(used: readonly number[], tile: number): number[] {
  const out = used.slice();
  out.push(tile);
  for (let i = 1; i < out.length; i++) {
    const x = out[i]!;
    let j = i;
    while (j > 0 && out[j - 1]! > x) { out[j] = out[j - 1]!; j--; }
    out[j] = x;
  }
  return out;
}

/** Tenhou's pao: the call that completes the third dragon set or the fourth wind set. */
function checkPao(k: HandState, seat: number, kind: number, from: number): void {
  if (kind < 27) return;
  const p = k.players[seat]!;
  let dragons = 0, winds = 0;
  for (let i = 0; i < p.melds.length; i++) {
    const x = p.melds[i]!.tiles[0]! >> 2;
    if (x >= 31) dragons++;
    else if (x >= 27) winds++;
  }
  if (kind >= 31 && dragons === 3) p.pao = from;
  if (kind <= 30 && winds === 4) p.pao = from;
}

export function executeCall(k: HandState, seat: number, action: number, target: Target, prefer?: readonly number[]): void {
  const p = k.players[seat]!;
  const used = callTiles(p, action, target.tile, prefer);
  if (!used) throw new Error(`invariant: call ${action} without tiles`);
  for (const id of used) k.take(seat, id);
  const type = action === A.DAIMINKAN ? 'daiminkan' : action >= A.PON ? 'pon' : 'chi';
  const meld = withCode(type, sortedWith(used, target.tile), target.tile, null, target.from, seat);
  p.melds.push(meld);
  const discarder = k.players[target.from]!;
  markLastCalled(discarder);
  discarder.nagashi = false;
  k.markCalled();
  for (const q of k.players) { q.ippatsu = false; markMissed(q, target.tile >> 2); }
  clearMissed(p);
  checkPao(k, seat, target.tile >> 2, target.from);
  if (type === 'daiminkan') {
    k.recordMeld(seat, meld);
    k.openKan();
    p.kans++;
    k.rinshan(seat, false);
    return;
  }
  // The turn passes before the call is recorded, so an observer of the event sees the caller
  // to discard (with kuikae in force), as after a draw: the replay analyses that decision.
  p.forbidden = kuikae(action, target.tile);
  k.giveTurn(seat, null, false);
  k.recordMeld(seat, meld);
}

/** Ankan or kakan by the seat on turn; `kind` picks among several candidates. */
export function executeKan(k: HandState, seat: number, action: number, kind?: number): boolean {
  const p = k.players[seat]!;
  const kinds = action === A.ANKAN ? ankanKinds(k, seat) : kakanKinds(p);
  const chosen = kind !== undefined && kinds.includes(kind) ? kind : kinds[0];
  if (chosen === undefined) return false;
  k.closedOrAddedKan();
  p.kans++;
  if (action === A.ANKAN) {
    const tiles = copiesOf(p, chosen).sort((a, b) => a - b);
    for (const id of tiles) k.take(seat, id);
    const meld = withCode('ankan', tiles, null, null, seat, seat);
    p.melds.push(meld);
    for (const q of k.players) q.ippatsu = false;
    k.recordMeld(seat, meld);
    // Tenhou: a pending kan dora is shown after the next kan's N; an ankan's own dora follows it.
    k.revealPendingDora();
    k.scheduleKanDora();
    k.openResponses({ tile: tiles[0]!, from: seat, kind: 'ankan' });
    return true;
  }
  const i = p.melds.findIndex((m) => m.type === 'pon' && m.tiles[0]! >> 2 === chosen);
  const pon = p.melds[i]!;
  const added = copiesOf(p, chosen)[0]!;
  k.take(seat, added);
  const meld = withCode('kakan', [...pon.tiles, added].sort((a, b) => a - b), pon.called, added, pon.from, seat);
  p.melds[i] = meld;
  p.ippatsu = false;
  k.recordMeld(seat, meld);
  k.revealPendingDora();
  k.scheduleKanDora();
  k.openResponses({ tile: added, from: seat, kind: 'kakan' });
  return true;
}

// About one kan in a hanchan: not worth the top JIT tier (jit.ts).
rarelyRun(executeKan);
