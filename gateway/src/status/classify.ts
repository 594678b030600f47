import type { WindowStatus } from './model';
import type { PaneReading } from './pane';

const SHELLS = new Set(['bash', 'zsh', 'fish', 'sh', 'dash', 'tcsh', 'csh', 'ksh', 'ash', 'busybox', 'nu', 'pwsh']);
/** ccgram's ACTIVITY_THRESHOLD: transcript output this recent means the turn is still running. */
export const ACTIVITY_WINDOW_MS = 10_000;
/** An assistant not running this long after its window was created never started. */
export const START_GRACE_MS = 8_000;
/**
 * A running assistant whose input prompt was never recognized counts as started this long after
 * its window was created (an unknown screen must not keep a window `starting` for ever).
 */
export const READY_GRACE_MS = 30_000;

export const isShell = (command: string) => SHELLS.has(command.replace(/^-/, '').split('/').pop() ?? '');

export interface StatusSignals {
  provider: string;
  /** false when the tmux window no longer exists. */
  exists: boolean;
  paneDead: boolean;
  /** `pane_current_command`: the shell again once the assistant has exited. */
  command: string;
  /** A job runs in front of the shell even though tmux names a shell (a `#!/bin/bash` script). */
  foregroundJob?: boolean;
  /** The assistant was seen running in this window (so a bare shell now means it exited). */
  agentSeen: boolean;
  /**
   * The assistant has drawn its input prompt, a dialog or a busy line in this window (false: it
   * runs but still loads, so keys typed now would land in whatever it draws first).
   */
  started?: boolean;
  pane: PaneReading | null;
  lastOutputMs?: number;
  /**
   * Last hook event for the window: Stop/SessionEnd end a turn, Notification may ask for
   * permission. `atMs` and `lastOutputMs` are when the events happened (the hook line's and the
   * transcript entries' own times), never when the gateway noticed them: both can be noticed in the
   * same poll, in either order.
   */
  lastHook?: { event: string; atMs: number; notificationType?: string; message?: string };
  /** When text or a key was last sent to the window through the gateway (it answers a prompt then on screen). */
  lastInputMs?: number;
  nowMs: number;
  /** When the window was created (its record's created_at). */
  createdMs?: number;
}

/**
 * One window's status from the pane, the process, hooks and transcript activity, strongest first:
 * dead (window or pane gone) → done (assistant exited to the shell, or never started: the shell
 * said why, or the grace time passed with the bare shell in front) → starting (the bare shell in
 * front before the assistant was ever seen, within the grace time) → interactive (a prompt on
 * screen, or a permission notification not yet followed by output or an answer) → working (spinner) → starting
 * (running, but neither its input prompt nor a dialog drawn yet) → working (output within 10 s
 * that no later Stop hook closed) → idle.
 */
export function classify(s: StatusSignals): WindowStatus {
  if (!s.exists || s.paneDead) return plain('dead', 'Dead');
  if (s.provider === 'shell') {
    if (s.command && (!isShell(s.command) || s.foregroundJob)) return plain('working', `Running ${s.command}`);
    return plain('idle', 'Idle');
  }
  const atShell = isShell(s.command) && !s.foregroundJob;
  const failure = s.pane?.failure ?? null;
  if (s.agentSeen && atShell) return plain('done', failure ? `Exited: ${failure}` : 'Done');
  if (!s.agentSeen && atShell && s.command) {
    if (failure) return plain('done', `Exited: ${failure}`);
    if (s.createdMs !== undefined && s.nowMs - s.createdMs >= START_GRACE_MS) return plain('done', 'Exited: the assistant did not start (see the pane)');
    // Typed into the shell but not running yet: not idle, since input now would reach the shell.
    return STARTING;
  }
  const prompt = s.pane?.prompt ?? null;
  if (prompt) {
    const what = prompt.question || prompt.type;
    return { status: 'interactive', display_label: `Waiting: ${what}`, interactive: true, prompt_state: prompt };
  }
  const hook = s.lastHook;
  const output = s.lastOutputMs ?? 0;
  // A permission notice stands until output or an answer follows it (its hook line may be read
  // only after the answer was sent).
  const answered = s.lastInputMs !== undefined && s.lastInputMs >= (hook?.atMs ?? 0);
  if (hook?.event === 'Notification' && hook.notificationType === 'permission_prompt' && hook.atMs >= output && !answered && !s.pane?.busy) {
    const question = hook.message ?? 'Permission requested';
    return { status: 'interactive', display_label: `Waiting: ${question}`, interactive: true, prompt_state: { type: 'permission', question, options: [], selected: null } };
  }
  if (s.pane?.busy) return plain('working', `Working: ${s.pane.busy}`);
  if (s.started === false && !(s.createdMs !== undefined && s.nowMs - s.createdMs >= READY_GRACE_MS)) return STARTING;
  const turnEnded = hook !== undefined && ['Stop', 'StopFailure', 'SessionEnd'].includes(hook.event) && hook.atMs >= output;
  if (output > 0 && s.nowMs - output < ACTIVITY_WINDOW_MS && !turnEnded) return plain('working', 'Working');
  return plain('idle', 'Idle');
}

/** What a window reports until its assistant is ready (classify's `starting`). */
export const STARTING: WindowStatus = plain('starting', 'Starting');

function plain(status: WindowStatus['status'], display_label: string): WindowStatus {
  return { status, display_label, interactive: false, prompt_state: null };
}

/** Two readings differ in anything a client would show. */
export const sameStatus = (a: WindowStatus | undefined, b: WindowStatus) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);
