/**
 * The hand (kyoku) as the rule modules see it. `Kyoku` is its one owner: every field here is
 * read-only to them, and each change goes through one of the named operations below, so the hand
 * state changes in one file and the rule modules (calls, self-step, responses, settle, options)
 * import this type instead of `Kyoku` itself, which keeps the table free of import cycles.
 */
import type { AgariEvent, Meld, RoundEvent, RyuukyokuEvent, RyuukyokuKind } from '../paipu/types';
import type { PlayerState } from './player';
import type { Wall } from './wall';

/**
 * What a seat may do now. The seat on turn's options are one object per hand whose lists are
 * refilled in place at each step: read them only until the next step (copy to keep them).
 */
export interface Options {
  /** Ascending (the bits below, read in order). */
  readonly actions: number[];
  /** Discard indices that would keep tenpai with riichi (a riichi candidate enters step 2). */
  riichiDiscards: number[];
  /** `actions` as bits, for the step's legality check: bit a of `lo` for actions 0–26, bit a − 27 of `hi` for 27–53. */
  lo: number;
  hi: number;
}

/** Whether `action` is one of `o.actions` (an integer 0–53 whose bit is set). */
export const offers = (o: Options, action: number): boolean =>
  (action | 0) === action && action >= 0 && (action < 27 ? (o.lo >>> action) & 1 : action < 54 ? (o.hi >>> (action - 27)) & 1 : 0) === 1;

/** How a hand ended. */
export interface HandResult {
  kind: 'agari' | 'ryuukyoku';
  ryuukyoku: RyuukyokuKind | null;
  winners: number[];
  /** Dealer keeps the seat. */
  renchan: boolean;
  /** Sum of all score changes of the hand (riichi sticks paid during the hand excluded). */
  deltas: number[];
  events: (AgariEvent | RyuukyokuEvent)[];
}

/** How a hand starts. */
export interface HandInit {
  round: number;
  honba: number;
  kyotaku: number;
  oya: number;
  scores: number[];
  wall: Wall;
}

/** What the other seats answer: a discard, an added kan (chankan) or a closed kan (kokushi only). */
export interface Target {
  tile: number;
  from: number;
  kind: 'discard' | 'kakan' | 'ankan';
}

export type StepCode = 'ILLEGAL_ACTION' | 'NOT_YOUR_TURN' | 'HAND_OVER';
export type StepResult = { ok: true } | { ok: false; code: StepCode };

export interface HandState {
  readonly init: HandInit;
  /** Seat states; their contents are changed through the functions of player.ts. */
  readonly players: readonly PlayerState[];
  readonly scores: readonly number[];
  readonly kyotaku: number;
  readonly phase: number;
  readonly turn: number;
  readonly drawn: number | null;
  readonly afterCall: boolean;
  readonly rinshanDraw: boolean;
  readonly kans: number;
  readonly doraCount: number;
  readonly pendingDora: number;
  readonly noCalls: boolean;
  readonly discards: number;
  readonly riichiPending: number | null;
  readonly stage2: { readonly seat: number; readonly tile: number } | null;
  readonly target: Target | null;
  readonly responders: readonly number[];
  readonly respOptions: readonly (Options | null)[];
  readonly decisions: readonly number[];
  readonly decisionTiles: readonly (readonly number[] | undefined)[];
  readonly decided: number;
  readonly events: readonly RoundEvent[];
  readonly result: HandResult | null;
  readonly oya: number;
  readonly tilesLeft: number;
  readonly doraIndicators: number[];
  readonly over: boolean;

  seatWind(seat: number): number;
  firstTurn(seat: number): boolean;
  options(): Options;
  fourKanAbort(): boolean;

  // ── named operations (the only writers of the hand state) ──
  record(e: RoundEvent): void;
  /** The same for a discard. */
  recordDiscard(seat: number, tile: number, tsumogiri: boolean): void;
  recordMeld(seat: number, meld: Meld): void;
  invalidate(): void;
  give(seat: number, id: number): void;
  take(seat: number, id: number): void;
  draw(seat: number, rinshan: boolean): void;
  rinshan(seat: number, afterKakan: boolean): void;
  giveTurn(seat: number, drawn: number | null, rinshan: boolean): void;
  revealPendingDora(): void;
  openResponses(target: Target): void;
  /** The same for a discard (the target object is reused: read it only until the next step). */
  openDiscard(tile: number, from: number): void;
  finish(result: HandResult): void;
  /** First step of a riichi discard: the tile waits for the riichi / cancel answer. */
  enterRiichiStage(seat: number, tile: number): void;
  /** Second step: the tile held by `enterRiichiStage`, now to be discarded. */
  leaveRiichiStage(): number;
  /** A riichi discard was made; the stick is paid once the discard passes. */
  declareRiichi(seat: number): void;
  /** The riichi discard passed: the stick goes on the table; the riichi seat is returned. */
  acceptRiichi(): number;
  /** After a discard: no drawn tile, no call or rinshan draw pending; one discard more. */
  afterDiscard(): void;
  /** Any call ends the first go-around (double riichi, tenhou/chiihou, four winds). */
  markCalled(): void;
  /** A daiminkan: one kan more, its dora due, the discard it took no longer answered. */
  openKan(): void;
  /** An ankan or kakan by the seat on turn: one kan more, the turn's drawn tile spent. */
  closedOrAddedKan(): void;
  /** A kan's new dora indicator, shown at the next discard or kan. */
  scheduleKanDora(): void;
  /** Score changes of a settlement. */
  applyDeltas(deltas: readonly number[]): void;
  /** Riichi sticks go to the winner: the table keeps none. */
  clearSticks(): void;
}
