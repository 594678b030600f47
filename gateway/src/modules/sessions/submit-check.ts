import { sleepUnlessAborted } from '@devhub/shared/timers';
import type { GatewayContext } from '../../runtime';
import { typedInInputBox } from '../../status/input-prompt';

/** How often, and how many times, to look whether a typed line was submitted (see pressEnterIfStuck). */
export const SUBMIT_CHECK_MS = 1000;
export const SUBMIT_CHECKS = 20;

/** Whether a line typed with Enter is worth watching: one line of text for an assistant (a shell runs what it gets). */
export function needsSubmitCheck(provider: string | undefined, text: string, enter: boolean, raw: boolean): boolean {
  return enter && !raw && provider !== undefined && provider !== 'shell' && text.trim() !== '' && !text.includes('\n');
}

/**
 * An assistant that is still settling after start (Claude Code right after its trust prompt) takes
 * the typed text but drops the Enter: the line then sits in its input box and nothing happens.
 * While it is seen there (checked every SUBMIT_CHECK_MS, SUBMIT_CHECKS times, until the assistant
 * is seen working), Enter is pressed once more, as a person would.
 */
export async function pressEnterIfStuck(ctx: GatewayContext, windowId: string, text: string, signal: AbortSignal): Promise<void> {
  for (let check = 0; check < SUBMIT_CHECKS; check++) {
    await sleepUnlessAborted(SUBMIT_CHECK_MS, signal);
    // Working: the line went in, or it came while a turn ran and the assistant queues it.
    if (signal.aborted || ctx.statuses.get(windowId)?.status.status === 'working') return;
    const screen = await ctx.tmux.capturePane(windowId).catch(() => null);
    // The window is gone: nothing to submit any more.
    if (screen === null) return;
    if (typedInInputBox(screen) !== text.trim() || signal.aborted) continue;
    ctx.log.info(`the line typed into ${windowId} is still in its input box; pressing Enter again`);
    await ctx.tmux.sendKey(windowId, 'Enter');
  }
}
