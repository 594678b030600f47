import type { BotReplaced } from '../../mjai/bot-seat';
import type { AiPlayer, EngineGame } from './port';

/** A move as played: the action, and the tile it named (if any). */
export interface PlayedMove { action: number; tile?: number }

/**
 * One AI decision applied to the game. An AI that throws, or answers with an illegal move, is
 * reported and replaced by the first legal action, so a broken model file cannot stall a game.
 * A bot seat that gave up its seat to the built-in AI is announced with `replaced`.
 * Returns the move played, or null when not even a legal fallback could be played.
 */
export async function playAiTurn(
  game: EngineGame, ai: AiPlayer, seat: number,
  report: (message: string, err?: unknown) => void, replaced: (e: BotReplaced) => void = () => undefined,
): Promise<PlayedMove | null> {
  let move: PlayedMove;
  try {
    const m = await ai.decide(game, seat);
    move = typeof m === 'number' ? { action: m } : { action: m.action, tile: m.tile };
  } catch (err) {
    report(`AI for P${seat} failed: ${(err as Error).message ?? String(err)}`, err);
    move = { action: game.validActions(seat)[0] ?? -1 };
  }
  for (const e of ai.takeReplaced?.() ?? []) replaced(e);
  if (game.step(seat, move.action, move.tile).ok) return move;
  report(`AI for P${seat} chose illegal action ${move.action}${move.tile === undefined ? '' : ` (tile ${move.tile})`}`);
  const fallback = game.validActions(seat)[0];
  if (fallback === undefined || !game.step(seat, fallback).ok) return null;
  return { action: fallback };
}
