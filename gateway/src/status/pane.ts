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
// A signal report: bash's words for the signal, maybe "(core dumped)". An interactive shell prints
// it where the assistant left its cursor, so it may sit inside what the assistant drew on that line
// ("❯ Killed", "Killedexit"): only the words count, and only near the bottom, where the shell's new
// prompt is (below it, the assistant's old footer may still show).
const SIGNAL = /(?:^|[^A-Za-z])(Segmentation fault|Killed|Aborted|Bus error|Illegal instruction|Floating point exception|Terminated)(\s*\(core dumped\))?/;
const SIGNAL_LINES = 5;

/** The last line of the screen that says the command failed, without the shell's `bash: line 1: ` prefix. */
export function startFailure(lines: readonly string[]): string | null {
  const filled = lines.map((l) => l.trim()).filter(Boolean);
  for (const line of filled.slice(-SIGNAL_LINES).reverse()) {
    const signal = SIGNAL.exec(line);
    if (signal) return `${signal[1]}${signal[2] ? ' (core dumped)' : ''}`;
  }
  for (let i = filled.length - 1; i >= 0; i--) {
    const line = filled[i]!;
    if (FAILURE.test(line)) return line.replace(/^(-?[\w./-]*sh|zsh|fish): (line \d+: )?/, '');
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
