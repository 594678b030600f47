import type { TmuxClient } from './client';
import { isMissingTarget } from './client';
import { TmuxError } from './errors';
import { escapeFormat } from './format';
import { type Delimiters, delimiters, recordFormat, splitRecords } from './records';

/** The placeholder window that keeps the session alive when every gateway window is gone. */
export const PLACEHOLDER_WINDOW = '__main__';

export interface WindowInfo {
  window_id: string;
  window_name: string;
  pane_pid: number;
  pane_dead: boolean;
  /** e.g. `bash` when the assistant has exited back to the shell. */
  pane_current_command: string;
  pane_current_path: string;
  width: number;
  height: number;
  /** When tmux last saw output in the window (epoch seconds). */
  window_activity: number;
  /** Gateway metadata stored on the window (tmux user options), empty when absent. */
  provider: string;
  mode: string;
}

const FIELDS = [
  '#{window_id}', '#{pane_pid}', '#{pane_dead}', '#{pane_current_command}', '#{pane_current_path}',
  '#{window_width}', '#{window_height}', '#{window_activity}', '#{@agentgw_provider}', '#{@agentgw_mode}', '#{window_name}',
];

/** The windows in `list-windows` output printed with `recordFormat(FIELDS, d)`. */
export function parseWindowList(stdout: string, d: Delimiters): WindowInfo[] {
  return splitRecords(stdout, d, FIELDS.length, 'list-windows').map((fields) => {
    const [id, pid, dead, command, path, width, height, activity, provider, mode, name] = fields as string[];
    if (!id?.startsWith('@')) throw new TmuxError('list-windows', `unreadable window id ${JSON.stringify(id)}`, 0);
    return {
      window_id: id,
      pane_pid: Number(pid) || 0,
      pane_dead: dead === '1',
      pane_current_command: command ?? '',
      pane_current_path: path ?? '',
      width: Number(width) || 0,
      height: Number(height) || 0,
      window_activity: Number(activity) || 0,
      provider: provider ?? '',
      mode: mode ?? '',
      window_name: name ?? '',
    };
  });
}

export async function hasSession(tmux: TmuxClient): Promise<boolean> {
  const result = await tmux.tryExec(['has-session', '-t', `=${tmux.target.session}`]);
  return result.exitCode === 0;
}

/**
 * Creates the dedicated session (detached) if it does not exist yet. A server still shutting down
 * after its last session was killed makes `new-session` fail for a moment; that is retried.
 */
export async function ensureSession(tmux: TmuxClient, size: { width: number; height: number }): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await hasSession(tmux)) return;
    const result = await tmux.tryExec([
      'new-session', '-d', '-s', escapeFormat(tmux.target.session), '-n', PLACEHOLDER_WINDOW,
      '-x', String(size.width), '-y', String(size.height),
    ]);
    // Another caller may have created it between the check and here.
    if (result.exitCode === 0 || /duplicate session/i.test(result.stderr)) return;
    if (attempt >= 5) throw new TmuxError('new-session', result.stderr, result.exitCode);
    await Bun.sleep(50 * attempt);
  }
}

/**
 * Gateway windows of the session (the placeholder excluded); empty when the session is gone. Output
 * that cannot be read is a TmuxError, never a window left out: callers take a missing window for dead.
 */
export async function listWindows(tmux: TmuxClient): Promise<WindowInfo[]> {
  const d = delimiters();
  const result = await tmux.tryExec(['list-windows', '-t', `=${tmux.target.session}`, '-F', recordFormat(FIELDS, d)]);
  if (result.exitCode !== 0) {
    if (isMissingTarget(result.stderr)) return [];
    throw new TmuxError('list-windows', result.stderr, result.exitCode);
  }
  return parseWindowList(result.stdout, d).filter((w) => w.window_name !== PLACEHOLDER_WINDOW);
}

export async function findWindow(tmux: TmuxClient, windowId: string): Promise<WindowInfo | null> {
  return (await listWindows(tmux)).find((w) => w.window_id === windowId) ?? null;
}

/** Kills a window; returns whether one was killed (false when it was already gone). */
export async function killWindow(tmux: TmuxClient, windowId: string): Promise<boolean> {
  const result = await tmux.tryExec(['kill-window', '-t', windowId]);
  if (result.exitCode === 0) return true;
  if (isMissingTarget(result.stderr)) return false;
  throw new TmuxError('kill-window', result.stderr, result.exitCode);
}

/** Stops the whole tmux server of this socket (tests and `--socket` setups only). */
export async function killServer(tmux: TmuxClient): Promise<void> {
  await tmux.tryExec(['kill-server']);
}
