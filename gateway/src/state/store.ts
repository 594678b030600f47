import { writeJsonAtomic, type Logger } from '@devhub/shared';
import { dict } from './dict';
import { readJsonFile } from './json-file';
import { type ChannelBinding, type DeadChannel, emptyState, StateFile, type WindowRecord } from './model';

/** Dead channels remembered (the newest): a client reconnects within days, not after thousands of windows. */
export const MAX_DEAD_CHANNELS = 500;

export interface BoundSession extends WindowRecord {
  channel_id: string;
  window_id: string;
  verbose: boolean;
}

/**
 * state.json: which channel is bound to which window, and what the gateway knows about each
 * window. The only holder of that state in the server; every change is written atomically
 * before the call returns.
 */
export class StateStore {
  private data: StateFile;

  constructor(readonly path: string, private readonly log?: Logger) {
    this.data = load(path, log);
  }

  /** Re-reads the file (e.g. after another process wrote it). */
  reload(): void {
    this.data = load(this.path, this.log);
  }

  save(): void {
    writeJsonAtomic(this.path, this.data, { mode: 0o600 });
  }

  windows(): Record<string, WindowRecord> { return dict(this.data.windows); }
  window(windowId: string): WindowRecord | null { return this.data.windows[windowId] ?? null; }
  bindings(): Record<string, ChannelBinding> { return dict(this.data.bindings); }

  session(channelId: string): BoundSession | null {
    const binding = this.data.bindings[channelId];
    if (!binding) return null;
    const record = this.data.windows[binding.window_id];
    if (!record) return null;
    return { channel_id: channelId, window_id: binding.window_id, verbose: binding.verbose, ...record };
  }

  channelsForWindow(windowId: string): string[] {
    return Object.entries(this.data.bindings).filter(([, b]) => b.window_id === windowId).map(([c]) => c);
  }

  putWindow(windowId: string, record: WindowRecord): void {
    this.data.windows[windowId] = record;
    this.save();
  }

  /** Records that the assistant was seen running in the window (once; later calls change nothing). */
  markAssistantSeen(windowId: string, at = new Date()): void {
    const record = this.data.windows[windowId];
    if (!record || record.assistant_seen_at) return;
    record.assistant_seen_at = at.toISOString();
    this.save();
  }

  bind(channelId: string, windowId: string): void {
    this.data.bindings[channelId] = { window_id: windowId, verbose: this.data.bindings[channelId]?.verbose ?? false };
    if (this.data.dead) delete this.data.dead[channelId];
    this.save();
  }

  /** What a channel whose window died was told, until it is bound again (see DeadChannel). */
  deadChannel(channelId: string): DeadChannel | null {
    return this.data.dead?.[channelId] ?? null;
  }

  /** Removes a channel's binding; returns the window it was bound to. */
  unbind(channelId: string): string | null {
    const binding = this.data.bindings[channelId];
    if (!binding) return null;
    delete this.data.bindings[channelId];
    this.save();
    return binding.window_id;
  }

  /**
   * Forgets a window and every binding to it; returns the channels that were bound. With `dead`,
   * each of them remembers the window's death (at most MAX_DEAD_CHANNELS, the newest kept).
   */
  removeWindow(windowId: string, dead?: Omit<DeadChannel, 'window_id' | 'at'>): string[] {
    const channels = this.channelsForWindow(windowId);
    for (const channel of channels) delete this.data.bindings[channel];
    if (dead && channels.length > 0) {
      const at = new Date().toISOString();
      const kept = Object.entries(this.data.dead ?? {}).filter(([c]) => !channels.includes(c)).slice(-(MAX_DEAD_CHANNELS - channels.length));
      this.data.dead = dict(Object.fromEntries([...kept, ...channels.map((c) => [c, { window_id: windowId, at, ...dead }] as const)]));
    }
    const existed = windowId in this.data.windows;
    delete this.data.windows[windowId];
    if (existed || channels.length > 0) this.save();
    return channels;
  }

  setVerbose(channelId: string, verbose: boolean): void {
    const binding = this.data.bindings[channelId];
    if (!binding) return;
    binding.verbose = verbose;
    this.save();
  }
}

/** Channel ids are the clients' choice (`__proto__`, `constructor`): both maps are dicts. */
function load(path: string, log?: Logger): StateFile {
  const file = readJsonFile(path, StateFile, emptyState, log);
  return { ...file, bindings: dict(file.bindings), windows: dict(file.windows), ...(file.dead ? { dead: dict(file.dead) } : {}) };
}
