/**
 * What the strong AI reads from its seat's view once per decision: its own counts, every copy it
 * can see, dora, winds, the opponents that threaten (see danger.ts) and the standings.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { doraFromIndicator } from '../../tiles';
import { type Threat, windKind } from './danger';
import { cachedThreat } from './threat-cache';
import { seenKindsSource, ZERO_34 } from '../visible';

export interface Table {
  view: StateView;
  me: PlayerView;
  seat: number;
  hand: number[];
  counts: number[];
  meldCount: number;
  /** Copies seen outside our hand: rivers, melds, dora indicators. */
  seen: number[];
  /** `seen` plus our own concealed tiles (what no opponent can hold). */
  visible: number[];
  /** Dora count per kind (a kind can be dora twice). */
  dora: number[];
  seatWind: number;
  roundWind: number;
  dealer: boolean;
  tilesLeft: number;
  threats: Threat[];
  /** Place now (1–4) and whether this is the last hand of the game. */
  place: number;
  allLast: boolean;
  /** Points to the player above (0 when first) and to the player below (0 when last). */
  gapUp: number;
  gapDown: number;
}


/**
 * Arrays a caller lends readTable instead of four new ones per decision: an agent whose table
 * lives only while it decides (and never decides twice at once) keeps one set and reuses it.
 */
export interface TableBuffers { counts: number[]; seen: number[]; dora: number[]; visible: number[] }
export const tableBuffers = (): TableBuffers => ({ counts: ZERO_34.slice(), seen: ZERO_34.slice(), dora: ZERO_34.slice(), visible: ZERO_34.slice() });

// Plain loops, no keyed lookups: the strong AI reads its table at every decision.
export function readTable(view: StateView, into: TableBuffers = tableBuffers()): Table {
  const seat = view.viewer ?? view.turn;
  const players = view.players;
  const me = players[seat]!;
  const hand = Array.isArray(me.hand) ? me.hand : [];
  const counts = into.counts, seen = into.seen, dora = into.dora, visible = into.visible;
  const from = seenKindsSource(view);
  for (let k = 0; k < 34; k++) { counts[k] = 0; dora[k] = 0; seen[k] = from[k]!; }
  for (let i = 0; i < hand.length; i++) counts[hand[i]! >> 2]! += 1;
  const indicators = view.dora;
  for (let i = 0; i < indicators.length; i++) dora[DORA_OF[indicators[i]! >> 2]!]! += 1;
  for (let k = 0; k < 34; k++) { const v = seen[k]! + counts[k]!; visible[k] = v < 4 ? v : 4; }
  const threats: Threat[] = [];
  // Ties go to the seat nearer the starting dealer (seat 0), as at the end of a game.
  const mine = me.score;
  let place = 1, gapUp = Infinity, gapDown = Infinity;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (p.seat === seat) continue;
    // threatOf returns null at once for a seat neither in riichi nor with two open melds.
    if (p.riichi || p.melds.length >= 2) {
      const t = cachedThreat(view, p, visible, dora);
      if (t) threats.push(t);
    }
    if (p.score > mine || (p.score === mine && p.seat < seat)) { place++; if (p.score - mine < gapUp) gapUp = p.score - mine; } else if (mine - p.score < gapDown) gapDown = mine - p.score;
  }
  const lastRound = (view.game.max_round + 1) * 4 - 1;
  return {
    view, me, seat, hand, counts, meldCount: me.melds.length, seen, visible, dora,
    seatWind: windKind(me.wind), roundWind: windKind(view.round_wind), dealer: me.is_oya,
    tilesLeft: view.tiles_left, threats, place, allLast: view.game.round >= lastRound,
    gapUp: gapUp === Infinity ? 0 : gapUp, gapDown: gapDown === Infinity ? 0 : gapDown,
  };
}

/** Whether the hand has an open meld (a closed kan keeps it closed). */
export function isOpen(t: Table): boolean {
  const melds = t.me.melds;
  for (let i = 0; i < melds.length; i++) if (melds[i]!.type !== 'ankan') return true;
  return false;
}

/** The dora kind each indicator kind points at. */
const DORA_OF = Int8Array.from({ length: 34 }, (_, k) => doraFromIndicator(k));
