import type { TmuxClient } from './client';
import { escapeFormat } from './format';

export interface CreateWindowOptions {
  name: string;
  cwd: string;
  width: number;
  height: number;
  /** Typed into the window's shell after creation; empty leaves the bare shell. */
  command: string;
  /** Stored on the window as tmux user options so a restarted gateway can re-adopt it. */
  provider: string;
  mode: string;
  env?: Record<string, string>;
}

/**
 * Characters tmux treats specially in targets, control characters and invisible format characters
 * (bidi overrides such as U+202E, which would turn the console's own text after the name around)
 * become '-'.
 */
export function sanitizeWindowName(name: string): string {
  // biome-ignore lint: control characters are exactly what we strip
  const clean = name.replace(/[\x00-\x1f\x7f:.]|\p{Cc}|\p{Cf}/gu, '-').trim();
  return clean.slice(0, 64) || 'session';
}

/** `base`, or `base-2`, `base-3`… whichever is not taken. */
export function dedupeName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * Creates a detached window of the fixed size in `cwd` running the default shell, then types the
 * launch command: when the assistant exits the shell remains, which is how "done" is told apart
 * from "dead" (window gone).
 */
export async function createWindow(tmux: TmuxClient, options: CreateWindowOptions): Promise<string> {
  const envArgs = Object.entries(options.env ?? {}).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  // Privately: the -e values are API tokens (README "What reaches a window").
  const out = await tmux.execPrivate([
    'new-window', '-d', '-t', `=${tmux.target.session}:`, '-n', escapeFormat(options.name), '-c', escapeFormat(options.cwd),
    ...envArgs, '-P', '-F', '#{window_id}',
  ]);
  const windowId = out.trim();
  // Fixed size so prompts don't wrap (six-ddc/ccbot#46); resize-window also sets window-size manual,
  // so an attaching client does not shrink it.
  await tmux.exec(['resize-window', '-t', windowId, '-x', String(options.width), '-y', String(options.height)]);
  // The assistant would otherwise rename the window to whatever it runs.
  await tmux.exec(['set-option', '-w', '-t', windowId, 'automatic-rename', 'off']);
  await tmux.exec(['set-option', '-w', '-t', windowId, '@agentgw_provider', options.provider]);
  await tmux.exec(['set-option', '-w', '-t', windowId, '@agentgw_mode', options.mode]);
  if (options.command) {
    await waitForPrompt(tmux, windowId);
    await tmux.execPrivate(['send-keys', '-t', windowId, '-l', '--', options.command]);
    await tmux.exec(['send-keys', '-t', windowId, 'Enter']);
  }
  return windowId;
}

/**
 * Waits (bounded) until the shell has drawn something, normally its prompt. Text typed before that
 * is echoed by the terminal ahead of the prompt, and a shell that reads its rc files slowly (or
 * clears the screen) may drop or garble it. A shell with an empty prompt just costs the bound.
 */
export async function waitForPrompt(tmux: TmuxClient, windowId: string, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { stdout, exitCode } = await tmux.tryExec(['display-message', '-p', '-t', windowId, '#{cursor_x},#{cursor_y}']);
    if (exitCode !== 0) return false; // the window went away: the caller's send-keys reports it
    const [x, y] = stdout.trim().split(',').map(Number);
    if ((x ?? 0) > 0 || (y ?? 0) > 0) return true;
    if (Date.now() >= deadline) return false;
    await Bun.sleep(25);
  }
}
