/**
 * One hand (kyoku) as a state machine over the 54 actions. Phases: 0–3 self action of seat N,
 * 4–7 answers to a discard, 8–11 to an added kan (chankan), 12–15 to a closed kan (kokushi
 * only), 16 over. Only seats with a real choice are ever asked; the rest is advanced here.
 * Events are recorded in paipu form as they happen, so the record is the hand's log.
 */
import type { Meld, RoundEvent } from '../paipu/types';
import { A } from './actions';
import type { HandInit, HandState, StepResult, Target } from './hand-state';
import { type PlayerState, addTile, clearMissed, markMissed, newPlayer, removeTile } from './player';
import { STEP_OK, selfStep } from './self-step';
import { selfOptions, type Options } from './options';
import { responseOptions } from './response-options';
import { resolveResponses } from './responses';
import type { HandResult } from './settle';
import { DEAL_TILES, LIVE_TILES, dealtHand } from './wall';
import { EventLog } from './event-log';

export type { StepCode, StepResult, Target } from './hand-state';

export interface KyokuInit extends HandInit {
  /** Called with each event as it is recorded, the table already changed by it (the replay's steps). */
  observer?: (e: RoundEvent, k: Kyoku) => void;
}

const SEEN_NONE: readonly number[] = new Array<number>(34).fill(0);

const NO_OPTIONS: Options = { actions: [], riichiDiscards: [] };

export class Kyoku implements HandState {
  readonly init: KyokuInit;
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
  /** Per seat: its options on the current target (null: nothing to decide). */
  respOptions: (Options | null)[] = [null, null, null, null];
  /** Per seat: the answer given (-1: none yet), and the exact hand tiles a replayed call names. */
  decisions = [-1, -1, -1, -1];
  decisionTiles: (readonly number[] | undefined)[] = [undefined, undefined, undefined, undefined];
  decided = 0;
  /** The hand's record (event-log.ts: draws and discards become objects when it is read). */
  private readonly log = new EventLog();
  get events(): RoundEvent[] { return this.log.list(); }
  result: HandResult | null = null;
  private cacheKey = -1;
  private cacheOpts: Options | null = null;
  /**
   * The options of the seat on turn and the target of a discard, refilled in place (one object
   * each per hand instead of one per draw or discard): both are read only until the next step,
   * as a shallow view is (a full view copies the target).
   */
  private readonly selfOpts: Options = { actions: [], riichiDiscards: [] };
  private readonly discardTarget: Target = { tile: 0, from: 0, kind: 'discard' };

  /**
   * Copies per kind every seat can see: discards not called away, meld tiles, dora indicators
   * (what `seenKinds` reads from a view), kept in step by `record`. Read-only for callers.
   */
  readonly seen: number[] = SEEN_NONE.slice();

  /** Records an event of the hand (and shows it to the observer, if any). */
  record(e: RoundEvent): void {
    this.log.push(e);
    // A called discard leaves the river count and joins a meld: it stays counted once.
    if (e.t === 'discard') this.seen[e.tile >> 2]! += 1;
    else if (e.t === 'dora') this.seen[e.tile >> 2]! += 1;
    else if (e.t === 'call') {
      const m = e.meld;
      if (m.type === 'kakan') this.seen[m.added! >> 2]! += 1;
      else for (let i = 0; i < m.tiles.length; i++) if (m.tiles[i] !== m.called) this.seen[m.tiles[i]! >> 2]! += 1;
    }
    if (this.init.observer) this.init.observer(e, this);
  }

  /** `record` for a discard, the most frequent event with a draw: no dispatch on the event's type. */
  recordDiscard(seat: number, tile: number, tsumogiri: boolean): void {
    this.seen[tile >> 2]! += 1;
    const observer = this.init.observer;
    if (!observer) { this.log.pushDiscard(seat, tile, tsumogiri); return; }
    // The observer gets the very object the record holds.
    const e: RoundEvent = { t: 'discard', who: seat, tile, tsumogiri };
    this.log.push(e);
    observer(e, this);
  }

