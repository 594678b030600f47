/** Builds the state object (view-schema.ts) of a game for one seat, or the full table. */
import { discardIndex, PHASE_NAMES } from '../table/actions';
import type { Owari } from '../paipu/types';
import type { Kyoku } from '../table/kyoku';
import { handResultView } from './hand-result';
import { roundLabel } from './round-label';
import type { HandLogEntry, PlayerView, StateView } from './view-schema';
import { SEEN_KINDS } from './seen';
import { furitenOn } from '../table/player';

/** What a state view is built from: the game (game.ts) as this module reads it. */
export interface ViewedGame {
  readonly kyoku: Kyoku;
  readonly scores: readonly number[];
  readonly round: number;
  readonly handIndex: number;
  readonly eastSouth: boolean;
  readonly log: readonly HandLogEntry[];
  readonly owari: Owari | null;
  isOver(): boolean;
  actor(): number;
  validActions(player: number): number[];
  waits(seat: number): number[];
  /** Discard indices that would enter riichi step 2 for the seat acting in phases 0–3. */
  riichiDiscards(): readonly number[];
}

const WINDS = ['E', 'S', 'W', 'N'] as const;
const ROUND_WINDS = ['East', 'South', 'West', 'North'] as const;
/** 54 × false, copied for each view's mask (a copy is much cheaper than filling a new array). */
const NO_MASK: boolean[] = new Array<boolean>(54).fill(false);

function isFuriten(g: ViewedGame, seat: number): boolean {
  const p = g.kyoku.players[seat]!;
  if (p.tileCount % 3 !== 1) return false;
  // A tenpai hand is furiten when a winning kind was discarded by the seat or passed since its turn.
  const waits = g.waits(seat);
  for (let i = 0; i < waits.length; i++) if (furitenOn(p, waits[i]!)) return true;
  return false;
}

/** No ura indicators before the end of a hand (shallow views share it). Never changed. */
const NO_TILES: number[] = [];

/** Another seat's waits: never told. Shared, never changed. */
const NO_WAITS: number[] = [];

/**
 * A finished hand shows what Tenhou shows everyone: the winners' hands, and at a draw the hands
 * its record lists (the tenpai hands of an exhaustive draw, the nine-terminals hand, …).
 */
function shownAtEnd(k: Kyoku, seat: number): boolean {
  const res = k.result;
  if (!res) return false;
  if (res.kind === 'agari') return res.winners.includes(seat);
  return res.events.some((e) => e.t === 'ryuukyoku' && e.hands[seat] != null);
}

/**
 * `shallow` (for AI players in a loop) shares hands, rivers and melds with the live state and
 * leaves `game.log` empty: such a view is read-only and only valid until the next step.
 * `viewer` null = full view (every hand visible, as for a spectator or replay); a seat number
 * shows only that seat's hand and its valid actions.
 */
export function stateView(g: ViewedGame, viewer: number | null, options: { shallow?: boolean; into?: StateView } = {}): StateView {
  const shallow = options.shallow ?? false;
  if (shallow && options.into !== undefined && options.into.viewer === viewer) return refreshShallow(options.into, g, viewer);
  const k = g.kyoku;
  const over = k.over;
  // Plain loops and literals: AIs build a shallow view for every decision.
  const players: PlayerView[] = [];
  for (let seat = 0; seat < 4; seat++) {
    const p = k.players[seat]!;
    const visible = viewer === null || viewer === seat || (over && shownAtEnd(k, seat));
    players.push({
      seat, wind: WINDS[k.seatWind(seat)]!, is_oya: seat === k.oya, score: k.scores[seat]!,
      hand: visible ? (shallow ? p.hand : p.hand.slice()) : p.tileCount,
      drawn: visible && k.turn === seat && k.phase === seat ? k.drawn : null,
      river: shallow ? p.river : p.river.map((r) => ({ ...r })), melds: shallow ? p.melds : p.melds.map((m) => ({ ...m, tiles: [...m.tiles] })),
      riichi: p.riichi, furiten: viewer === null || viewer === seat ? isFuriten(g, seat) : false,
      waits: viewer === null || viewer === seat ? (shallow ? g.waits(seat) : [...g.waits(seat)]) : NO_WAITS,
    });
  }
  const actorSeat = g.actor();
  const actions = viewer === null ? (actorSeat >= 0 ? g.validActions(actorSeat) : []) : g.validActions(viewer);
  const mask = NO_MASK.slice();
  for (let i = 0; i < actions.length; i++) mask[actions[i]!] = true;
  const mine = viewer === null || viewer === actorSeat;
  const riichiDiscards = actorSeat >= 0 && actorSeat < 4 && k.phase < 4 && mine ? g.riichiDiscards() : null;
  const res = k.result;
  const view: StateView & { [SEEN_KINDS]?: readonly number[] } = {
    phase: k.phase, phase_name: PHASE_NAMES(k.phase), turn: actorSeat, oya: k.oya,
    round_wind: ROUND_WINDS[Math.min(3, Math.floor(k.init.round / 4))]!, honba: k.init.honba, kyotaku: k.kyotaku,
    tiles_left: k.tilesLeft, dora: shallow ? k.sharedDora() : k.doraIndicators, ura_dora: over ? k.init.wall.ura.slice(0, k.doraCount) : shallow ? NO_TILES : [],
    players, viewer, valid_actions: shallow ? actions : [...actions], valid_actions_mask: mask,
    riichi_stage2: k.stage2 !== null && mine, riichi_tile: k.stage2 && mine ? discardIndex(k.stage2.tile) : null,
    target: k.phase >= 4 && k.phase < 16 && k.target ? (shallow ? k.target : { ...k.target }) : null,
    riichi_tiles: riichiDiscards ? (shallow ? riichiDiscards as number[] : [...riichiDiscards]) : [],
    is_over: g.isOver(),
    result: res ? handResultView(res, k.oya) : null,
    game: {
      scores: shallow ? g.scores as number[] : [...g.scores], round: g.round, round_label: roundLabel(k.init.round, k.init.honba), hand_index: g.handIndex,
      max_round: g.eastSouth ? 1 : 0, finished: g.isOver(), log: shallow ? [] : g.log.map((e) => ({ ...e })), owari: g.owari,
    },
  };
  // Only a shallow view (read-only, valid until the next step) carries the table's running count
  // of seen copies: a full view is a copy its caller may edit, so it is counted from its contents.
  // Not enumerable: a copy of the view ({ ...view }, JSON) leaves it behind and is counted too.
  // Writable, so a view refreshed in place (refreshShallow) can point it at the next hand's count.
  if (shallow) Object.defineProperty(view, SEEN_KINDS, { value: k.seen, writable: true });
  return view;
}

