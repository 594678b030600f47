import type { PromptState } from '../../events';
import type { GatewayContext } from '../../runtime';
import { readPane } from '../../status/pane';
import { NoPromptWaiting, OptionNotOffered, PromptChanged } from '../common/errors';
import type { AnswerBody, Answered } from './model';
import { onWindow } from './service';

/** Short, stable id of a prompt (its question and options): a chat button answers only the prompt it was made for. */
export function promptSignature(prompt: Pick<PromptState, 'question' | 'options'>): string {
  const text = `${prompt.question}\n${prompt.options.map((o) => `${o.index}. ${o.label}`).join('\n')}`;
  return new Bun.CryptoHasher('sha256').update(text).digest('hex').slice(0, 12);
}

export interface AnswerExpectation {
  /** The question the caller saw; the answer is refused when another prompt is on screen. */
  question?: string;
  /** The prompt's signature (`promptSignature`), as chat buttons carry it. */
  signature?: string;
}

/**
 * Answers the prompt on a window's screen with option `option`, as a person at the terminal does:
 * the marker moves with Up/Down from the selected option, then Enter — keys sent through the same
 * per-window queue as `POST …/key`. The screen is read first, so a stale answer (the prompt was
 * answered or replaced meanwhile) is refused instead of pressing keys into whatever shows now.
 */
export async function answerWindowPrompt(ctx: GatewayContext, windowId: string, option: number, expect: AnswerExpectation = {}): Promise<Answered> {
  const prompt = readPane(await ctx.tmux.capturePane(windowId)).prompt;
  if (!prompt || prompt.options.length === 0) throw new NoPromptWaiting();
  if ((expect.signature && promptSignature(prompt) !== expect.signature) || (expect.question !== undefined && expect.question !== prompt.question)) {
    throw new PromptChanged(prompt.question);
  }
  const chosen = prompt.options.find((o) => o.index === option);
  if (!chosen) throw new OptionNotOffered(option, prompt.options.length);
  const from = prompt.selected ?? 1;
  const key = option > from ? 'Down' : 'Up';
  for (let i = 0; i < Math.abs(option - from); i++) await ctx.tmux.sendKey(windowId, key);
  await ctx.tmux.sendKey(windowId, 'Enter');
  ctx.log.info(`answered "${prompt.question}" in ${windowId} with ${chosen.index}. ${chosen.label}`);
  return { question: prompt.question, option: chosen };
}

/** POST /sessions/{channel_id}/answer */
export function answerPrompt(ctx: GatewayContext, channelId: string, body: AnswerBody): Promise<Answered> {
  return onWindow(ctx, channelId, (id) => answerWindowPrompt(ctx, id, body.option, { question: body.question }));
}
