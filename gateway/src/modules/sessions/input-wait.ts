import { AppError } from '@devhub/shared';
import type { GatewayContext } from '../../runtime';

/**
 * How long input waits for an assistant that is still starting. Below the HTTP server's idle
 * timeout (10 s), so a waiting REST request is answered, never cut off.
 */
export const INPUT_START_WAIT_MS = 8_000;

export class AssistantStarting extends AppError {
  constructor(windowId: string, waitedMs: number) {
    super('ASSISTANT_STARTING', 409, `The assistant in window ${windowId} is still starting (no input prompt after ${Math.round(waitedMs / 1000)} s); nothing was sent, send it again`);
  }
}

export class DialogFirst extends AppError {
  constructor(windowId: string, question: string) {
    super('DIALOG_PENDING', 409, `The assistant in window ${windowId} opened a dialog while starting (${question || 'a prompt'}); nothing was sent: answer it first (…/answer or …/key)`);
  }
}

export class EndedWhileStarting extends AppError {
  constructor(windowId: string, label: string) {
    super('ASSISTANT_ENDED', 409, `The assistant in window ${windowId} ended while starting (${label}); nothing was sent`);
  }
}

/**
 * Holds input for an assistant window that is starting until it draws its input prompt (bounded
 * by INPUT_START_WAIT_MS), so typed text never lands in a loading screen or in the dialog drawn
 * next (a trust prompt's "No, exit"). A dialog drawn meanwhile refuses the input; a window that is
 * not starting is not held. Without a status poller nothing is known, and nothing waits.
 */
export async function untilAcceptsInput(ctx: GatewayContext, windowId: string, waitMs = INPUT_START_WAIT_MS): Promise<void> {
  const record = ctx.store.window(windowId);
  if (!ctx.statuses.tracking || !record || record.provider === 'shell') return;
  // No status yet: the window is younger than the poller's first look at it.
  const starting = (status: string | undefined) => status === undefined || status === 'starting';
  if (!starting(ctx.statuses.get(windowId)?.status.status)) return;
  const { entry, timedOut } = await ctx.statuses.until(windowId, (e) => !starting(e?.status.status), waitMs);
  if (timedOut) throw new AssistantStarting(windowId, waitMs);
  // Forgotten meanwhile: the window is gone, which the tmux action then reports.
  if (!entry) return;
  if (entry.status.status === 'interactive') throw new DialogFirst(windowId, entry.status.prompt_state?.question ?? '');
  if (entry.status.status === 'done' || entry.status.status === 'dead') throw new EndedWhileStarting(windowId, entry.status.display_label);
}
