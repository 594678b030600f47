/**
 * The strong AI's options (agent.ts): what ships, and what the reviewer's engine keeps. Each
 * strength round's ideas are options here, so the paired bench (bench/mahjong-strength-paired.ts)
 * can play them against the defaults on the same walls (mahjong/README.md, AI players).
 */

/** Tunables (defaults are what ships); the arena compares variants. */
export interface StrongOptions {
  /** Multiplier on all deal-in costs. */
  caution: number;
  /** Multipliers on the danger of the turns to come while pushing, by shanten 0/1/2+. */
  ahead: [number, number, number];
  dama: boolean;
  /** Most shanten at which a closed hand still makes its first call (non-yakuhai). */
  firstCallShanten: number;
  /** Shanten at or below which ukeire is counted (above: shape only). */
  ukeireShanten: number;
  /** Riichi or dama as Houou players choose (`hououRiichi`): the reviewer's. */
  hououDama: boolean;
  /** A closed hand at 1 shanten makes a first call that reaches tenpai only with fewer tiles than this left. */
  callAt1: number;
  /** Added to every non-zero deal-in chance (the shape count underestimates suji and honours). */
  dangerAdd: number;
  /** Acceptance-tile equivalents (×10) a dora in hand is worth when choosing a discard. */
  doraKeep: number;
  /** Estimated han under which a closed hand does not open for tanyao from 3+ shanten. */
  tanyaoHan: number;
  /** Push or fold on the measured win chance, value and deal-in chance (push-fold.ts). */
  measured: boolean;
  /**
   * Throw the tile the discard order learned from Houou players scores highest (learned-discard.ts),
   * from the candidates as scored here; off: the highest score here.
   */
  learnedDiscard: boolean;
  /**
   * Most shanten at which a closed hand with no threat on the table chooses among the discards at
   * the best shanten by the expected score of its future draws (hand-ev.ts); −1: never. The default,
   * 1 with `evMargin` 10, gains about 0.008 of a place at about 0.86x the speed, which the ninth
   * speed round's 1.42x pays for (mahjong/README.md, "Ninth strength round", *Shipped*); 2 is
   * stronger by about 0.009 more at 0.38x, beyond the 300 hanchan/s budget.
   */
  handEv: number;
  /** The expected-score model's multiplier on a tenpai hand's per-draw win chance (ron between draws). */
  evRate: number;
  /** The model's own draws left: this × a quarter of the wall (less than 1: hands cut short by others). */
  evDraws: number;
  /** Only discards the score ranks within this of the top one (10 = one acceptance tile) go to the model. */
  evMargin: number;
  /** At tenpai, how many one-shanten discards (most acceptance first) the model weighs against the tenpai ones (0: none), from `evBreakLeft` tiles left. */
  evBreak: number;
  evBreakLeft: number;
  /** At two shanten, only discards within this of the top one go to the model (−1: `evMargin`). */
  evMargin2: number;
  /** Above 0: under a two-shanten hand, one-shanten hands are valued by an approximation (hand-ev.ts approxOne, tenpai's win chance this × the acceptance) instead of searched; 0: searched. */
  evApprox: number;
  /** Facing a threat at tenpai or one shanten (closed): a push's gain is this × the model's expected score instead of the measured win chance × value (0: off). */
  evPush: number;
  /**
   * Choosing among tenpai discards: each live wait counts as its chance to be won against a middle
   * tile's, from own draws plus this × the measured rate at which opponents throw it (wait-quality.ts;
   * 0: only furiten waits count less, won by own draws); −1: live copies only.
   */
  ronWeight: number;
  /**
   * Where the value rule says dama, riichi instead when its expected score is higher: each way's win
   * chance from the measured rates of its waits (wait-quality.ts), riichi's value × this (ura,
   * ippatsu, tsumo), less the stick when it does not win; 0: the value rule alone.
   */
  riichiEv: number;
  /** Push or fold: the dealer's own value × this (its win also keeps the seat; 1: off). */
  dealerValue: number;
  /** Push or fold: the measured deal-in chance is 2 × the shape count + this (0 stays 0). */
  dealInOffset: number;
  /**
   * No threat on the table: a discard of a terminal or honour that leaves the hand on the all-simples
   * route (at most one such tile left, no such meld) scores this more (10 = one acceptance tile; 0: off).
   */
  tanyaoLean: number;
  /** `tanyaoLean` applies while the closed hand holds at most this many terminals and honours (the thrown one included). */
  tanyaoMax: number;
  /**
   * A closed hand with no threat and at least this many tiles of one suit plus honours (of 14) plays
   * the half-flush route (the other suits thrown first, as an open flush hand does) when that costs
   * at most `flushSlack` shanten (0: off).
   */
  flushLean: number;
  flushSlack: number;
  /**
   * No threat on the table: a suit tile next to a dora (one apart; half for two apart) is worth this
   * many acceptance-tile equivalents (×10) more when choosing a discard: it is how the dora gets used (0: off).
   */
  doraNear: number;
  /**
   * No threat on the table, a closed hand with at least `flushSoftMin` tiles of one suit plus honours
   * (of 14): a discard of a lone tile of another suit that keeps the best shanten scores this more (0: off).
   */
  flushSoft: number;
  flushSoftMin: number;
  /**
   * With at most `oneMeldLeft` tiles left, an opponent with one open meld and a visible yaku is a
   * threat too, tenpai with this chance (0: off; the seats the threat reader does not see take about
   * 29 % of the deal-ins, most of them hands with one open meld).
   */
  oneMeld: number;
  oneMeldLeft: number;
  /**
   * With at most this many tiles left and no riichi out, a call that reaches tenpai without a yaku is
   * made for the tenpai payment at the draw, and such a hand pushes as if worth `keishikiValue` (0: off).
   */
  keishiki: number;
  keishikiValue: number;
  /**
   * No threat on the table, two shanten or more: a lone yakuhai honour no other copy of which is in
   * sight scores this less as a discard (kept for a pon; negative: thrown sooner; 0: off).
   */
  yakuhaiKeep: number;
  /** With at most this many tiles left, a tenpai hand that has a yaku stays dama (0: off). */
  lateDama: number;
  /**
   * Push or fold on the learned opponent model (danger-model.ts, models/strong-danger.json): every
   * opponent the model reads at least `dangerModelMin` likely tenpai is a threat (a riichi always),
   * and a discard's risk is its P(tenpai) × P(the kind wins | tenpai) × the model's deal-in value,
   * in place of danger.ts's threats and shape count (false: off).
   */
  dangerModel: boolean;
  dangerModelMin: number;
  /**
   * With `dangerModel`, which of danger.ts's threats keep its tenpai guess and shape count: 'none'
   * (the model reads every seat), 'riichi' (riichi seats keep them), 'all' (the model only adds
   * the seats danger.ts does not read: one meld, or closed without riichi).
   */
  dangerModelKeep: 'none' | 'riichi' | 'all';
  /** With `dangerModel`, the model's threats weigh a discard by its wait model (false: by danger.ts's measured shape count, with the model's tenpai chance and value). */
  dangerModelWaits: boolean;
  /**
   * Furiten the shape count misses (furiten-reads.ts `passedKinds`): 1, temporary furiten (a kind a
   * threat passed this turn cannot deal in to it); 2, also the discards made in a riichi's own
   * go-around after it, in a hand with no call (the default: about −0.003 of a place, mahjong/README.md,
   * "Seventh strength round"); 0: off.
   */
  passedRead: number;
  /**
   * Play for place (place-utility.ts): in the hands with at most this many hands of the game left
   * after them, push or fold values a win and a deal-in by the change of expected final place they
   * cause (place-model.ts), in points at the level-scores rate, in place of placement.ts's deal-in
   * factor (−1: off, placement.ts's factor for the last two hands). The default, 7 (every hand of
   * a hanchan), gains about 0.006 of a place at no measurable cost (mahjong/README.md, "Ninth
   * strength round", *Shipped*).
   */
  placeSense: number;
  /** Hands' worth of score spread still to come in the hand being played when it ends without our win or deal-in, for `placeSense`. */
  placeExtra: number;
  /**
   * In the hands with at most this many hands of the game left after them, riichi or dama by
   * expected place (place-utility.ts `riichiForPlace`; −1: the value rule). Over the whole game it
   * chooses dama more often, and a dama hand weighs every discard where a riichi hand's are forced:
   * 0.90–0.93× the speed.
   */
  placeRiichi: number;
}

