/**
 * The state of one hand (kyoku) in progress: its fields, what is derived from them, and the
 * simple named operations of `HandState` that only set fields. `Kyoku` (kyoku.ts) extends it with
 * the state machine: options, steps, answers to a discard, draws and the record's observer.
 */
import type { RoundEvent } from '../paipu/types';
import type { HandInit, HandResult, HandState, Options, Target } from './hand-state';
import { type PlayerState, newPlayer } from './player';
import { DEAL_TILES, LIVE_TILES, dealtHand } from './wall';
import { EventLog } from './event-log';
import { OptionSet } from './option-set';
import { perSeat, seatCopy } from '../fresh';

const SEEN_NONE: readonly number[] = new Array<number>(34).fill(0);

export abstract class KyokuState implements Partial<HandState> {
  readonly init: HandInit;
  readonly players: PlayerState[];
  /** The 13 tiles each seat was dealt, in wall order (the record's starting hands; never mutated). */
  readonly dealt: number[][];
  readonly scores: number[];
  kyotaku: number;
  phase = 0;
  /** Seat whose turn it is (the last discarder while others answer). */
  turn: number;
  drawn: number | null = null;
  afterCall = false;
  rinshanDraw = false;
  liveIndex = DEAL_TILES;
  kans = 0;
  doraCount = 1;
  pendingDora = 0;
  noCalls = true;
  discards = 0;
  riichiPending: number | null = null;
  stage2: { readonly seat: number; readonly tile: number } | null = null;
  target: Target | null = null;
  /** Seats with a choice on the current target, in seat order; `nextAsk` indexes the next to ask. */
  responders: number[] = [];
  nextAsk = 0;
  /**
   * Per seat: its options on the current target (null: nothing to decide), one of `answerSets`
   * refilled per target: read them until the next step only, as the seat on turn's options.
   */
  respOptions: (Options | null)[] = perSeat<Options | null>(null);
  protected readonly answerSets = [new OptionSet(false), new OptionSet(false), new OptionSet(false), new OptionSet(false)];
  /** Per seat: the answer given (-1: none yet), and the exact hand tiles a replayed call names. */
  decisions = perSeat(-1);
  decisionTiles: (readonly number[] | undefined)[] = perSeat<readonly number[] | undefined>(undefined);
  decided = 0;
  /** The hand's record (event-log.ts: draws and discards become objects when it is read). */
  protected readonly log = new EventLog();
  get events(): RoundEvent[] { return this.log.list(); }
  result: HandResult | null = null;
  protected cacheOpts: Options | null = null;
  /**
   * The options of the seat on turn (with their lists) and the target of a discard, refilled in
   * place (one object each per hand instead of one per draw or discard): both are read only until the next step,
   * as a shallow view is (a full view copies the target).
   */
  protected readonly selfOpts = new OptionSet();
  protected readonly discardTarget: Target = { tile: 0, from: 0, kind: 'discard' };

  /**
   * Copies per kind every seat can see: discards not called away, meld tiles, dora indicators
   * (what `seenKinds` reads from a view), kept in step by `record`. Read-only for callers.
   */
  readonly seen: number[] = SEEN_NONE.slice();

  constructor(init: HandInit) {
    this.init = init;
    this.scores = seatCopy(init.scores);
    this.kyotaku = init.kyotaku;
    this.turn = init.oya;
    this.dealt = [dealtHand(init.wall, init.oya, 0), dealtHand(init.wall, init.oya, 1), dealtHand(init.wall, init.oya, 2), dealtHand(init.wall, init.oya, 3)];
    this.players = [newPlayer(this.dealt[0]!), newPlayer(this.dealt[1]!), newPlayer(this.dealt[2]!), newPlayer(this.dealt[3]!)];
    this.seen[init.wall.dora[0]! >> 2]! += 1;
  }

  /** Forget the cached options after a change that adds no event. */
  invalidate(): void { this.cacheOpts = null; }

  get oya(): number { return this.init.oya; }
  get tilesLeft(): number { return LIVE_TILES - this.liveIndex - this.kans; }
  get doraIndicators(): number[] { return this.init.wall.dora.slice(0, this.doraCount); }
  /** The same, shared until a kan reveals another (for shallow state views; never change it). */
  sharedDora(): number[] {
    if (this.doraShared.length !== this.doraCount) this.doraShared = this.init.wall.dora.slice(0, this.doraCount);
    return this.doraShared;
  }
  private doraShared: number[] = [];
  get over(): boolean { return this.phase === 16; }
  seatWind(seat: number): number { return (seat - this.init.oya + 4) % 4; }
  firstTurn(seat: number): boolean { return this.noCalls && this.players[seat]!.riverCodes.length === 0; }

  /** Seat that must act now, or -1 when the hand is over. */
  actor(): number {
    if (this.phase < 4) return this.phase;
    if (this.phase < 16) return this.phase % 4;
    return -1;
  }

  // ── riichi, calls and kans ─────────────────────────────────────────────────

  enterRiichiStage(seat: number, tile: number): void {
    this.stage2 = { seat, tile };
    this.invalidate();
  }

  leaveRiichiStage(): number {
    const tile = this.stage2!.tile;
    this.stage2 = null;
    this.invalidate();
    return tile;
  }

  declareRiichi(seat: number): void { this.riichiPending = seat; }

  acceptRiichi(): number {
    const seat = this.riichiPending!;
    this.riichiPending = null;
    this.scores[seat]! -= 1000;
    this.kyotaku++;
    return seat;
  }

  afterDiscard(): void {
    this.drawn = null;
    this.afterCall = false;
    this.rinshanDraw = false;
    this.discards++;
  }

  markCalled(): void { this.noCalls = false; }

  openKan(): void {
    this.kans++;
    this.pendingDora++;
    this.target = null;
  }

  closedOrAddedKan(): void {
    this.kans++;
    this.noCalls = false;
    this.drawn = null;
    this.rinshanDraw = false;
  }

  scheduleKanDora(): void { this.pendingDora++; }

  applyDeltas(deltas: readonly number[]): void {
    // Points are whole numbers, but a delta computed by a division or Math.ceil is a double to
    // the JIT, and storing one turned the scores into an array of doubles whose shape the option
    // list's optimised code kept failing on (fresh.ts): `| 0` keeps the array one of int32s.
    for (let q = 0; q < 4; q++) this.scores[q] = (this.scores[q]! + deltas[q]!) | 0;
  }

  clearSticks(): void { this.kyotaku = 0; }

  /** Four kans by more than one seat end the hand once the fourth kan's discard passes. */
  fourKanAbort(): boolean {
    return this.kans === 4 && !this.players.some((p) => p.kans === 4);
  }
}
