/**
 * A whole game (hanchan, or East-only) under Tenhou ranked rules: hands in sequence, honba and
 * riichi sticks, dealer repeat, the end of the game (bust, West extension up to West 4, the
 * all-last dealer who is top after a win or tenpai ends it), and Tenhou's `owari` points.
 */
import type { Owari, Paipu, Round, RoundEvent } from '../paipu/types';
import { advance, type TableState } from './progress';
import { exportMjlog } from '../mjlog/export';
import { Kyoku, type StepResult } from '../table/kyoku';
import { ACTION_COUNT } from '../table/actions';
import type { Options } from '../table/hand-state';
import { handSeed, shuffledWall, type Wall } from '../table/wall';
import { COMMITTED_SCHEME, isWallSecret, newWallSecret, secretWall, SEEDED_SCHEME, wallCommitment } from '../table/secure-wall';
import type { HandLogEntry, StateView } from './view-schema';
import { stateView } from './view';
import { roundLabel } from './round-label';
import { waitsOf } from '../table/win';
import { perSeat } from '../fresh';

export interface GameOptions {
  /**
   * Wall seed (a practice game); the same seed and the same actions reproduce the game exactly.
   * Without a seed (and without `secret` or `wallFor`) the walls come from a fresh 256-bit secret.
   */
  seed?: number;
  /**
   * 64 hex digits (256 bits): every wall is derived from this secret (table/secure-wall.ts) and
   * the record carries its commitment, and the secret itself once the game is over. Takes
   * precedence over `seed`.
   */
  secret?: string;
  /** 0 = East only, 1 = East-South (hanchan, default). */
  maxRound?: 0 | 1;
  /** Player names written to the record. */
  names?: string[];
  /** Start the next hand as soon as one ends (default false: phase 16 waits for nextHand()). */
  autoNextHand?: boolean;
  /** Wall of hand `index` (replays build walls from a log); defaults to the seeded shuffle. */
  wallFor?: (index: number) => Wall;
  /** Start from a given table (e.g. South 4 with set scores) instead of East 1 at 25,000 each. */
  start?: TableState;
}

const NO_ACTIONS: readonly number[] = [];
const NO_OPTIONS: Options = { actions: [], riichiDiscards: [], lo: 0, hi: 0 };

export type GameStepResult = StepResult | { ok: false; code: 'GAME_OVER' };

export { roundLabel } from './round-label';

export class Game {
  readonly seed: number;
  /** The wall secret of a committed game (null: a seeded one). */
  readonly secret: string | null;
  /** SHA-256 commitment of `secret` (null: a seeded game). */
  readonly commitment: string | null;
  readonly eastSouth: boolean;
  readonly names: string[];
  readonly autoNextHand: boolean;
  private readonly wallFor: (index: number) => Wall;
  scores = perSeat(25000);
  round = 0;
  honba = 0;
  kyotaku = 0;
  handIndex = 0;
  kyoku: Kyoku;
  readonly rounds: Round[] = [];
  readonly log: HandLogEntry[] = [];
  finished = false;
  owari: Owari | null = null;

  constructor(opts: GameOptions = {}) {
    this.seed = (opts.seed ?? Math.floor(Math.random() * 2 ** 31)) >>> 0;
    if (opts.secret !== undefined && !isWallSecret(opts.secret)) throw new Error('invariant: a wall secret is 64 lower-case hex digits');
    // A game given neither a seed nor walls is dealt from a fresh CSPRNG secret, never a small seed.
    this.secret = opts.secret ?? (opts.seed === undefined && !opts.wallFor ? newWallSecret() : null);
    this.commitment = this.secret === null ? null : wallCommitment(this.secret);
    this.eastSouth = (opts.maxRound ?? 1) === 1;
    this.names = opts.names ?? ['P0', 'P1', 'P2', 'P3'];
    this.autoNextHand = opts.autoNextHand ?? false;
    const secret = this.secret;
    this.wallFor = opts.wallFor ?? (secret !== null ? (i) => secretWall(secret, i) : (i) => shuffledWall(handSeed(this.seed, i)));
    if (opts.start) {
      const st = opts.start;
      if (st.scores.length !== 4 || st.scores.reduce((a, b) => a + b, 0) + st.kyotaku * 1000 !== 100_000)
        throw new Error('invariant: a start table needs four scores that with the sticks sum to 100,000');
      this.round = st.round;
      this.honba = st.honba;
      this.kyotaku = st.kyotaku;
      this.scores = [...st.scores];
    }
    this.kyoku = this.startHand();
  }

  get phase(): number { return this.kyoku.phase; }
  get oya(): number { return this.round % 4; }
  isOver(): boolean { return this.finished; }

  /** Seat that must act now, or -1 between hands and after the game. */
  actor(): number { return this.finished ? -1 : this.kyoku.actor(); }

  /** The valid actions of `player` now (a new array, the caller's to keep). */
  validActions(player: number): number[] {
    return this.finished ? [] : this.kyoku.validActions(player).slice();
  }

  /**
   * The same without the copy: the table's own list, refilled at the next step (read it only
   * until then and never change it) — for a self-play loop that picks from it at once.
   */
  liveActions(player: number): readonly number[] {
    return this.finished ? NO_ACTIONS : this.kyoku.validActions(player);
  }

  /**
   * The options of `player` now as the table keeps them (bits and lists refilled at the next step;
   * read them at once, never change them): `legalCount`/`legalAt` (table/option-set.ts) read them.
   */
  liveOptions(player: number): Options {
    return this.finished || this.kyoku.actor() !== player ? NO_OPTIONS : this.kyoku.options();
  }

