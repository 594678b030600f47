/**
 * One TCP client of the classic mjai server: JSON lines both ways. Before it joins a room it is
 * read line by line by the server (the handshake); once seated it is a `BotTransport`, answering
 * each event with one line. Writes are queued across short writes (the socket's `drain`).
 */
import type { Socket } from 'bun';
import { BotFailure, type BotTransport, LineQueue, MAX_LINE_BYTES } from '../transport';

/** Events after which the classic client sends nothing (it leaves, or the game is over). */
const NO_ANSWER = new Set(['end_game', 'error']);

export class MjsonpConnection implements BotTransport {
  label: string;
  readonly lines: LineQueue;
  /** Still counted among the server's open connections (cleared once when the socket goes). */
  counted = true;
  /** The key it is counted under for the per-client limit (null: not counted). */
  clientKey: string | null = null;
  private buf = '';
  private out = '';
  private closed = false;
  private ending = false;
  private readonly decoder = new TextDecoder();

  constructor(private readonly socket: Socket<MjsonpConnection>, readonly remote: string) {
    this.label = `client ${remote}`;
    this.lines = new LineQueue(this.label);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Bytes from the socket: complete lines go to the queue. */
  receive(chunk: Uint8Array): void {
    if (this.lines.overflowed) return;
    this.buf += this.decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = this.buf.indexOf('\n')) >= 0) {
      const line = this.buf.slice(0, nl).trim();
      this.buf = this.buf.slice(nl + 1);
      if (line) this.lines.push(line);
    }
    if (this.buf.length > MAX_LINE_BYTES) this.lines.overflow(`${this.label} sent a line longer than ${MAX_LINE_BYTES} bytes`);
    // Too much input: nothing more is read or kept, and the client is told why as it is closed.
    if (this.lines.overflowed) {
      this.buf = '';
      this.send({ type: 'error', message: this.lines.overflowed });
      this.end();
    }
  }

  send(message: unknown): void {
    if (this.closed || this.ending) return;
    this.out += `${JSON.stringify(message)}\n`;
    this.flush();
  }

  /** Writes what the socket takes now; the rest waits for `drain`. */
  flush(): void {
    if (this.closed) return;
    if (this.out) {
      const n = this.socket.write(this.out);
      this.out = n >= this.out.length ? '' : this.out.slice(Math.max(0, n));
    }
    if (!this.out && this.ending) {
      this.closed = true;
      this.socket.end();
    }
  }

  /** The socket is gone (the server's close handler). */
  gone(): void {
    this.closed = true;
    this.ending = true;
    this.lines.fail(new BotFailure('crash', `${this.label} has disconnected`));
  }

  async exchange(line: string, timeoutMs: number): Promise<string> {
    if (this.closed) throw new BotFailure('crash', `${this.label} has disconnected`);
    this.out += `${line}\n`;
    this.flush();
    const type = /^\{"type":"([a-z_]+)"/.exec(line)?.[1];
    if (type && NO_ANSWER.has(type)) return '{"type":"none"}';
    return this.lines.next(timeoutMs, this.label);
  }

  /** Sends what is queued, then closes. */
  end(): void {
    if (this.closed || this.ending) return;
    this.ending = true;
    this.flush();
  }

  /** The table is done with the seat; the room (room.ts) says the last word and ends the socket. */
  async close(): Promise<void> {}
}
