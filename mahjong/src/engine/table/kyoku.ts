/**
 * One hand (kyoku) as a state machine over the 54 actions. Phases: 0–3 self action of seat N,
 * 4–7 answers to a discard, 8–11 to an added kan (chankan), 12–15 to a closed kan (kokushi
 * only), 16 over. Only seats with a real choice are ever asked; the rest is advanced here.
 * Events are recorded in paipu form as they happen, so the record is the hand's log. The fields
 * and the operations that only set them: kyoku-state.ts.
 */
import type { Meld, RoundEvent } from '../paipu/types';
import { A } from './actions';
import { type HandInit, type HandResult, type HandState, offers, type StepResult, type Target } from './hand-state';
import { addTile, clearMissed, markMissed, removeTile } from './player';
import { STEP_OK, selfStep } from './self-step';
import { selfOptions, type Options } from './options';
import { answerBits, chiShape, responseBits } from './response-options';
import { waitsOf } from './win';
import { resolveResponses } from './responses';
import { KyokuState } from './kyoku-state';

export type { StepCode, StepResult, Target } from './hand-state';

export interface KyokuInit extends HandInit {
  /** Called with each event as it is recorded, the table already changed by it (the replay's steps). */
  observer?: (e: RoundEvent, k: Kyoku) => void;
}

const NO_OPTIONS: Options = { actions: [], riichiDiscards: [], lo: 0, hi: 0 };

export class Kyoku extends KyokuState implements HandState {
  declare readonly init: KyokuInit;

  constructor(init: KyokuInit) {
    super(init);
    this.draw(init.oya, false);
  }

  /** Records an event of the hand (and shows it to the observer, if any). */
  record(e: RoundEvent): void {
    this.cacheOpts = null; // every event may change the options (see options())
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
    this.cacheOpts = null;
    this.seen[tile >> 2]! += 1;
    const observer = this.init.observer;
    if (!observer) { this.log.pushDiscard(seat, tile, tsumogiri); return; }
    // The observer gets the very object the record holds.
    const e: RoundEvent = { t: 'discard', who: seat, tile, tsumogiri };
    this.log.push(e);
    observer(e, this);
  }

  /**
   * The options of the seat to act, computed once per state: every change that may alter them
   * forgets them (a recorded event, a new phase or turn, the riichi two-step, the end: see
   * record, recordDiscard, giveTurn, invalidate, finish), so the common read is one field test.
   */
  options(): Options {
    if (this.cacheOpts !== null) return this.cacheOpts;
    let opts: Options;
    if (this.phase < 4) opts = selfOptions(this, this.phase, this.selfOpts);
    else if (this.phase < 16) opts = this.respOptions[this.phase % 4] ?? NO_OPTIONS;
    else opts = NO_OPTIONS;
    this.cacheOpts = opts;
    return opts;
  }

  /** Valid actions of `seat` now (empty when it is not that seat's turn); read it only until the next step. */
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
    const o = this.options();
    if (!offers(o, action)) return { ok: false, code: 'ILLEGAL_ACTION' };
    if (this.phase < 4) return selfStep(this, seat, action, tile, o.riichiDiscards);
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
    this.clearAnswers(t);
    // responseOptions' cheap test written out (three times a discard): a winning kind, a pair of
    // the kind (pon) or, for the next seat, two tiles of a sequence with it (chi).
    const kind = tile >> 2;
    const calls = this.tilesLeft > 0;
    const next = (from + 1) & 3;
    const ps = this.players;
    for (let s = 0; s < 4; s++) {
      this.respOptions[s] = null;
      if (s === from) continue;
      const p = ps[s]!;
      const waits = waitsOf(p);
      if (!(waits.length > 0 && waits.includes(kind)) && (!calls || p.riichi || (p.counts[kind]! < 2 && (s !== next || kind >= 27 || !chiShape(p.counts, kind))))) continue;
      const bits = answerBits(this, s, t);
      if (bits !== 0) this.offerAnswers(s, bits);
    }
    // Nobody may answer and nothing is pending (resolveResponses' common case): the next seat draws.
    if (this.responders.length === 0 && this.riichiPending === null && this.kans < 4 && calls) {
      this.draw(next, false);
      return;
    }
    this.nextResponder();
  }

  // Per-seat arrays and loops, no Maps or spreads: this runs after every discard.
  openResponses(target: Target): void {
    this.clearAnswers(target);
    for (let s = 0; s < 4; s++) {
      this.respOptions[s] = null;
      if (s === target.from) continue;
      const bits = responseBits(this, s, target);
      if (bits !== 0) this.offerAnswers(s, bits);
    }
    this.nextResponder();
  }

  /** A new target: no answers given or asked yet. */
  private clearAnswers(target: Target): void {
    this.target = target;
    if (this.decided > 0) {
      for (let s = 0; s < 4; s++) { this.decisions[s] = -1; this.decisionTiles[s] = undefined; }
      this.decided = 0;
    }
    if (this.responders.length !== 0) this.responders.length = 0; // (a length write is a slow path even when it is 0)
    this.nextAsk = 0;
  }

  /** `seat` has answers `bits` (answerBits) to the target, and skip: it will be asked, in seat order. */
  private offerAnswers(seat: number, bits: number): void {
    const o = this.answerSets[seat]!;
    o.lo = 0;
    o.hi = (bits << (A.CHI_LOW - 27)) | (1 << (A.SKIP - 27)); // action 37 + i is bit 10 + i of hi
    o.listed = false;
    this.respOptions[seat] = o;
    this.responders.push(seat);
  }

  /** Ask the next seat with a real choice, or resolve the answers when none is left. */
  private nextResponder(): void {
    this.invalidate();
    let ronDeclared = false;
    if (this.decided > 0) for (let s = 0; s < 4; s++) if (this.decisions[s] === A.RON) ronDeclared = true;
    while (this.nextAsk < this.responders.length) {
      const s = this.responders[this.nextAsk++]!;
      // Once someone has declared ron only other rons matter; calls would be overruled.
      if (ronDeclared && !offers(this.respOptions[s]!, A.RON)) continue;
      this.phase = (this.target!.kind === 'discard' ? 4 : this.target!.kind === 'kakan' ? 8 : 12) + s;
      return;
    }
    resolveResponses(this);
  }


  // ── draws ─────────────────────────────────────────────────────────────────

  draw(seat: number, rinshan: boolean): void {
    if (this.target) {
      const k = this.target.tile >> 2;
      const ps = this.players;
      if (this.target.kind === 'ankan') {
        // A closed kan is not a pass: only kokushi may rob it, so only a seat that was offered
        // that ron (and skipped it) becomes furiten; a seat merely waiting on the tile does not.
        for (let s = 0; s < 4; s++) { const o = this.respOptions[s]; if (o && offers(o, A.RON)) markMissed(ps[s]!, k); }
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
