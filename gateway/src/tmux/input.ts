import type { TmuxClient } from './client';
import { INPUT_LIMIT, InputTooLarge, InvalidInput, InvalidKey, RAW_LIMIT } from './errors';

export interface SendTextOptions {
  enter: boolean;
  literal: boolean;
  raw: boolean;
  /** Pause before Enter; assistants treat an Enter arriving with the text as a newline. */
  enterDelayMs: number;
}

const NAMED_KEYS = new Set([
  'Escape', 'Enter', 'Tab', 'BTab', 'BSpace', 'Space', 'Up', 'Down', 'Left', 'Right',
  'Home', 'End', 'PageUp', 'PageDown', 'PgUp', 'PgDn', 'DC', 'IC', 'Delete', 'Insert',
]);

/**
 * Key names the key endpoint accepts: named keys, C-x / M-x, F1–F12 and any single printable
 * character (`y`, `;`, `é`, `ж`: one code point that is no control, format or space character).
 */
export function isValidKey(key: string): boolean {
  return NAMED_KEYS.has(key) || /^[CM]-[a-z0-9\\\]\[]$/i.test(key) || /^F([1-9]|1[0-2])$/.test(key) || /^[^\p{C}\p{Z}]$/u.test(key);
}

export async function sendKey(tmux: TmuxClient, windowId: string, key: string): Promise<void> {
  if (!isValidKey(key)) throw new InvalidKey(key);
  // In tmux's argv an argument ending in `;` ends the command (`\;` is a literal one), so a lone
  // `;` key would be swallowed; no other key name accepted here ends in `;`.
  await tmux.exec(['send-keys', '-t', windowId, key === ';' ? '\\;' : key]);
}

/**
 * Sends text the way assistants accept it (README "REST API", Input): one line as literal keys,
 * several lines as a bracketed paste, then Enter as a separate key after a pause. `raw` hands the
 * text to tmux as key names with none of these workarounds.
 */
export async function sendText(tmux: TmuxClient, windowId: string, text: string, options: SendTextOptions): Promise<void> {
  // A NUL cannot travel in a tmux command, and no terminal program expects one.
  if (text.includes('\0')) throw new InvalidInput('text contains a NUL character');
  const bytes = Buffer.byteLength(text);
  const limit = options.raw || !options.literal ? RAW_LIMIT : INPUT_LIMIT;
  if (bytes > limit) throw new InputTooLarge(bytes, limit);
  if (options.raw) {
    if (text) await tmux.execPrivate(['send-keys', '-t', windowId, '--', text]);
    if (options.enter) await tmux.exec(['send-keys', '-t', windowId, 'Enter']);
    return;
  }
  // Several lines, or a very long line, go through a tmux buffer.
  if (text.includes('\n') || (options.literal && bytes > RAW_LIMIT)) {
    await pasteText(tmux, windowId, text);
  } else if (text) {
    // Privately, like every text: what users type (a password at a prompt) is not for `ps`.
    await tmux.execPrivate(['send-keys', '-t', windowId, ...(options.literal ? ['-l'] : []), '--', text]);
  }
  if (!options.enter) return;
  if (text && options.enterDelayMs > 0) await Bun.sleep(options.enterDelayMs);
  await tmux.exec(['send-keys', '-t', windowId, 'Enter']);
}

async function pasteText(tmux: TmuxClient, windowId: string, text: string): Promise<void> {
  const buffer = `agentgw-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  await tmux.exec(['load-buffer', '-b', buffer, '-'], text);
  // -p: bracketed paste when the program asked for it; -d: delete the buffer afterwards.
  await tmux.exec(['paste-buffer', '-p', '-d', '-b', buffer, '-t', windowId]);
}