/**
 * A shallow view of `viewer` brought up to date in place: the same objects (view, players, mask,
 * game) get the values stateView would build now, so a simulation allocates no view per decision.
 * Only for a shallow view this module built for the same viewer and game, which its caller has
 * stopped reading (a shallow view is valid until the next step anyway).
 */
function refreshShallow(view: StateView, g: ViewedGame, viewer: number | null): StateView {
  const k = g.kyoku;
  const over = k.over;
  const players = view.players;
  for (let seat = 0; seat < 4; seat++) {
    const p = k.players[seat]!;
    const pv = players[seat]!;
    const visible = viewer === null || viewer === seat || (over && shownAtEnd(k, seat));
    pv.wind = WINDS[k.seatWind(seat)]!;
    pv.is_oya = seat === k.oya;
    pv.score = k.scores[seat]!;
    pv.hand = visible ? p.hand : p.tileCount;
    pv.drawn = visible && k.turn === seat && k.phase === seat ? k.drawn : null;
    pv.river = p.river;
    pv.melds = p.melds;
    pv.riichi = p.riichi;
    pv.furiten = viewer === null || viewer === seat ? isFuriten(g, seat) : false;
    pv.waits = viewer === null || viewer === seat ? g.waits(seat) : NO_WAITS;
  }
  const actorSeat = g.actor();
  const actions = viewer === null ? (actorSeat >= 0 ? g.validActions(actorSeat) : []) : g.validActions(viewer);
  const mask = view.valid_actions_mask;
  // Only the bits the last refresh set are cleared (its action list is never changed afterwards).
  const before = view.valid_actions;
  for (let i = 0; i < before.length; i++) mask[before[i]!] = false;
  for (let i = 0; i < actions.length; i++) mask[actions[i]!] = true;
  const mine = viewer === null || viewer === actorSeat;
  const riichiDiscards = actorSeat >= 0 && actorSeat < 4 && k.phase < 4 && mine ? g.riichiDiscards() : null;
  const res = k.result;
  view.phase = k.phase;
  view.phase_name = PHASE_NAMES(k.phase);
  view.turn = actorSeat;
  view.oya = k.oya;
  view.round_wind = ROUND_WINDS[Math.min(3, Math.floor(k.init.round / 4))]!;
  view.honba = k.init.honba;
  view.kyotaku = k.kyotaku;
  view.tiles_left = k.tilesLeft;
  view.dora = k.sharedDora();
  view.ura_dora = over ? k.init.wall.ura.slice(0, k.doraCount) : NO_TILES;
  view.valid_actions = actions;
  view.riichi_stage2 = k.stage2 !== null && mine;
  view.riichi_tile = k.stage2 && mine ? discardIndex(k.stage2.tile) : null;
  view.target = k.phase >= 4 && k.phase < 16 && k.target ? k.target : null;
  view.riichi_tiles = riichiDiscards ? riichiDiscards as number[] : NO_TILES;
  view.is_over = g.isOver();
  view.result = res ? handResultView(res, k.oya) : null;
  const game = view.game;
  game.scores = g.scores as number[];
  game.round = g.round;
  game.round_label = roundLabel(k.init.round, k.init.honba);
  game.hand_index = g.handIndex;
  game.max_round = g.eastSouth ? 1 : 0;
  game.finished = g.isOver();
  if (game.log.length > 0) game.log = [];
  game.owari = g.owari;
  (view as { [SEEN_KINDS]?: readonly number[] })[SEEN_KINDS] = k.seen;
  return view;
}
