import { screenLines } from './lines';
import type { PromptState } from './model';
import { findPrompt } from './prompt';
import { findSpinner, inputBoxTop } from './spinner';

export interface PaneReading {
  prompt: PromptState | null;
  /** Busy status line text (e.g. `Hullaballooing…`), or `Working` from a footer hint. */
  busy: string | null;
  /** The shell's last word on a command that failed to start or died (`claude: command not found`). */
  failure?: string | null;
}

// What a shell prints when the command it was typed cannot start, or a signal killed it.
const FAILURE = /(command not found|: not found|No such file or directory|Permission denied|Segmentation fault|core dumped|^Aborted|^Killed|Exec format error)/;

/** The last line of the screen that says the command failed, without the shell's `bash: line 1: ` prefix. */
export function startFailure(lines: readonly string[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line && FAILURE.test(line)) return line.replace(/^(-?[\w./-]*sh|zsh|fish): (line \d+: )?/, '');
  }
  return null;
}

/** Everything the visible screen says about the assistant's state. */
export function readPane(pane: string): PaneReading {
  const lines = screenLines(pane);
  const failure = startFailure(lines.slice(-12));
  const prompt = findPrompt(lines);
  if (prompt) return reading(prompt, null, failure);
  const spinner = findSpinner(lines);
  if (spinner) return reading(null, spinner.label || 'Working', failure);
  // Claude's footer below its input box says `esc to interrupt` while a turn runs.
  const top = inputBoxTop(lines);
  const footer = top === null ? [] : lines.slice(top + 1).filter((l) => !/^\s*❯/.test(l));
  if (footer.some((l) => /esc to interrupt/i.test(l))) return reading(null, 'Working', failure);
  return reading(null, null, failure);
}

/** `failure` only when the shell reported one, so a plain reading stays `{prompt, busy}`. */
function reading(prompt: PromptState | null, busy: string | null, failure: string | null): PaneReading {
  return failure ? { prompt, busy, failure } : { prompt, busy };
}
