/**
 * How an mjai bot is reached: a child process reading and writing JSON lines on stdin/stdout, or
 * a WebSocket with one text message per line. Which lines get an answer is the dialect's business
 * (dialect.ts); a read fails on timeout, exit or a closed socket.
 */
import { withDeadline } from '@devhub/shared/timers';
import { KILL_GRACE_MS, signalGroup, stopGroup } from './process-group';
import { botEnvironment } from './bot-env';

export interface BotTransport {
  readonly label: string;
  /** Sends one line and resolves with the next line the bot writes. */
  exchange(line: string, timeoutMs: number): Promise<string>;
  /** Sends one line without waiting for an answer (a bot process or WebSocket; the `mortal` dialect needs it). */
  write?(line: string): Promise<void>;
  /** The next line the bot writes. */
  read?(timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

export class BotFailure extends Error {
  constructor(readonly kind: 'timeout' | 'crash' | 'illegal', message: string) { super(message); }
}

/** Longest line accepted from a bot or a classic client; a longer one fails it. */
export const MAX_LINE_BYTES = 64 * 1024;
/**
 * Lines a bot or client may send ahead of being asked. The protocol answers each event once, so
 * a peer that keeps writing is broken or hostile; without a bound its lines would pile up in
 * memory for as long as it is not its turn (a classic client waiting in a room: indefinitely).
 */
export const MAX_UNASKED_LINES = 16;

/** Lines in, one pending answer at a time; a failure stays (the bot is done after it). */
export class LineQueue {
  private lines: string[] = [];
  private waiter: ((line: string) => void) | null = null;
  private failed: BotFailure | null = null;
  private failWaiter: ((e: BotFailure) => void) | null = null;
  /** Why it failed for sending too much (a line too long, too many lines ahead), or null; its lines are dropped. */
  overflowed: string | null = null;

  constructor(private readonly label = 'the bot') {}

  push(line: string): void {
    if (this.overflowed) return;
    if (line.length > MAX_LINE_BYTES) { this.overflow(`${this.label} sent a line longer than ${MAX_LINE_BYTES} bytes`); return; }
    if (this.waiter) { const w = this.waiter; this.waiter = null; this.failWaiter = null; w(line); return; }
    if (this.lines.length >= MAX_UNASKED_LINES) { this.overflow(`${this.label} sent more than ${MAX_UNASKED_LINES} lines without being asked`); return; }
    this.lines.push(line);
  }

  /** Fails for sending too much; what was queued is dropped, so the next read fails at once. */
  overflow(message: string): void {
    if (this.overflowed) return;
    this.overflowed = message;
    this.lines = [];
    this.failed = null;
    this.fail(new BotFailure('illegal', message));
  }

  fail(e: BotFailure): void {
    if (this.failed) return;
    this.failed = e;
    if (this.failWaiter) { const f = this.failWaiter; this.waiter = null; this.failWaiter = null; f(e); }
  }

  next(timeoutMs: number, label: string): Promise<string> {
    const ready = this.lines.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        this.failWaiter = null;
        reject(new BotFailure('timeout', `${label} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = (line) => { clearTimeout(timer); resolve(line); };
      this.failWaiter = (e) => { clearTimeout(timer); reject(e); };
    });
  }
}

/** A bot process: `argv` is run directly (no shell), stderr is passed through to ours, `env` added to the scrubbed environment (bot-env.ts). */
export class ProcessTransport implements BotTransport {
  readonly label: string;
  private readonly proc: ReturnType<typeof Bun.spawn<'pipe', 'pipe', 'inherit'>>;
  private readonly queue: LineQueue;

  /** Whether the bot process is still there (neither exited nor killed). */
  get running(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  constructor(argv: string[], opts: { cwd?: string; env?: Record<string, string | undefined> } = {}) {
    this.label = `bot "${argv.join(' ')}"`;
    this.queue = new LineQueue(this.label);
    // Its own process group, so that what it starts is stopped with it (process-group.ts).
    this.proc = Bun.spawn(argv, { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit', cwd: opts.cwd, env: botEnvironment(opts.env), detached: true });
    void this.pump();
    void this.proc.exited.then((code) => this.queue.fail(new BotFailure('crash', `${this.label} exited with code ${code}`)));
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of this.proc.stdout) {
        buf += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (line) this.queue.push(line);
        }
        if (buf.length > MAX_LINE_BYTES) this.queue.overflow(`${this.label} sent a line longer than ${MAX_LINE_BYTES} bytes`);
        if (this.queue.overflowed) { signalGroup(this.proc, 'SIGTERM'); return; }
      }
    } catch { /* the exit handler reports it */ }
  }

  async exchange(line: string, timeoutMs: number): Promise<string> {
    await this.write(line);
    return this.read(timeoutMs);
  }

  async write(line: string): Promise<void> {
    try {
      this.proc.stdin.write(`${line}\n`);
      await this.proc.stdin.flush();
    } catch (e) {
      throw new BotFailure('crash', `${this.label}: cannot write to it (${(e as Error).message})`);
    }
  }

  read(timeoutMs: number): Promise<string> {
    return this.queue.next(timeoutMs, this.label);
  }

  /** The bot's pid, which is also its process group's id. */
  get pid(): number {
    return this.proc.pid;
  }

  async close(): Promise<void> {
    // A bot that reads nothing may leave the pipe full: ending it must not wait on that.
    try { await withDeadline(Promise.resolve(this.proc.stdin.end()).then(() => true), KILL_GRACE_MS, () => false); } catch { /* already gone */ }
    await stopGroup(this.proc);
  }
}

/** A bot behind a WebSocket (`ws://` or `wss://`): one text message per event and per answer. */
export class WebSocketTransport implements BotTransport {
  readonly label: string;
  private readonly ws: WebSocket;
  private readonly queue: LineQueue;
  private readonly open: Promise<void>;

  constructor(url: string) {
    this.label = `bot ${url}`;
    this.queue = new LineQueue(this.label);
    this.ws = new WebSocket(url);
    this.open = new Promise((resolve, reject) => {
      this.ws.addEventListener('open', () => resolve(), { once: true });
      this.ws.addEventListener('error', () => reject(new BotFailure('crash', `${this.label}: cannot connect`)), { once: true });
    });
    this.open.catch(() => undefined);
    this.ws.addEventListener('message', (m) => {
      this.queue.push(String(m.data).trim());
      if (this.queue.overflowed) this.ws.close(1009, 'too much unasked input');
    });
    this.ws.addEventListener('close', () => this.queue.fail(new BotFailure('crash', `${this.label} closed the connection`)));
  }

  async exchange(line: string, timeoutMs: number): Promise<string> {
    if (this.ws.readyState === WebSocket.CONNECTING) {
      const opened = await withDeadline(this.open.then(() => true), timeoutMs, () => false);
      if (!opened) throw new BotFailure('timeout', `${this.label}: no connection within ${timeoutMs} ms`);
    }
    await this.write(line);
    return this.read(timeoutMs);
  }

  async write(line: string): Promise<void> {
    if (this.ws.readyState === WebSocket.CONNECTING) await this.open.catch(() => undefined);
    if (this.ws.readyState !== WebSocket.OPEN) throw new BotFailure('crash', `${this.label} is not connected`);
    this.ws.send(line);
  }

  read(timeoutMs: number): Promise<string> {
    return this.queue.next(timeoutMs, this.label);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }
}

/**
 * `ws://…`/`wss://…` → WebSocket; anything else is a command line split on spaces (quotes keep
 * spaces), run with `args` after it (the seat, for the dialects whose hosts pass it: dialect.ts).
 */
export function transportFor(spec: string, opts: { cwd?: string; env?: Record<string, string | undefined>; args?: string[] } = {}): BotTransport {
  if (/^wss?:\/\//.test(spec)) return new WebSocketTransport(spec);
  const argv = [...spec.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  if (argv.length === 0) throw new Error('an mjai bot needs a command or a ws:// URL');
  return new ProcessTransport([...argv, ...(opts.args ?? [])], { cwd: opts.cwd, env: opts.env });
}
