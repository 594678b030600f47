import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { type Typed, typedFromTerminal } from './keys';

/**
 * The live view of one pane: an xterm.js terminal drawn from `pane.output` frames (sized like the
 * tmux window) whose keystrokes go back as input and keys. Typing is serialised so keys arrive in
 * order even when each is a separate request.
 */
export class TerminalView {
  readonly term: Terminal;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(container: HTMLElement, private readonly send: (typed: Typed) => Promise<unknown>) {
    this.term = new Terminal({
      cols: 80, rows: 24, fontSize: window.innerWidth < 700 ? 11 : 13, scrollback: 0, cursorBlink: true, convertEol: false,
      fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, monospace',
      theme: { background: '#101418' },
    });
    this.term.open(container);
    this.term.onData((data) => this.type(data));
  }

  /** Applies one `pane.output` frame, resizing to the pane first. */
  write(frame: { data: string; cols: number; rows: number; full: boolean }): void {
    if (frame.cols > 0 && frame.rows > 0 && (frame.cols !== this.term.cols || frame.rows !== this.term.rows)) this.term.resize(frame.cols, frame.rows);
    this.term.write(frame.data);
  }

  type(data: string): void {
    for (const typed of typedFromTerminal(data)) {
      this.queue = this.queue.then(() => this.send(typed)).catch((error) => console.warn('typing failed:', (error as Error).message));
    }
  }

  clear(): void {
    this.term.reset();
  }

  focus(): void {
    this.term.focus();
  }

  /** The visible screen as text (tests and copy). */
  text(): string {
    const buffer = this.term.buffer.active;
    return Array.from({ length: this.term.rows }, (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '').join('\n');
  }
}
