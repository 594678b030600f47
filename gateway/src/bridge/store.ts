import { type Logger, writeJsonAtomic } from '@devhub/shared';
import { dict } from '../state/dict';
import { readJsonFile } from '../state/json-file';
import { type BridgeFile, BridgeFile as BridgeFileSchema, type ChatRecord, emptyBridgeFile, type PromptCardRecord } from './model';

/** Retried deliveries come within hours (Feishu retries up to 6 h later); remember ids a day. */
const EVENT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_EVENTS = 5000;

/**
 * `bridge.json`: what the bridge knows beyond state.json's channel → window bindings — where each
 * chat's replies go (thread roots), which window it was last bound to, the prompt cards still open,
 * recently seen event ids and Telegram's update offset. Written atomically (0600) on every change.
 */
export class BridgeStore {
  private data: BridgeFile;

  constructor(readonly path: string, private readonly log?: Logger, private readonly now: () => number = Date.now) {
    const file = readJsonFile(path, BridgeFileSchema, emptyBridgeFile, log);
    // Keyed by channel and event ids from outside: dicts, so no id can name a prototype property.
    this.data = { ...file, chats: dict(file.chats), events: dict(file.events), prompts: dict(file.prompts) };
  }

  private save(): void {
    writeJsonAtomic(this.path, this.data, { mode: 0o600 });
  }

  chat(channel: string): ChatRecord | null {
    return this.data.chats[channel] ?? null;
  }

  chats(): Record<string, ChatRecord> {
    return dict(this.data.chats);
  }

  putChat(channel: string, record: Omit<ChatRecord, 'updated_at'>): void {
    this.data.chats[channel] = { ...record, updated_at: new Date(this.now()).toISOString() };
    this.save();
  }

  /**
   * Records an event id; false when it was seen before (a retried delivery). Ids older than a day
   * are forgotten, and at most the newest 5000 are kept.
   */
  firstSight(platform: string, eventId: string): boolean {
    const key = `${platform}:${eventId}`;
    const now = this.now();
    if (this.data.events[key] !== undefined && now - this.data.events[key]! < EVENT_TTL_MS) return false;
    this.data.events[key] = now;
    const entries = Object.entries(this.data.events).filter(([, at]) => now - at < EVENT_TTL_MS);
    if (entries.length !== Object.keys(this.data.events).length || entries.length > MAX_EVENTS) {
      entries.sort((a, b) => a[1] - b[1]);
      this.data.events = dict(Object.fromEntries(entries.slice(-MAX_EVENTS)));
    }
    this.save();
    return true;
  }

  prompt(target: string, windowId: string): PromptCardRecord | null {
    return this.data.prompts[`${target}|${windowId}`] ?? null;
  }

  setPrompt(target: string, record: PromptCardRecord | null, windowId = record?.window_id ?? ''): void {
    const key = `${target}|${windowId}`;
    if (record) this.data.prompts[key] = record;
    else if (key in this.data.prompts) delete this.data.prompts[key];
    else return;
    this.save();
  }

  /** Open prompt cards of a window, with their target. */
  promptsOf(windowId: string): Array<{ target: string; record: PromptCardRecord }> {
    return Object.entries(this.data.prompts)
      .filter(([, r]) => r.window_id === windowId)
      .map(([key, record]) => ({ target: key.slice(0, key.lastIndexOf('|')), record }));
  }

  get telegramOffset(): number { return this.data.telegram_offset; }

  set telegramOffset(offset: number) {
    if (offset === this.data.telegram_offset) return;
    this.data.telegram_offset = offset;
    this.save();
  }
}