export const STRONG_DEFAULTS: StrongOptions = { caution: 1, ahead: [0, 0, 0], dama: true, firstCallShanten: 4, ukeireShanten: 3, hououDama: false, callAt1: 40, dangerAdd: 0.035, doraKeep: 30, tanyaoHan: 1.5, measured: true, learnedDiscard: false, handEv: 1, evRate: 1.5, evMargin: 10, evDraws: 1, evBreak: 0, evBreakLeft: 24, evMargin2: -1, evApprox: 0, evPush: 0, ronWeight: 1, riichiEv: 1.2, dealerValue: 1, dealInOffset: 0.004, tanyaoLean: 30, tanyaoMax: 2, flushLean: 0, flushSlack: 1, lateDama: 0, doraNear: 0, flushSoft: 0, flushSoftMin: 10, oneMeld: 0, oneMeldLeft: 30, keishiki: 0, keishikiValue: 1500, yakuhaiKeep: 0, dangerModel: false, dangerModelMin: 0.3, dangerModelKeep: 'none', dangerModelWaits: true, passedRead: 2, placeSense: 7, placeExtra: 0.5, placeRiichi: -1 };

/**
 * The values the strength round changed, as they were before it: the reviewer's engine was tuned
 * on them (src/modules/review/review.ts) and keeps them, so its agreement figures stay true.
 */
export const BEFORE_STRENGTH_ROUND: Partial<StrongOptions> = { ahead: [0.3, 0.6, 1], firstCallShanten: 3, dangerAdd: 0, doraKeep: 15, measured: false, learnedDiscard: false, handEv: -1, ronWeight: -1, riichiEv: 0, tanyaoLean: 0, dangerModel: false, passedRead: 0, placeSense: -1, placeRiichi: -1 };
