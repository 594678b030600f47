import type { Logger } from '@devhub/shared';
import type { Block, Card, ChatAddress, ChatPlatform, Tone } from './platform';
import { paginate } from './render';

export interface StreamOptions {
  title: string;
  editIntervalMs: number;
  maxChars: number;
  log: Logger;
  /** True once the bridge stops: no more retries. */
  stopped?: () => boolean;
}

/** A send or edit that failed is tried again after this (doubling per failure, capped), at most RETRIES times. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 60_000;
const RETRIES = 10;

/**
 * One turn of a session in one chat: the assistant's output (transcript blocks, or a shell's
 * pane text) and a status line, shown as one message that is edited while it grows. Output longer
 * than a message continues in the next one (earlier pages then stay as they are). Edits are at
 * least `editIntervalMs` apart; the first message goes out at once. A send or edit the platform
 * refused (an outage, a 502, flood control) is tried again with backoff, also after the turn was
 * closed, so the chat ends up showing the turn's last state once the platform is back.
 */
export class TurnStream {
  private blocks: Block[] = [];
  private pane: Block | null = null;
  private footer = '';
  private tone: Tone = 'working';
  /** What each page's message shows now (serialised card), by page. */
  private readonly sent: Array<{ id: string; shown: string }> = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> | null = null;
  private dirty = false;
  private lastFlush = 0;
  private closed = false;
  /** Failed flushes in a row; a retry is scheduled while it is non-zero. */
  private failures = 0;

  constructor(private readonly platform: ChatPlatform, private readonly address: ChatAddress, private readonly options: StreamOptions) {}

  /** Whether the turn shows any output yet (a status-only card does not count). */
  get hasOutput(): boolean {
    return this.blocks.length > 0 || (this.pane !== null && this.pane.text.trim() !== '');
  }

  add(blocks: Block[]): void {
    if (!blocks.length || this.closed) return;
    this.blocks.push(...blocks);
    this.request();
  }

  /** Replaces the live pane text (a shell's output since the command was typed). */
  setPane(text: string): void {
    if (this.closed || text === this.pane?.text) return;
    this.pane = { type: 'code', text };
    this.request();
  }

  setStatus(line: string, tone: Tone): void {
    if (this.closed || (line === this.footer && tone === this.tone)) return;
    this.footer = line;
    this.tone = tone;
    this.request();
  }

  /** Shows the latest state now and stops; later calls change nothing. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dirty = true;
    await this.flushNow();
    this.closed = true;
  }

  /** Waits for pending sends and edits (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.flushing || this.timer) {
      // A retry after a failure waits for the platform; it is not waited for here.
      if (this.timer && this.failures) return;
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.dirty = true;
        void this.flushNow();
      }
      await this.flushing;
    }
  }

  private request(): void {
    this.dirty = true;
    if (this.timer || this.flushing) return;
    // Nothing sent yet: show the first output at once; later changes wait for the edit interval.
    const wait = this.sent.length === 0 ? 0 : Math.max(0, this.lastFlush + this.options.editIntervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flushNow();
    }, wait);
  }

  private flushNow(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => (this.dirty ? this.flushNow() : undefined));
    this.flushing = this.flush().then((ok) => {
      this.flushing = null;
      this.lastFlush = Date.now();
      if (!ok) this.retry();
      else if (this.dirty && !this.closed) this.request();
    });
    return this.flushing;
  }

  /** After a failed send or edit: the whole state again after a backoff, even once closed. */
  private retry(): void {
    this.dirty = true;
    if (this.failures > RETRIES || this.options.stopped?.() || this.timer) return;
    const wait = Math.min(RETRY_MAX_MS, Math.max(RETRY_BASE_MS, this.options.editIntervalMs) * 2 ** (this.failures - 1));
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.options.stopped?.()) void this.flushNow();
    }, wait);
  }

  /** False when a send or edit failed (the rest of the pages then wait for the retry). */
  private async flush(): Promise<boolean> {
    if (!this.dirty) return true;
    this.dirty = false;
    const content = this.pane ? [...this.blocks, this.pane] : this.blocks;
    // Nothing to show yet (e.g. only thinking so far): no empty message.
    if (!this.sent.length && !content.length && !this.footer) return true;
    const pages = paginate(content, this.options.maxChars);
    if (!pages.length) pages.push([]);
    for (let i = 0; i < pages.length; i++) {
      const last = i === pages.length - 1;
      const card: Card = {
        title: i === 0 ? this.options.title : `${this.options.title} (${i + 1})`,
        tone: last ? this.tone : 'neutral',
        blocks: pages[i]!,
        ...(last && this.footer ? { footer: this.footer } : {}),
      };
      const shown = JSON.stringify(card);
      const page = this.sent[i];
      try {
        if (!page) {
          this.sent.push({ id: await this.platform.send(this.address, card), shown });
        } else if (page.shown !== shown && this.platform.canEdit) {
          await this.platform.edit(this.address, page.id, card);
          page.shown = shown;
        }
      } catch (error) {
        this.failures++;
        const next = this.failures > RETRIES || this.options.stopped?.() ? 'given up' : 'will retry';
        this.options.log.warn(`bridge: ${this.platform.id} ${page ? 'edit' : 'send'} to ${this.address.chatId} failed (${next}): ${(error as Error).message}`);
        return false;
      }
    }
    this.failures = 0;
    return true;
  }
}
