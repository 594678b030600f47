import { cut, escapeControls } from '@devhub/shared/text';

/**
 * Text that a client or a bot chose (a join name, a bot's answer, its error), as it may appear in
 * the server's log: cut to `max` characters and written as a JSON string, with the C1 controls
 * and line separators JSON leaves alone escaped too. A newline in it cannot start a log line of
 * its own (a forged entry such as `[mahjong] ✔ admin token rotated`), a terminal escape cannot
 * act, and a long text cannot flood the log.
 */
export function logText(text: string, max = 200): string {
  // JSON.stringify escapes the C0 controls; escapeControls the rest.
  return escapeControls(JSON.stringify(text.length > max ? `${cut(text, max)}…` : text));
}
