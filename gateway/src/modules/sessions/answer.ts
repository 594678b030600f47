import type { PromptState } from '../../events';
import type { GatewayContext } from '../../runtime';
import { readPane } from '../../status/pane';
import { MarkerDidNotMove, MarkerUnsettled, NoPromptWaiting, OptionNotOffered, PromptChanged } from '../common/errors';
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

/** How long the marker may take to reach the chosen option (a Feishu card callback must be answered within 3 s). */
const MARKER_WAIT_MS = 2_000;
const MARKER_POLL_MS = 50;
/** A move the screen has not shown after this long is taken as dropped and sent again from where the marker is. */
const MOVE_RESEND_MS = 750;
/** Added to the wait for a repeated move's twin (the screen is read by polling). */
const SETTLE_MARGIN_MS = 250;
/** After a move was sent again, the longest an answer waits for the marker to stay on the option. */
const SETTLE_CAP_MS = 2_700;

/**
 * Answers the prompt on a window's screen with option `option`, as a person at the terminal does:
 * the marker moves with Up/Down from the selected option, then Enter — keys sent through the same
 * per-window queue as `POST …/key`. The screen is read first, so a stale answer (the prompt was
 * answered or replaced meanwhile) is refused instead of pressing keys into whatever shows now.
 * Enter is pressed only once the screen shows the marker on the chosen option: a CLI still
 * mounting its menu drops keys, and an Enter after a dropped Down would confirm the option the
 * marker was on (a trust prompt's "No, exit", a permission prompt's "Yes"). A move that does not
 * show is sent again from where the marker is; a marker that never gets there confirms nothing.
 */
export function answerWindowPrompt(ctx: GatewayContext, windowId: string, option: number, expect: AnswerExpectation = {}): Promise<Answered> {
  // One answer at a time per window, each reading the screen after the one before has finished:
  // two answers that both read "marker on 1" and both send Down would, in a menu that wraps (Claude
  // Code's two-option trust prompt), take the marker back to 1 before either presses Enter.
  const queues = answering.get(ctx) ?? new Map<string, Promise<unknown>>();
  answering.set(ctx, queues);
  const before = queues.get(windowId) ?? Promise.resolve();
  const answered = before.then(() => answerNow(ctx, windowId, option, expect));
  // The next answer also waits (bounded) until this one's Enter has taken the prompt off the screen:
  // a CLI slow to read its Enter still shows the prompt, and an answer reading it then would press
  // keys into whatever comes next. The caller gets its reply at once.
  const done = answered.then((a) => untilPromptGone(ctx, windowId, a.signature), () => undefined).catch(() => undefined);
  queues.set(windowId, done);
  void done.then(() => { if (queues.get(windowId) === done) queues.delete(windowId); });
  return answered.then(({ question, option: chosen }) => ({ question, option: chosen }));
}

/**
 * A dialog younger than this is not answered with a move: an Ink CLI probes the terminal after its
 * first frame and, when the replies (or the probe's 2 s deadline) come, renders its tree again and
 * the dialog's marker goes back to its first option. A Down drawn before that, and an Enter read
 * after it, confirm that first option — Claude Code's trust prompt starts on "No, exit", a
 * permission prompt on "Yes". Measured from when the dialog was first seen (status board or the
 * answer's own read), so a dialog a person has looked at for a while is answered at once.
 */
const DIALOG_SETTLE_MS = 2_500;
/** After the marker reached the option, it must stay there this long (re-read every poll) before Enter. */
const HOLD_MS = 400;
/** How many times an answer moves the marker back after the CLI reset it, before it gives up. */
const MAX_RESETS = 3;

/** Window → the end of its last answer (and of the wait for its prompt to go), per gateway. */
const answering = new WeakMap<GatewayContext, Map<string, Promise<unknown>>>();
/** How long the next answer on a window waits for the prompt just answered to leave the screen. */
const GONE_WAIT_MS = 3_000;

async function untilPromptGone(ctx: GatewayContext, windowId: string, signature: string): Promise<void> {
  const until = Date.now() + GONE_WAIT_MS;
  while (Date.now() < until) {
    const prompt = readPane(await ctx.tmux.capturePane(windowId)).prompt;
    if (!prompt || promptSignature(prompt) !== signature) return;
    await Bun.sleep(MARKER_POLL_MS);
  }
}