  /** Forget the cached options after a change that adds no event. */
  invalidate(): void { this.cacheOpts = null; }

  constructor(init: KyokuInit) {
    this.init = init;
    this.scores = init.scores.slice();
    this.kyotaku = init.kyotaku;
    this.turn = init.oya;
    this.dealt = [dealtHand(init.wall, init.oya, 0), dealtHand(init.wall, init.oya, 1), dealtHand(init.wall, init.oya, 2), dealtHand(init.wall, init.oya, 3)];
    this.players = [newPlayer(this.dealt[0]!), newPlayer(this.dealt[1]!), newPlayer(this.dealt[2]!), newPlayer(this.dealt[3]!)];
    this.seen[init.wall.dora[0]! >> 2]! += 1;
    this.draw(init.oya, false);
  }

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
  firstTurn(seat: number): boolean { return this.noCalls && this.players[seat]!.river.length === 0; }

  /** Seat that must act now, or -1 when the hand is over. */
  actor(): number {
    if (this.phase < 4) return this.phase;
    if (this.phase < 16) return this.phase % 4;
    return -1;
  }

  options(): Options {
    const key = this.log.length * 64 + this.phase * 2 + (this.stage2 ? 1 : 0);
    if (this.cacheKey === key && this.cacheOpts !== null) return this.cacheOpts;
    let opts: Options;
    if (this.phase < 4) opts = selfOptions(this, this.phase, this.selfOpts);
    else if (this.phase < 16) opts = this.respOptions[this.phase % 4] ?? NO_OPTIONS;
    else opts = NO_OPTIONS;
    this.cacheKey = key;
    this.cacheOpts = opts;
    return opts;
  }

  /** Valid actions of `seat` now (empty when it is not that seat's turn). */
  validActions(seat: number): number[] {
    return this.actor() === seat ? this.options().actions : [];
  }

  /**
   * Apply `action` for `seat`. `tile` optionally names the exact tile (a copy of the kind a
   * discard index names, or the kind of a kan); without it the engine picks the natural one.
   */
  step(seat: number, action: number, tile?: number, callTiles?: readonly number[]): StepResult {
    if (this.phase === 16) return { ok: false, code: 'HAND_OVER' };
    if (seat !== this.actor()) return { ok: false, code: 'NOT_YOUR_TURN' };
    if (!Number.isInteger(action) || !this.options().actions.includes(action)) return { ok: false, code: 'ILLEGAL_ACTION' };
    if (this.phase < 4) return selfStep(this, seat, action, tile);
    this.decisions[seat] = action;
    this.decisionTiles[seat] = callTiles;
    this.decided++;
    this.nextResponder();
    return STEP_OK;
  }

  revealPendingDora(): void {
    while (this.pendingDora > 0) {
      this.pendingDora--;
      this.doraCount++;
      this.record({ t: 'dora', tile: this.init.wall.dora[this.doraCount - 1]! });
    }
  }

  // ── answers to a discard or kan (resolved in responses.ts) ──────────────────

  /** `openResponses` for a discard of `tile` by `from`. */
  openDiscard(tile: number, from: number): void {
    const t = this.discardTarget;
    t.tile = tile;
    t.from = from;
    this.openResponses(t);
  }

  // Per-seat arrays and loops, no Maps or spreads: this runs after every discard.
  openResponses(target: Target): void {
    this.target = target;
    if (this.decided > 0) {
      for (let s = 0; s < 4; s++) { this.decisions[s] = -1; this.decisionTiles[s] = undefined; }
      this.decided = 0;
    }
    this.responders.length = 0;
    this.nextAsk = 0;
    for (let s = 0; s < 4; s++) {
      this.respOptions[s] = null;
      if (s === target.from) continue;
      const opts = responseOptions(this, s, target);
      if (opts.actions.length > 1) {
        this.respOptions[s] = opts;
        this.responders.push(s);
      }
    }
    this.nextResponder();
  }

