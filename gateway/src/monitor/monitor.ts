import type { Logger } from '@devhub/shared';
import { statSync } from 'node:fs';
import { discoverTranscript } from './discover';
import type { AgentMessage } from './message';
import { type OffsetMap, loadOffsets, saveOffsets } from './offsets';
import { type Tracker, createTracker } from './tracker';

export interface WatchedWindow {
  /** `session:@N` */
  key: string;
  provider: string;
  cwd: string;
  /** When the window started (ms); transcripts older than this belong to someone else. */
  sinceMs: number;
}

export interface WindowOutput { key: string; path: string; messages: AgentMessage[] }

/** How often a window whose transcript was found by looking looks again for a newer one of its own. */
const REDISCOVER_MS = 1_000;

/**
 * Follows every window's transcript and returns what was appended since the last poll. Read
 * positions survive restarts in `monitor_state.json`; a hook's `transcript_path` beats discovery.
 */
export class TranscriptMonitor {
  private readonly windows = new Map<string, WatchedWindow>();
  private readonly trackers = new Map<string, Tracker>();
  private readonly hinted = new Map<string, string>();
  private readonly activity = new Map<string, number>();
  private readonly lookedAt = new Map<string, number>();
  private saved: OffsetMap;
  private dirty = false;

  constructor(private readonly gwDir: string, private readonly env: Record<string, string | undefined> = process.env, private readonly log?: Logger) {
    this.saved = loadOffsets(gwDir);
  }

  /** Replaces the set of watched windows; windows that are gone lose their saved position. */
  sync(windows: WatchedWindow[]): void {
    const keys = new Set(windows.map((w) => w.key));
    for (const key of [...this.windows.keys()]) if (!keys.has(key)) this.forget(key);
    for (const w of windows) this.windows.set(w.key, w);
    for (const key of Object.keys(this.saved)) {
      if (!keys.has(key)) { delete this.saved[key]; this.dirty = true; }
    }
  }

  /** The assistant told us (SessionStart hook) which file it writes. */
  setTranscript(key: string, path: string): void {
    this.hinted.set(key, path);
    const current = this.trackers.get(key);
    if (current && current.path !== path) this.trackers.delete(key);
  }

  /**
   * When (ms) the window's newest transcript entry was written: its own timestamp, or the poll
   * that found it when it has none. Local command output (`/help`, `/exit`) is not a turn and does
   * not count.
   */
  lastActivity(key: string): number | undefined {
    return this.activity.get(key);
  }

  /** The window whose transcript file `matches` (as read or as a hook named it), if one does. */
  keyOfTranscript(matches: (path: string) => boolean): string | undefined {
    for (const [key, tracker] of this.trackers) if (matches(tracker.path)) return key;
    for (const [key, path] of this.hinted) if (matches(path)) return key;
    return undefined;
  }

  /** When the window's transcript last said a turn was over (see RecordParser.turnEnd), if it ever did. */
  lastTurnEnd(key: string): number | undefined {
    return this.trackers.get(key)?.turnEndedMs;
  }

  poll(now = Date.now()): WindowOutput[] {
    const out: WindowOutput[] = [];
    for (const w of this.windows.values()) {
      let tracker = this.trackerFor(w);
      if (!tracker) continue;
      let messages: AgentMessage[];
      try {
        messages = tracker.poll();
        const next = messages.length === 0 ? this.newerSession(w, tracker, now) : null;
        if (next) {
          tracker = next;
          messages = tracker.poll();
        }
      } catch (error) {
        this.log?.warn(`transcript ${tracker.path}: ${(error as Error).message}`);
        continue;
      }
      const state = tracker.state();
      const before = this.saved[w.key];
      if (!before || before.offset !== state.offset || before.path !== state.path || messages.length > 0) {
        this.saved[w.key] = state;
        this.dirty = true;
      }
      if (messages.length > 0) {
        const at = activityAt(messages, now);
        if (at !== null) this.activity.set(w.key, Math.max(this.activity.get(w.key) ?? 0, at));
        out.push({ key: w.key, path: tracker.path, messages });
      }
    }
    this.flush();
    return out;
  }

  flush(): void {
    if (!this.dirty) return;
    try {
      saveOffsets(this.gwDir, this.saved);
      this.dirty = false;
    } catch (error) {
      this.log?.warn(`monitor_state.json: ${(error as Error).message}`);
    }
  }

  private trackerFor(w: WatchedWindow): Tracker | null {
    const existing = this.trackers.get(w.key);
    if (existing) return existing;
    const known = this.hinted.get(w.key) ?? this.saved[w.key]?.path;
    const path = known ?? discoverTranscript(w.provider, w.cwd, w.sinceMs, this.env);
    if (!path) return null;
    // A file another window follows is that window's session (two assistants in one folder): this
    // window's own file is named by its hook or becomes the newest once it writes.
    if (!known && this.followedByOther(path, w.key)) return null;
    const tracker = createTracker(w.provider, path, this.saved[w.key], w.sinceMs);
    if (tracker) this.trackers.set(w.key, tracker);
    return tracker;
  }

  /**
   * The assistant moved to another session in the same window (Pi's or Codex's `/new`, a
   * `/resume`, Gemini's `/clear`): with no hook to name the file, the window that found its
   * transcript by looking follows the newest one of its folder when that is a newer file than its
   * own and nobody else's. Only for the one window of its provider in that folder; with two there,
   * a newer file may just as well be the other one's.
   */
  private newerSession(w: WatchedWindow, current: Tracker, now: number): Tracker | null {
    if (this.hinted.has(w.key) || now - (this.lookedAt.get(w.key) ?? 0) < REDISCOVER_MS) return null;
    this.lookedAt.set(w.key, now);
    for (const other of this.windows.values()) if (other.key !== w.key && other.provider === w.provider && other.cwd === w.cwd) return null;
    const path = discoverTranscript(w.provider, w.cwd, w.sinceMs, this.env);
    if (!path || path === current.path || this.followedByOther(path, w.key) || mtimeOf(path) <= mtimeOf(current.path)) return null;
    const tracker = createTracker(w.provider, path, undefined, w.sinceMs);
    if (!tracker) return null;
    this.log?.info(`transcript of ${w.key}: now ${path} (was ${current.path})`);
    this.trackers.set(w.key, tracker);
    return tracker;
  }

  private followedByOther(path: string, key: string): boolean {
    for (const [other, tracker] of this.trackers) if (other !== key && tracker.path === path) return true;
    return Object.entries(this.saved).some(([other, state]) => other !== key && state.path === path);
  }

  private forget(key: string): void {
    this.windows.delete(key);
    this.trackers.delete(key);
    this.hinted.delete(key);
    this.activity.delete(key);
    this.lookedAt.delete(key);
  }
}

function mtimeOf(path: string): number {
  try { return statSync(path).mtimeMs; } catch { return -1; }
}

/** The newest entry time among a poll's turn messages; null when it holds only local command output. */
function activityAt(messages: AgentMessage[], now: number): number | null {
  let at: number | null = null;
  for (const m of messages) {
    if (m.content_type === 'local_command') continue;
    const stamp = m.timestamp === null ? Number.NaN : Date.parse(m.timestamp);
    const time = Number.isFinite(stamp) ? stamp : now;
    at = at === null ? time : Math.max(at, time);
  }
  return at;
}
