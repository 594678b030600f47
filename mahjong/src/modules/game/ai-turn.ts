import type { AiPlayer, EngineGame } from './port';

/**
 * One AI decision applied to the game. An AI that throws, or answers with an illegal move, is
 * reported and replaced by the first legal action, so a broken model file cannot stall a game.
 * Returns the action played, or null when not even a legal fallback could be played.
 */
export async function playAiTurn(game: EngineGame, ai: AiPlayer, seat: number, report: (message: string, err?: unknown) => void): Promise<number | null> {
  let action: number;
  try {
    action = await ai.decide(game, seat);
  } catch (err) {
    report(`AI for P${seat} failed: ${(err as Error).message ?? String(err)}`, err);
    action = game.validActions(seat)[0] ?? -1;
  }
  for (const notice of ai.takeNotices?.() ?? []) report(notice);
  if (game.step(seat, action).ok) return action;
  report(`AI for P${seat} chose illegal action ${action}`);
  const fallback = game.validActions(seat)[0];
  if (fallback === undefined || !game.step(seat, fallback).ok) return null;
  return fallback;
}
