import { Value } from '@sinclair/typebox/value';
import type { GatewayContext } from '../runtime/types';
import { EventLine, rotatedEventsPath, specData } from '../hooks/events';
import { JsonlTail } from '../monitor/jsonl-tail';
import { windowOfKey } from '../tmux/window-key';

export interface LastHook { event: string; atMs: number; notificationType?: string; message?: string }

/** How long a Codex notify line whose thread has no window yet is kept for the next polls. */
const THREAD_WAIT_MS = 10_000;

const LEGACY_KEY = /^[^:]*:@\d+$/;

/**
 * Follows events.jsonl (appended by `agentgw hook`) from where it was when the server started,
 * and publishes each line of this gateway's tmux server and session as `hook.event`.
 */
export class HookTailer {
  private readonly tail: JsonlTail;
  readonly lastHook = new Map<string, LastHook>();
  private pending: Array<{ record: EventLine; untilMs: number }> = [];
  private warnedLegacy = false;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly onSessionStart: (windowId: string, transcriptPath: string) => void,
    private readonly windowOfThread: (threadId: string) => string | undefined = () => undefined,
  ) {
    this.tail = new JsonlTail(ctx.paths.events, JsonlTail.sizeOf(ctx.paths.events), rotatedEventsPath(ctx.paths.events));
  }

  /**
   * `<session>:@N`, as `agentgw hook` wrote before keys named the tmux server: such a line may come
   * from any server with a session of that name, so it is never credited to a window here.
   */
  private warnLegacy(): void {
    if (this.warnedLegacy) return;
    this.warnedLegacy = true;
    this.ctx.log.warn('events.jsonl: ignoring hook events that do not name their tmux server (written by an older `agentgw hook`); run `agentgw hooks install` again');
  }

  poll(nowMs = Date.now()): number {
    const { records, bad } = this.tail.read();
    if (bad > 0) this.ctx.log.warn(`events.jsonl: skipped ${bad} malformed line(s)`);
    let published = 0;
    const waiting = this.pending;
    this.pending = [];
    for (const record of [...waiting.map((p) => p.record), ...records]) {
      if (!Value.Check(EventLine, record)) continue;
      const own = windowOfKey(record.window_key, this.ctx.tmux.server, this.ctx.tmux.session);
      if (!own) {
        if (LEGACY_KEY.test(record.window_key)) this.warnLegacy();
        continue;
      }
      let windowId = own;
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
