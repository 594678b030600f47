/**
 * Public API of the mahjong game engine (pure TypeScript; no Bun, no Elysia).
 *
 *   const game = new Game({ seed: 42, maxRound: 1 });      // maxRound 0 = East only
 *   game.phase            // 0–3 self action of seat N, 4–7 discard answers, 8–11 chankan,
 *                         // 12–15 kokushi on ankan, 16 hand over
 *   game.actor()          // seat that must act (-1 between hands / after the game)
 *   game.validActions(seat), game.mask(seat)                // 54-entry mask
 *   game.step(seat, action) → { ok: true } | { ok: false, code }  // codes: ILLEGAL_ACTION,
 *                         // NOT_YOUR_TURN, HAND_OVER (call nextHand()), GAME_OVER
 *   game.nextHand()       // after phase 16 (or construct with autoNextHand: true)
 *   game.stateView(seat | null)   // null = full view, every hand visible
 *   game.isOver(), game.owari, game.log, game.toPaipu(), game.toMjlog()
 *
 * Riichi is two steps: discarding a tile listed in `riichi_tiles` sets `riichi_stage2`; then
 * 48 declares riichi with that tile and 52 discards it without riichi.
 */
export { owariOf, advance, gameEnds, roundThousands, TENHOU_OWARI, type OwariRules, type TableState } from './progress';
export { Game, roundLabel, type GameOptions, type GameStepResult } from './game';
export { stateView, type ViewedGame } from './view';
export { handResultView, winView } from './hand-result';
export { LIMIT_TEXT, RYUUKYOKU_TEXT, YAKU_NAMES, yakuDisplayName } from './result-text';
export * from './view-schema';
export { A, ACTION_COUNT, PHASE_NAMES, actionName, discardIndex } from '../table/actions';
export type { Paipu, Round, RoundEvent, Meld, AgariEvent, RyuukyokuEvent } from '../paipu/types';
export { parseMjlog } from '../mjlog/parse';
export { exportMjlog } from '../mjlog/export';
export { mjlogText, isGzip } from '../mjlog/gzip';
export { InvalidMjlog } from '../mjlog/errors';
