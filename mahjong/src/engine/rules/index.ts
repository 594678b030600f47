/**
 * The rules engine's single public entry. Pure TypeScript; imports nothing from Bun or Elysia.
 * Names exported here are stable: new ones may be added, none renamed.
 */
export * from '../tiles';
export * from '../notation';
export { shanten, shantenRegular, shantenChiitoi, shantenKokushi, impliedMelds } from '../shanten';
export { ukeire, waitingKinds, type Ukeire } from '../ukeire';
export { decompositions, isComplete, type Decomposition, type HandSet, type HandForm, type SetType } from '../hand/decompose';
export { winReadings, chowWait, type WinReading } from '../hand/waits';
export { scoreHand } from '../scoring/score-hand';
export type * from '../scoring/types';