  /** Ask the next seat with a real choice, or resolve the answers when none is left. */
  private nextResponder(): void {
    this.invalidate();
    let ronDeclared = false;
    if (this.decided > 0) for (let s = 0; s < 4; s++) if (this.decisions[s] === A.RON) ronDeclared = true;
    while (this.nextAsk < this.responders.length) {
      const s = this.responders[this.nextAsk++]!;
      // Once someone has declared ron only other rons matter; calls would be overruled.
      if (ronDeclared && !this.respOptions[s]!.actions.includes(A.RON)) continue;
      this.phase = (this.target!.kind === 'discard' ? 4 : this.target!.kind === 'kakan' ? 8 : 12) + s;
      return;
    }
    resolveResponses(this);
  }

  // ── riichi, calls and kans ─────────────────────────────────────────────────

  enterRiichiStage(seat: number, tile: number): void {
    this.stage2 = { seat, tile };
    this.invalidate();
  }

  leaveRiichiStage(): number {
    const tile = this.stage2!.tile;
    this.stage2 = null;
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
    for (let q = 0; q < 4; q++) this.scores[q]! += deltas[q]!;
  }

  clearSticks(): void { this.kyotaku = 0; }

  /** Four kans by more than one seat end the hand once the fourth kan's discard passes. */
  fourKanAbort(): boolean {
    return this.kans === 4 && !this.players.some((p) => p.kans === 4);
  }

  // ── draws ─────────────────────────────────────────────────────────────────

  draw(seat: number, rinshan: boolean): void {
    if (this.target) {
      const k = this.target.tile >> 2;
      const ps = this.players;
      if (this.target.kind === 'ankan') {
        // A closed kan is not a pass: only kokushi may rob it, so only a seat that was offered
        // that ron (and skipped it) becomes furiten; a seat merely waiting on the tile does not.
        for (let s = 0; s < 4; s++) if (this.respOptions[s]?.actions.includes(A.RON)) markMissed(ps[s]!, k);
      } else {
        markMissed(ps[0]!, k); markMissed(ps[1]!, k); markMissed(ps[2]!, k); markMissed(ps[3]!, k);
      }
    }
    const p = this.players[seat]!;
    if (!p.riichi) clearMissed(p);
    const tile = rinshan ? this.init.wall.rinshan[this.kans - 1]! : this.init.wall.live[this.liveIndex++]!;
    addTile(p, tile);
    this.giveTurn(seat, tile, rinshan);
    // As `record` (a draw changes no seen count), without its dispatch on the event's type.
    const observer = this.init.observer;
    if (!observer) { this.log.pushDraw(seat, tile); return; }
    const e: RoundEvent = { t: 'draw', who: seat, tile };
    this.log.push(e);
    observer(e, this);
  }

  /** `seat` acts next: after a draw of `drawn`, or after a chi/pon (`drawn` null: no draw). */
  giveTurn(seat: number, drawn: number | null, rinshan: boolean): void {
    this.drawn = drawn;
    this.rinshanDraw = rinshan;
    this.afterCall = drawn === null;
    this.turn = seat;
    this.phase = seat;
    this.target = null;
    this.cacheOpts = null;
  }

  /** The replacement draw after a kan whose answers all passed. */
  rinshan(seat: number, afterKakan: boolean): void {
    // Tenhou: ippatsu ends for everyone at the draw after an added kan nobody robbed.
    if (afterKakan) for (const q of this.players) q.ippatsu = false;
    if (this.target?.kind === 'ankan') this.revealPendingDora();
    this.draw(seat, true);
  }

  recordMeld(seat: number, meld: Meld): void {
    this.record({ t: 'call', who: seat, meld });
  }

  finish(result: HandResult): void {
    this.result = result;
    this.phase = 16;
    this.stage2 = null;
    this.cacheOpts = null;
    for (const e of result.events) this.record(e);
  }

  /** Exposed for helpers that move tiles. */
  give(seat: number, id: number): void { addTile(this.players[seat]!, id); }
  take(seat: number, id: number): void { removeTile(this.players[seat]!, id); }
}
