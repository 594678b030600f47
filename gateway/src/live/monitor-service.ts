import type { GatewayContext } from '../runtime/types';
import { TranscriptMonitor } from '../monitor/monitor';
import { windowOfKey } from '../tmux/window-key';

/** Slack for clocks and for a transcript created just before the window was recorded. */
const SINCE_SLACK_MS = 5_000;

/** Turns transcript growth into `agent.message` events for the window's channels. */
export class MonitorService {
  readonly monitor: TranscriptMonitor;

  constructor(private readonly ctx: GatewayContext) {
    // Transcripts are found where the windows' assistants write them: with the environment the
    // gateway gives its tmux server (HOME, CODEX_HOME…), over its own.
    const env = { ...process.env, ...(ctx.tmux.options.env ?? {}), ...(ctx.config.agent_a_config_dir ? { AGENT_A_CONFIG_DIR: ctx.config.agent_a_config_dir } : {}) };
    this.monitor = new TranscriptMonitor(ctx.paths.dir, env, ctx.log);
  }

  /** A SessionStart hook named the window's transcript. */
  setTranscript(windowId: string, path: string): void {
    this.monitor.setTranscript(this.ctx.tmux.windowKey(windowId), path);
  }

  lastActivity(windowId: string): number | undefined {
    return this.monitor.lastActivity(this.ctx.tmux.windowKey(windowId));
  }

  lastTurnEnd(windowId: string): number | undefined {
    return this.monitor.lastTurnEnd(this.ctx.tmux.windowKey(windowId));
  }

  /** The window of this gateway whose Codex rollout (`rollout-<time>-<thread id>.jsonl`) is `threadId`'s. */
  windowOfThread(threadId: string): string | undefined {
    const key = this.monitor.keyOfTranscript((path) => path.endsWith(`-${threadId}.jsonl`));
    return (key && this.windowOf(key)) || undefined;
  }

  private windowOf(key: string): string | null {
    return windowOfKey(key, this.ctx.tmux.server, this.ctx.tmux.session);
  }

  tick(nowMs = Date.now()): number {
    const { ctx } = this;
    const windows = Object.entries(ctx.store.windows())
      .filter(([, w]) => w.provider !== 'shell')
      .map(([id, w]) => ({
        key: ctx.tmux.windowKey(id),
        provider: w.provider,
        cwd: w.cwd,
        sinceMs: (Date.parse(w.created_at) || nowMs) - SINCE_SLACK_MS,
      }));
    this.monitor.sync(windows);
    for (const w of windows) {
      const path = ctx.sessions.get(w.key)?.transcript_path;
      if (path) this.monitor.setTranscript(w.key, path);
    }
    let sent = 0;
    for (const out of this.monitor.poll(nowMs)) {
      const windowId = this.windowOf(out.key);
      if (!windowId) continue;
      ctx.bus.publish('agent.message', {
        window_id: windowId,
        session_id: ctx.sessions.sessionId(out.key),
        messages: out.messages,
        channel_ids: ctx.store.channelsForWindow(windowId),
      });
      sent += out.messages.length;
    }
    return sent;
  }
}
