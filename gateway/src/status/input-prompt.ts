import { screenLines } from './lines';
import { inputBoxTop } from './spinner';

const PI_USAGE = /\d+(\.\d+)?%\/\d+k\b/;

/** A line of a braille-drawn logo (Codex's animated splash). */
const BRAILLE_ART = /[\u2800-\u28ff]{6,}/u;

/** The marker an input line starts with: Claude's `❯`, Codex's `›`, Gemini's `>`. */
const INPUT_MARKER = /^\s*[❯>›]/u;

/** Footers drawn under an input line: Codex (`? for shortcuts`, `… context left`), Gemini, Pi. */
const FOOTER = /\? for shortcuts|\d+% context left|Type your message|esc to interrupt/i;

/**
 * The assistant has drawn the line the user types into: Claude Code's `❯` between the two rules of
 * its input box, Codex's `› …` over its footer, Gemini's `> Type your message`, or Pi's editor (a
 * box of rules with its status line under it). Until then a window is starting: keys typed now
 * would reach a loading screen or the dialog drawn next.
 */
export function hasInputPrompt(pane: string): boolean {
  const lines = screenLines(pane);
  // A logo still on screen is a loading screen, even with an input line under it: Codex takes text
  // there but only queues it ("Waiting for startup") until its real screen is drawn.
  if (lines.filter((l) => BRAILLE_ART.test(l)).length >= 4) return false;
  const top = inputBoxTop(lines);
  if (top !== null) {
    const inside = lines.slice(top + 1);
    if (inside.some((l) => INPUT_MARKER.test(l))) return true;
    // Pi: a bare editor between the rules, its usage line (`0.0%/200k`) below them.
    if (inside.some((l) => PI_USAGE.test(l))) return true;
  }
  const bottom = lines.slice(-10);
  if (bottom.some((l) => /Type your message/i.test(l))) return true;
  return bottom.some((l) => /^\s*[›❯>]\s/u.test(l)) && bottom.some((l) => FOOTER.test(l));
}

/** The text typed in Claude Code's input box (the line under its top rule, marker dropped), or null with no box drawn. */
export function typedInInputBox(pane: string): string | null {
  const lines = screenLines(pane);
  const top = inputBoxTop(lines);
  if (top === null) return null;
  return (lines[top + 1] ?? '').replace(INPUT_MARKER, '').trim();
}
