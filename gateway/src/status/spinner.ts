import { isSeparator } from './lines';

/** Spinner glyphs Claude Code cycles through, plus braille frames older versions and Gemini use. */
const SPINNER_START = /^[·✻✽✶✳✢*●◐◓◑◒⏺]|^[\u2800-\u28ff]/u;
const EXCLUDED_START = /^[─━│┃╭╮╰╯>|+<=~❯›⎿]/;
/** Claude: `✢ Hullaballooing… (31s · ↓ 834 tokens)`; a finished turn reads `✻ Brewed for 3s` (no ellipsis). */
const CLAUDE_BUSY = /^\S\s+\S.*?(…|\.\.\.)/u;
/** Codex `• Working (12s • esc to interrupt)`, Gemini `⠏ Thinking… (esc to cancel, 5s)`. */
const CODEX_GEMINI_BUSY = /\((\d+[hms][^)]*[•·]\s*)?esc to (interrupt|cancel)[^)]*\)/i;

export interface SpinnerReading {
  /** The status line, e.g. `Hullaballooing…`, without its glyph and timer. */
  label: string;
}

/**
 * Finds a busy status line. Claude draws it a few lines above its input box (scrollback keeps
 * older, finished ones, so only the region just above the box counts, never the history);
 * Codex and Gemini draw theirs with an `esc to interrupt/cancel` timer.
 */
export function findSpinner(lines: string[]): SpinnerReading | null {
  const boxTop = inputBoxTop(lines);
  if (boxTop !== null) {
    for (let i = boxTop - 1, seen = 0; i >= 0 && seen < 4; i--) {
      const text = lines[i]!.trim();
      if (!text || text.startsWith('⎿') || /^\s{20,}\S/.test(lines[i]!)) continue;
      seen++;
      if (SPINNER_START.test(text) && !EXCLUDED_START.test(text) && CLAUDE_BUSY.test(text)) return { label: labelOf(text) };
    }
  }
  const tail = lines.slice(-12);
  for (let i = tail.length - 1; i >= 0; i--) {
    const text = tail[i]!.trim();
    if (CODEX_GEMINI_BUSY.test(text) && !/^[─━]/.test(text)) return { label: labelOf(text) };
  }
  return null;
}

/** Top separator of the input box: the upper of the last two separators near the bottom. */
export function inputBoxTop(lines: string[]): number | null {
  const found: number[] = [];
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 12) && found.length < 2; i--) {
    if (isSeparator(lines[i]!)) found.push(i);
  }
  return found.length === 2 ? found[1]! : null;
}

function labelOf(text: string): string {
  return text
    .replace(/^\S\s+/u, '')
    .replace(/\s*\(.*$/, '')
    .trim();
}