async function answerNow(ctx: GatewayContext, windowId: string, option: number, expect: AnswerExpectation): Promise<Answered & { signature: string }> {
  const readAt = Date.now();
  let prompt = readPane(await ctx.tmux.capturePane(windowId)).prompt;
  if (!prompt || prompt.options.length === 0) throw new NoPromptWaiting();
  if ((expect.signature && promptSignature(prompt) !== expect.signature) || (expect.question !== undefined && expect.question !== prompt.question)) {
    throw new PromptChanged(prompt.question);
  }
  const chosen = prompt.options.find((o) => o.index === option);
  if (!chosen) throw new OptionNotOffered(option, prompt.options.length);
  const signature = promptSignature(prompt);
  const seen = ctx.statuses.get(windowId)?.dialog;
  const known = seen?.question === prompt.question ? seen : undefined;
  // A reset can only hurt an answer that is not the option the marker starts on.
  const startsOn = known ? known.firstSelected : prompt.selected;
  if (startsOn !== option || prompt.selected !== option) {
    const since = Math.min(readAt, known?.sinceMs ?? readAt);
    const wait = since + DIALOG_SETTLE_MS - Date.now();
    if (wait > 0) {
      await Bun.sleep(wait);
      prompt = readPane(await ctx.tmux.capturePane(windowId)).prompt;
      if (!prompt || promptSignature(prompt) !== signature) throw new PromptChanged(prompt?.question ?? '');
    }
  }
  if (prompt.selected === null || prompt.selected === undefined) {
    // No marker to read (the menu does not show one): move blind from the first option.
    await move(ctx, windowId, 1, option);
  } else {
    await markerHeld(ctx, windowId, prompt.question, prompt.selected, option);
    // The last look before Enter: the marker must still be on the option (nothing else sends keys
    // to an answer's window meanwhile, but the CLI may have redrawn its dialog).
    const last = readPane(await ctx.tmux.capturePane(windowId)).prompt;
    if (!last || last.question !== prompt.question) throw new PromptChanged(last?.question ?? '');
    if (last.selected !== option) throw new MarkerDidNotMove(option, last.selected ?? null);
  }
  ctx.statuses.noteInput(windowId);
  await ctx.tmux.sendKey(windowId, 'Enter');
  ctx.log.info(`answered "${prompt.question}" in ${windowId} with ${chosen.index}. ${chosen.label}`);
  return { question: prompt.question, option: chosen, signature };
}

/**
 * Moves the marker from `selected` to `option` and waits until it has stayed there HOLD_MS: a
 * marker that goes back (the CLI rendered its dialog again) is moved again, at most MAX_RESETS times.
 */
async function markerHeld(ctx: GatewayContext, windowId: string, question: string, selected: number, option: number): Promise<void> {
  let from = selected;
  for (let resets = 0; ; resets++) {
    if (from !== option) {
      await move(ctx, windowId, from, option);
      await markerOn(ctx, windowId, question, option);
    }
    const heldFrom = Date.now();
    let left: number | undefined;
    while (left === undefined && Date.now() - heldFrom < HOLD_MS) {
      await Bun.sleep(MARKER_POLL_MS);
      const now = readPane(await ctx.tmux.capturePane(windowId)).prompt;
      if (!now || now.question !== question) throw new PromptChanged(now?.question ?? '');
      if (now.selected !== option) left = now.selected ?? 1;
    }
    if (left === undefined) return;
    if (resets >= MAX_RESETS) throw new MarkerUnsettled(option);
    ctx.log.info(`answer in ${windowId}: the marker went back to ${left} (the CLI drew its dialog again); moving it again`);
    from = left;
  }
}

async function move(ctx: GatewayContext, windowId: string, from: number, to: number): Promise<void> {
  for (let i = 0; i < Math.abs(to - from); i++) await ctx.tmux.sendKey(windowId, to > from ? 'Down' : 'Up');
}

/**
 * Waits until the screen shows the marker on `option`, moving it again when a move was dropped.
 * A move that was only slow (a busy CLI reads its keys late) cannot be told from a dropped one, so
 * after a move was sent again the marker must also stay on the option for as long again as it took
 * to get there: the twin of a slow move lands about that long after the first, and in a menu that
 * wraps (Claude Code's two-option trust prompt) it takes the marker back to where it started.
 */
async function markerOn(ctx: GatewayContext, windowId: string, question: string, option: number): Promise<void> {
  const started = Date.now();
  let firstMoveAt = started;
  let lastMoveAt = started;
  let resent = false;
  let arrivedAt: number | null = null;
  for (;;) {
    await Bun.sleep(MARKER_POLL_MS);
    const now = readPane(await ctx.tmux.capturePane(windowId)).prompt;
    if (!now || now.question !== question) throw new PromptChanged(now?.question ?? '');
    const selected = now.selected ?? null;
    const at = Date.now();
    if (selected === option) {
      arrivedAt ??= at;
      if (!resent || at >= arrivedAt + (arrivedAt - firstMoveAt) + SETTLE_MARGIN_MS) return;
      if (at - started >= SETTLE_CAP_MS) throw new MarkerUnsettled(option);
      continue;
    }
    if (at - started >= MARKER_WAIT_MS) throw new MarkerDidNotMove(option, selected);
    if (selected === null) continue;
    if (arrivedAt !== null) {
      // It reached the option and left again (a twin landed; another may follow): move it back, and
      // wait again once it is there.
      arrivedAt = null;
      await move(ctx, windowId, selected, option);
      firstMoveAt = lastMoveAt = Date.now();
    } else if (at - lastMoveAt >= MOVE_RESEND_MS) {
      await move(ctx, windowId, selected, option);
      lastMoveAt = Date.now();
      resent = true;
    }
  }
}

/** POST /sessions/{channel_id}/answer */
export function answerPrompt(ctx: GatewayContext, channelId: string, body: AnswerBody): Promise<Answered> {
  return onWindow(ctx, channelId, (id) => answerWindowPrompt(ctx, id, body.option, { question: body.question }));
}
