/**
 * Client-chosen text on its way into a log line or a chat message: cut without splitting a
 * surrogate pair, and control characters written as escapes.
 */

/**
 * Where to cut `text` at most `at` UTF-16 units in: one unit earlier when `at` falls inside a
 * surrogate pair (an emoji, a rare CJK character), whose halves alone are not text (a lone
 * surrogate cannot be sent as UTF-8).
 */
export function cutPoint(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return Math.max(0, Math.min(at, text.length));
  const before = text.charCodeAt(at - 1);
  return before >= 0xd800 && before <= 0xdbff ? at - 1 : at;
}

/** `text.slice(0, max)` that never splits a surrogate pair. */
export const cut = (text: string, max: number): string => text.slice(0, cutPoint(text, max));

/**
 * C0 and C1 controls, DEL and the line separators as `\uXXXX`: a newline in a client's text
 * cannot start a log line of its own (a forged entry), nor a terminal escape act.
 */
export const escapeControls = (text: string): string =>
  text.replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
