/**
 * Where to cut `text` at most `at` UTF-16 units in: one unit earlier when `at` falls inside a
 * surrogate pair (an emoji, a rare CJK character), whose halves alone are not text the platforms
 * take (a lone surrogate cannot be sent as UTF-8).
 */
export function cutPoint(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return Math.max(0, Math.min(at, text.length));
  const before = text.charCodeAt(at - 1);
  return before >= 0xd800 && before <= 0xdbff ? at - 1 : at;
}

/** `text.slice(0, max)` that never splits a surrogate pair. */
export const cut = (text: string, max: number) => text.slice(0, cutPoint(text, max));
