import { screenLines } from './lines';
import type { PromptState } from './model';
import { findPrompt } from './prompt';
import { findSpinner, inputBoxTop } from './spinner';

export interface PaneReading {
  prompt: PromptState | null;
  /** Busy status line text (e.g. `Hullaballooing…`), or `Working` from a footer hint. */
  busy: string | null;
}

/** Everything the visible screen says about the assistant's state. */
export function readPane(pane: string): PaneReading {
  const lines = screenLines(pane);
  const prompt = findPrompt(lines);
  if (prompt) return { prompt, busy: null };
  const spinner = findSpinner(lines);
  if (spinner) return { prompt: null, busy: spinner.label || 'Working' };
  // Claude's footer below its input box says `esc to interrupt` while a turn runs.
  const top = inputBoxTop(lines);
  const footer = top === null ? [] : lines.slice(top + 1).filter((l) => !/^\s*❯/.test(l));
  if (footer.some((l) => /esc to interrupt/i.test(l))) return { prompt: null, busy: 'Working' };
  return { prompt: null, busy: null };
}
