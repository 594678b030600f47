import type { TmuxClient } from './client';
import { isMissingTarget } from './client';
import { TmuxError, WindowNotFound } from './errors';

export interface CaptureOptions {
  /** Keep SGR colour escapes (`-e`), for renderers. */
  escapes?: boolean;
  /** Lines of scrollback to include above the visible screen; 0 = visible screen only. */
  history?: number;
}

/** The pane's text: the visible screen by default, trailing blank lines trimmed. */
export async function capturePane(tmux: TmuxClient, windowId: string, options: CaptureOptions = {}): Promise<string> {
  const args = ['capture-pane', '-p', '-t', windowId];
  if (options.escapes) args.push('-e');
  if (options.history) args.push('-S', String(-options.history));
  const result = await tmux.tryExec(args);
  if (result.exitCode !== 0) {
    if (isMissingTarget(result.stderr)) throw new WindowNotFound(windowId);
    throw new TmuxError('capture-pane', result.stderr, result.exitCode);
  }
  return result.stdout.replace(/\n+$/, '\n');
}

/** A tmux format evaluated for a target, e.g. `#{pane_width} #{pane_height}`. */
export async function displayMessage(tmux: TmuxClient, target: string, format: string): Promise<string> {
  const result = await tmux.tryExec(['display-message', '-p', '-t', target, format]);
  if (result.exitCode !== 0) {
    if (isMissingTarget(result.stderr)) throw new WindowNotFound(target);
    throw new TmuxError('display-message', result.stderr, result.exitCode);
  }
  return result.stdout.replace(/\n$/, '');
}

export interface Screen {
  /** The visible rows with their SGR colour escapes, exactly `height` of them. */
  rows: string[];
  width: number;
  height: number;
  cursor: { x: number; y: number; visible: boolean };
}

const SCREEN_FORMAT = '#{pane_width} #{pane_height} #{cursor_x} #{cursor_y} #{cursor_flag}';

/** The visible screen with colours, its size and the cursor, in one tmux call (for live views). */
export async function captureScreen(tmux: TmuxClient, windowId: string): Promise<Screen> {
  const result = await tmux.tryExec(['display-message', '-p', '-t', windowId, SCREEN_FORMAT, ';', 'capture-pane', '-p', '-e', '-t', windowId]);
  if (result.exitCode !== 0) {
    if (isMissingTarget(result.stderr)) throw new WindowNotFound(windowId);
    throw new TmuxError('capture-pane', result.stderr, result.exitCode);
  }
  const newline = result.stdout.indexOf('\n');
  const [width = 0, height = 0, x = 0, y = 0, flag = 1] = result.stdout.slice(0, newline).split(' ').map(Number);
  const rows = result.stdout.slice(newline + 1).split('\n').slice(0, height);
  while (rows.length < height) rows.push('');
  return { rows, width, height, cursor: { x, y, visible: flag !== 0 } };
}
