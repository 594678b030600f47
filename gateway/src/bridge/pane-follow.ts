import type { Tmux } from '../tmux';

/** Lines of output kept from one command: tmux keeps 2000 lines of history by default. */
const MAX_LINES = 2000;
/** Where a pane's cursor is, counted from the oldest line of its history. */
const POSITION_FORMAT = '#{history_size} #{cursor_y}';
/** Reads of a scrolling pane tried before a poll gives up until the next one. */
const READ_ATTEMPTS = 3;

/**
 * Follows a shell window's output after a line was typed into it: the text from the line the
 * cursor was on when the input went in, to the cursor now. Positions are absolute (`history_size`
 * + `cursor_y`), so output that scrolled off the screen is still read back from the history.
 */
export class PaneFollower {
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = '';
  private quietSince = Date.now();
  private readonly started = Date.now();
  private polling = false;

  private constructor(
    private readonly tmux: Tmux,
    private readonly windowId: string,
    private readonly startLine: number,
    private readonly promptLine: string,
  ) {}

  /** Marks where the next output starts; call before typing. */
  static async mark(tmux: Tmux, windowId: string): Promise<PaneFollower> {
    const [history = 0, cursor = 0] = (await tmux.displayMessage(windowId, POSITION_FORMAT)).split(' ').map(Number);
    const { lines } = await captureLines(tmux, windowId, cursor, cursor);
    return new PaneFollower(tmux, windowId, history + cursor, (lines[0] ?? '').trimEnd());
  }

  /**
   * Polls every `pollMs` and calls `onText` when the output changed; stops by itself when the
   * output has not changed for `quietMs` and `busy()` says nothing runs any more, or after `maxMs`.
   */
  start(pollMs: number, onText: (text: string) => void, options: { busy: () => boolean; quietMs?: number; maxMs?: number; onEnd?: () => void }): void {
    const quietMs = options.quietMs ?? 2000;
    const maxMs = options.maxMs ?? 10 * 60_000;
    this.timer = setInterval(async () => {
      if (this.polling) return;
      this.polling = true;
      try {
        const text = await this.read();
        const now = Date.now();
        if (text === null) {
          // Output scrolled while it was read: more is coming, so the output is not quiet.
          this.quietSince = now;
        } else if (text !== this.last) {
          this.last = text;
          this.quietSince = now;
          onText(text);
        } else if ((now - this.quietSince >= quietMs && !options.busy()) || now - this.started >= maxMs) {
          this.stop();
          options.onEnd?.();
        }
      } catch {
        // The window is gone: nothing more will come.
        this.stop();
        options.onEnd?.();
      } finally {
        this.polling = false;
      }
    }, pollMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get running(): boolean { return this.timer !== null; }

  /**
   * The output since the mark, without the shell's fresh prompt at the end; null when the pane
   * kept scrolling while it was read. The position and the capture are two tmux calls: output that
   * scrolls in between shifts the captured range, which would then end at the newest line while
   * missing earlier ones. So the position is read again in the capture's own tmux call, and a
   * capture is only used when both readings agree.
   */
  async read(): Promise<string | null> {
    let position = (await this.tmux.displayMessage(this.windowId, POSITION_FORMAT)).trim();
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
      const [history = 0, cursor = 0] = position.split(' ').map(Number);
      const from = Math.max(this.startLine - history, -history, cursor - MAX_LINES);
      const { lines, after } = await captureLines(this.tmux, this.windowId, from, cursor, true);
      // Scrolled meanwhile: the position read after the capture is where the next try starts.
      if (after !== position) { position = after.trim(); continue; }
      while (lines.length && !lines[lines.length - 1]!.trim()) lines.pop();
      if (lines.length > 1 && this.promptLine.trim() && lines[lines.length - 1]!.trimEnd() === this.promptLine) lines.pop();
      return lines.join('\n');
    }
    return null;
  }
}

/**
 * Lines `from`..`to` of a pane (0 = the top of the screen, negative = history), wrapped lines
 * joined; with `position`, also the pane's position read by the same tmux command right after.
 */
async function captureLines(tmux: Tmux, windowId: string, from: number, to: number, position = false): Promise<{ lines: string[]; after: string }> {
  const args = ['capture-pane', '-p', '-J', '-t', windowId, '-S', String(from), '-E', String(to)];
  if (position) args.push(';', 'display-message', '-p', '-t', windowId, POSITION_FORMAT);
  const result = await tmux.client.tryExec(args);
  if (result.exitCode !== 0) throw new Error(result.stderr.trim() || 'capture-pane failed');
  const lines = result.stdout.replace(/\n$/, '').split('\n').map((l) => l.trimEnd());
  const after = position ? (lines.pop() ?? '') : '';
  return { lines, after };
}
