import { Value } from '@sinclair/typebox/value';
import type { GatewayContext } from '../runtime/types';
import { EventLine, rotatedEventsPath, specData } from '../hooks/events';
import { JsonlTail } from '../monitor/jsonl-tail';

export interface LastHook { event: string; atMs: number; notificationType?: string; message?: string }

/** How long a Codex notify line whose thread has no window yet is kept for the next polls. */
const THREAD_WAIT_MS = 10_000;

/**
 * Follows events.jsonl (appended by `agentgw hook`) from where it was when the server started,
 * and publishes each line of this gateway's tmux session as `hook.event`.
 */
export class HookTailer {
  private readonly tail: JsonlTail;
  readonly lastHook = new Map<string, LastHook>();
  private pending: Array<{ record: EventLine; untilMs: number }> = [];

  constructor(
    private readonly ctx: GatewayContext,
    private readonly onSessionStart: (windowId: string, transcriptPath: string) => void,
    private readonly windowOfThread: (threadId: string) => string | undefined = () => undefined,
  ) {
    this.tail = new JsonlTail(ctx.paths.events, JsonlTail.sizeOf(ctx.paths.events), rotatedEventsPath(ctx.paths.events));
  }

  poll(nowMs = Date.now()): number {
    const { records, bad } = this.tail.read();
    if (bad > 0) this.ctx.log.warn(`events.jsonl: skipped ${bad} malformed line(s)`);
    let published = 0;
    const prefix = `${this.ctx.tmux.session}:`;
    const waiting = this.pending;
    this.pending = [];
    for (const record of [...waiting.map((p) => p.record), ...records]) {
      if (!Value.Check(EventLine, record)) continue;
      if (!record.window_key.startsWith(prefix)) continue;
      let windowId = record.window_key.slice(prefix.length);
      let data = record.data;
      if (data.notify_type === 'agent-turn-complete' && typeof data['thread-id'] === 'string') {
        // Codex runs its notify program from the app-server daemon the first Codex window started,
        // with that window's $TMUX_PANE: the thread's rollout says which window the turn was in.
        const owner = this.windowOfThread(data['thread-id']);
        if (!owner) {
          const untilMs = waiting.find((p) => p.record === record)?.untilMs ?? nowMs + THREAD_WAIT_MS;
          if (nowMs < untilMs) this.pending.push({ record, untilMs });
          else this.ctx.log.debug(`codex notify for thread ${data['thread-id']}: no window has its rollout; dropped`);
          continue;
        }
        windowId = owner;
        const name = this.ctx.store.window(owner)?.display_name;
        if (name) data = { ...data, window_name: name };
      }
      if (record.event === 'SessionStart' && typeof data.transcript_path === 'string') this.onSessionStart(windowId, data.transcript_path);
      // When the hook ran (`agentgw hook` stamps its line), not when this poll read it: the transcript
      // entries it is compared with carry their own times too (see status/classify.ts).
      const at = Date.parse(record.ts);
      this.lastHook.set(windowId, {
        event: record.event,
        atMs: Number.isFinite(at) ? at : nowMs,
        ...(typeof data.notification_type === 'string' ? { notificationType: data.notification_type } : {}),
        ...(typeof data.message === 'string' ? { message: data.message } : {}),
      });
      this.ctx.bus.publish('hook.event', { window_id: windowId, event_type: record.event, session_id: record.session_id, data: specData(record.event, data) });
      published++;
    }
    return published;
  }
}
