import type { GatewayContext } from '../runtime/types';

/** Lines of output kept from one command: tmux keeps 2000 lines of history by default. */
const MAX_LINES = 2000;

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
    private readonly ctx: GatewayContext,
    private readonly windowId: string,
    private readonly startLine: number,
    private readonly promptLine: string,
  ) {}

  /** Marks where the next output starts; call before typing. */
  static async mark(ctx: GatewayContext, windowId: string): Promise<PaneFollower> {
    const [history = 0, cursor = 0] = (await ctx.tmux.displayMessage(windowId, '#{history_size} #{cursor_y}')).split(' ').map(Number);
    const line = await captureLines(ctx, windowId, cursor, cursor);
    return new PaneFollower(ctx, windowId, history + cursor, (line[0] ?? '').trimEnd());
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
        if (text !== this.last) {
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

  /** The output since the mark, without the shell's fresh prompt at the end. */
  async read(): Promise<string> {
    const [history = 0, cursor = 0] = (await this.ctx.tmux.displayMessage(this.windowId, '#{history_size} #{cursor_y}')).split(' ').map(Number);
    const from = Math.max(this.startLine - history, -history, cursor - MAX_LINES);
    const lines = await captureLines(this.ctx, this.windowId, from, cursor);
    while (lines.length && !lines[lines.length - 1]!.trim()) lines.pop();
    if (lines.length > 1 && this.promptLine.trim() && lines[lines.length - 1]!.trimEnd() === this.promptLine) lines.pop();
    return lines.join('\n');
  }
}

/** Lines `from`..`to` of a pane (0 = the top of the screen, negative = history), wrapped lines joined. */
async function captureLines(ctx: GatewayContext, windowId: string, from: number, to: number): Promise<string[]> {
  const result = await ctx.tmux.client.tryExec(['capture-pane', '-p', '-J', '-t', windowId, '-S', String(from), '-E', String(to)]);
  if (result.exitCode !== 0) throw new Error(result.stderr.trim() || 'capture-pane failed');
  return result.stdout.replace(/\n$/, '').split('\n').map((l) => l.trimEnd());
}