  mask(player: number): boolean[] {
    const m = new Array<boolean>(ACTION_COUNT).fill(false);
    for (const a of this.validActions(player)) m[a] = true;
    return m;
  }

  /** Apply an action; an illegal or out-of-turn one leaves the state untouched. */
  step(player: number, action: number, tile?: number): GameStepResult {
    if (this.finished) return { ok: false, code: 'GAME_OVER' };
    const r = this.kyoku.step(player, action, tile, undefined);
    if (r.ok && this.kyoku.over) this.endHand();
    return r;
  }

  /** Start the next hand after phase 16; false when the game is over or a hand is running. */
  nextHand(): boolean {
    if (this.finished || !this.kyoku.over) return false;
    this.kyoku = this.startHand();
    return true;
  }

  private startHand(): Kyoku {
    const wall = this.wallFor(this.handIndex);
    const k = new Kyoku({ round: this.round, honba: this.honba, kyotaku: this.kyotaku, oya: this.oya, scores: this.scores.slice(), wall });
    this.rounds.push({
      round: this.round, honba: this.honba, kyotaku: this.kyotaku, dice: [1, 1], oya: this.oya, scores: this.scores.slice(),
      // The hand's live record, read through the hand (its draws and discards become objects on
      // reading); a caller that assigns other events gets a plain property, as before.
      doraIndicator: wall.dora[0]!, hands: k.dealt, get events() { return k.events; },
      set events(v: RoundEvent[]) { Object.defineProperty(this, 'events', { value: v, writable: true, enumerable: true, configurable: true }); },
    });
    return k;
  }

  private endHand(): void {
    const k = this.kyoku;
    const res = k.result!;
    // Plain loops, no closures or Sets: this runs once per hand and stays small for the JIT.
    const scoresIn = this.scores.slice();
    this.scores = k.scores.slice();
    this.kyotaku = k.kyotaku;
    const losers: number[] = [];
    for (const e of res.events) if (e.t === 'agari' && e.fromWho !== e.who && !losers.includes(e.fromWho)) losers.push(e.fromWho);
    const delta = perSeat(0);
    for (let q = 0; q < 4; q++) delta[q] = this.scores[q]! - scoresIn[q]!;
    this.log.push({
      index: this.handIndex, round: this.round, round_label: roundLabel(this.round, this.honba), honba: this.honba,
      result_type: res.kind === 'agari' ? 'agari' : res.ryuukyoku!, winners: res.winners,
      losers, renchan: res.renchan, scores_in: scoresIn, scores_out: this.scores.slice(), score_delta: delta,
    });
    this.handIndex++;
    const adv = advance({ round: this.round, honba: this.honba, kyotaku: this.kyotaku, scores: this.scores }, res, this.eastSouth);
    this.round = adv.next.round;
    this.honba = adv.next.honba;
    this.kyotaku = adv.next.kyotaku;
    this.scores = adv.next.scores;
    if (adv.over) {
      this.owari = adv.owari;
      this.finished = true;
      return;
    }
    if (this.autoNextHand) this.kyoku = this.startHand();
  }

  /** Winning kinds of a seat's 13-tile hand (empty when not tenpai). */
  waits(seat: number): number[] {
    return waitsOf(this.kyoku.players[seat]!);
  }

  riichiDiscards(): readonly number[] {
    return this.kyoku.options().riichiDiscards;
  }

  /**
   * `reuse` (with `shallow`): refresh the shallow view last returned for this viewer in place
   * instead of building a new one — for a loop that reads each view only until its next step.
   */
  stateView(forPlayer: number | null, opts: { shallow?: boolean; reuse?: boolean } = {}): StateView {
    if (!opts.reuse || !opts.shallow) return stateView(this, forPlayer, opts);
    const slot = forPlayer === null ? 4 : forPlayer;
    const view = stateView(this, forPlayer, { shallow: true, into: this.shallowViews[slot] });
    this.shallowViews[slot] = view;
    return view;
  }

  /** Per viewer (seats 0–3, 4 = full view): the view `stateView(…, { reuse: true })` refreshes. */
  private readonly shallowViews: (StateView | undefined)[] = [undefined, undefined, undefined, undefined, undefined];

  toPaipu(): Paipu {
    return this.paipu(true);
  }

  /** The record; `copy` false shares the rounds and their event lists (for a reader that keeps nothing). */
  private paipu(copy: boolean): Paipu {
    return {
      type: this.eastSouth ? 0xa9 : 0xa1, seed: this.wallSeed(), lobby: 0,
      rules: { redFives: true, openTanyao: true, eastSouth: this.eastSouth, sanma: false },
      players: this.names.map((name) => ({ name, dan: 0, rate: 1500, sex: 'C' })),
      oya: 0, rounds: copy ? this.rounds.map((r) => ({ ...r, events: [...r.events] })) : this.rounds, owari: this.owari,
      truncated: this.finished ? null : this.kyoku.over ? 'no-game-end' : 'mid-round',
    };
  }

  /** The record's seed: `devhub-v1,<seed>`, or `devhub-v2,<commitment>` and `,<secret>` once the game is over. */
  wallSeed(): string {
    if (this.secret === null) return `${SEEDED_SCHEME},${this.seed}`;
    return `${COMMITTED_SCHEME},${this.commitment}${this.finished ? `,${this.secret}` : ''}`;
  }

  toMjlog(): string {
    return exportMjlog(this.paipu(false));
  }
}
