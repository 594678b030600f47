import { AppError } from '@devhub/shared';
import type { StatusEvent } from '../events';
import { answerWindowPrompt, promptSignature } from '../modules/sessions/answer';
import { isSeparator, screenLines } from '../status/lines';
import { WindowNotFound } from '../tmux';
import { cut } from '@devhub/shared/text';
import type { BridgeHub } from './hub';
import type { ButtonOutcome, ButtonPress, ButtonValue, Card, ChatPlatform } from './platform';
import { closedPromptCard, promptCard } from './render';

/**
 * Prompt cards: a permission, trust or question prompt on screen becomes a card with one button per
 * option in every chat that hears about the window (once per prompt, restarts included); a button
 * answers through the same path as POST /sessions/{id}/answer; the card is closed with who
 * answered once the prompt is gone.
 */
export class PromptCards {
  /** Window → how its open prompt was answered through a button. */
  private readonly answered = new Map<string, string>();
  /** `<target>|<window>` → the prompt card as sent. */
  private readonly cards = new Map<string, Card>();

  constructor(private readonly hub: BridgeHub, private readonly endTurn: (target: string) => Promise<void>) {}

  /** Shows, keeps or closes the window's prompt cards after a status change. */
  onStatus(event: StatusEvent): void {
    const prompt = event.status === 'interactive' ? event.prompt_state : null;
    if (prompt) this.hub.track('prompt card', this.show(event.window_id, prompt));
    else if (this.hub.store.promptsOf(event.window_id).length) this.closeAll(event.window_id);
    else this.answered.delete(event.window_id);
  }

  async answer(platform: ChatPlatform, press: ButtonPress, value: ButtonValue): Promise<ButtonOutcome> {
    const { w: windowId, o: option, p: signature } = value;
    const prompt = this.hub.store.promptsOf(windowId).find((p) => p.record.message_id === press.messageId);
    const key = prompt ? `${prompt.target}|${windowId}` : '';
    try {
      const answer = await answerWindowPrompt(this.hub.ctx, windowId, option, { signature });
      const label = `${answer.option.index}. ${answer.option.label}`;
      this.hub.ctx.log.info(`bridge: ${platform.id} user ${press.userId} answered "${answer.question}" in ${windowId} with ${label}`);
      this.answered.set(windowId, `${label} (by ${press.userId})`);
      const card = key ? this.cards.get(key) : undefined;
      return { ok: true, notice: `Answered: ${label}`, ...(card ? { card: { ...card, footer: `⏳ Answered ${label} — waiting for the assistant` } } : {}) };
    } catch (error) {
      if (error instanceof WindowNotFound || (error instanceof AppError && error.code === 'TMUX_FAILED')) return { ok: false, notice: 'The session has ended' };
      if (error instanceof AppError && error.status < 500) {
        const gone = error.code === 'NO_PROMPT' || error.code === 'PROMPT_CHANGED';
        const card = key && gone ? this.cards.get(key) : undefined;
        return { ok: false, notice: gone ? 'This prompt is no longer on screen' : error.message, ...(card ? { card: closedPromptCard(card, 'Prompt closed') } : {}) };
      }
      throw error;
    }
  }

  /** A prompt card in every chat that hears about the window, once per prompt (restarts included). */
  private async show(windowId: string, prompt: NonNullable<StatusEvent['prompt_state']>): Promise<void> {
    const { hub } = this;
    const signature = promptSignature(prompt);
    const targets = hub.noticeTargets(windowId).filter((t) => hub.store.prompt(t, windowId)?.signature !== signature);
    if (!targets.length) return;
    const context = await this.context(windowId, prompt.question);
    const card = promptCard(windowId, hub.sessionName(windowId), prompt, context);
    const bound = new Set(hub.boundTargets(windowId));
    for (const target of targets) {
      hub.send(target, 'prompt card', async () => {
        const key = `${target}|${windowId}`;
        const old = hub.store.prompt(target, windowId);
        if (old?.signature === signature) return;
        if (old) await this.close(target, windowId);
        // Output after the answer belongs below the card, not in the message above it.
        if (bound.has(target)) await this.endTurn(target);
        const id = await hub.sendTo(target, card);
        if (!id) return;
        hub.store.setPrompt(target, { window_id: windowId, signature, message_id: id });
        this.cards.set(key, card);
      });
    }
  }

  /** The lines above the question in the prompt's box (e.g. the command asked about), from the screen. */
  private async context(windowId: string, question: string): Promise<string> {
    let lines: string[];
    try {
      lines = screenLines(await this.hub.ctx.tmux.capturePane(windowId));
    } catch {
      return '';
    }
    const at = question ? lines.findLastIndex((l) => l.includes(question)) : -1;
    if (at <= 0) return '';
    let top = at - 1;
    while (top >= 0 && at - top <= 12 && !isSeparator(lines[top]!)) top--;
    const block = lines.slice(top + 1, at).map((l) => l.trimEnd());
    while (block.length && !block[0]!.trim()) block.shift();
    while (block.length && !block[block.length - 1]!.trim()) block.pop();
    const indent = Math.min(...block.filter((l) => l.trim()).map((l) => l.search(/\S/)));
    return cut(block.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n'), 1500);
  }

  /** Closes every open card of the window (its prompt is gone, or the window is). */
  closeAll(windowId: string): void {
    const open = this.hub.store.promptsOf(windowId);
    let left = open.length;
    for (const { target } of open) {
      this.hub.send(target, 'close prompt', () => this.close(target, windowId).finally(() => {
        if (--left === 0) this.answered.delete(windowId);
      }));
    }
  }

  private async close(target: string, windowId: string): Promise<void> {
    const { hub } = this;
    const record = hub.store.prompt(target, windowId);
    if (!record) return;
    const key = `${target}|${windowId}`;
    hub.store.setPrompt(target, null, windowId);
    const answered = this.answered.get(windowId);
    const card = this.cards.get(key) ?? { title: `${hub.sessionName(windowId)} needed input`, blocks: [] };
    this.cards.delete(key);
    const platform = hub.platformOf(target);
    const address = hub.addressOf(target);
    if (!platform || !address || !platform.canEdit) return;
    try {
      await platform.edit(address, record.message_id, closedPromptCard(card, answered ? `✅ Answered: ${answered}` : 'Prompt closed'));
    } catch (error) {
      hub.ctx.log.warn(`bridge: closing prompt card in ${target}: ${(error as Error).message}`);
    }
  }
}
