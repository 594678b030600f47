/**
 * The rules engine's single public entry. Pure TypeScript; imports nothing from Bun or Elysia.
 * Names exported here are stable: new ones may be added, none renamed.
 */
export * from '../tiles';
export * from '../notation';
export { parseMelds } from '../meld-notation';
export { shanten, shantenRegular, shantenChiitoi, shantenKokushi, impliedMelds } from '../shanten';
export { ukeire, waitingKinds, type Ukeire } from '../ukeire';
export { decompositions, isComplete, type Decomposition, type HandSet, type HandForm, type SetType } from '../hand/decompose';
export { winReadings, chowWait, type WinReading } from '../hand/waits';
export { handWaits, type HandWait } from '../hand/hand-waits';
export { scoreHand } from '../scoring/score-hand';
export type * from '../scoring/types';
export { winInputFromNotation, type NotationWin } from '../scoring/from-notation';
export { computeFu } from '../scoring/fu';
export { basicPoints } from '../scoring/limits';
export { computePayments, type PaymentSituation } from '../scoring/payments';
export { countDora, countAka } from '../scoring/dora';
export { ALL_YAKU, YAKU_BY_ID, evaluateYaku, type HandContext, type ScoredSet, type Yaku } from '../yaku';
export { TENHOU_YAKU_NAMES, yakuName } from '../yaku/names';
