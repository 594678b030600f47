import { Type as t, type Static } from '@sinclair/typebox';
import { withFileLock } from './lock';
import { appendRotating } from '../state/append-rotating';

/** The nine hook events the gateway installs and forwards (spec "Events" table). */
export const HOOK_EVENTS = [
  'SessionStart', 'Notification', 'Stop', 'StopFailure', 'SessionEnd',
  'SubagentStart', 'SubagentStop', 'TeammateIdle', 'TaskCompleted',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];
export const isHookEvent = (name: unknown): name is HookEventName => (HOOK_EVENTS as readonly unknown[]).includes(name);

/** One events.jsonl line, as `agentgw hook` appends it. `data` is the assistant's payload. */
export const EventLine = t.Object({
  ts: t.String(),
  event: t.String(),
  /** `<tmux socket path>:<tmux session>:@N` (tmux/window-key.ts) */
  window_key: t.String(),
  session_id: t.String(),
  data: t.Record(t.String(), t.Unknown()),
});
export type EventLine = Static<typeof EventLine>;

/**
 * events.jsonl is renamed to `events.jsonl.1` (replacing the previous one) before a line would take
 * it past this size: the server follows the file only from its size at start, so older events are
 * kept for reading by hand, not for ever.
 */
export const EVENTS_ROTATE_BYTES = 8 << 20;

export { rotatedPath as rotatedEventsPath } from '../state/append-rotating';

/**
 * Appends one line under the file lock: concurrent hooks never interleave or lose a line, and the
 * rotation happens between two whole lines.
 */
export function appendEvent(path: string, line: EventLine, rotateBytes = EVENTS_ROTATE_BYTES): void {
  const text = `${JSON.stringify(line)}\n`;
  withFileLock(path, () => appendRotating(path, text, rotateBytes));
}

const s = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? null : v);

/**
 * The spec's data fields for each event (HookEvent.data), from the payload's current and older
 * field names, plus the untouched payload as `raw`.
 */
export function specData(event: string, payload: Record<string, unknown>): Record<string, unknown> {
  const p = payload;
  let fields: Record<string, unknown>;
  switch (event) {
    case 'SessionStart': fields = { cwd: s(p.cwd), transcript_path: s(p.transcript_path), window_name: s(p.window_name) }; break;
    case 'Notification': fields = { tool_name: s(p.tool_name) ?? toolFromMessage(p.message), message: s(p.message), notification_type: s(p.notification_type) }; break;
    case 'Stop': fields = { stop_reason: s(p.stop_reason) ?? null, num_turns: s(p.num_turns) ?? null }; break;
    case 'StopFailure': fields = { error: s(p.error) ?? s(p.error_type), error_details: s(p.error_details) ?? s(p.message) ?? null }; break;
    case 'SessionEnd': fields = { reason: s(p.reason) }; break;
    case 'SubagentStart':
    case 'SubagentStop': fields = { subagent_id: s(p.subagent_id) ?? s(p.agent_id), name: s(p.name) ?? s(p.agent_type), description: s(p.description) ?? null }; break;
    case 'TeammateIdle': fields = { teammate_name: s(p.teammate_name), team_name: s(p.team_name) }; break;
    case 'TaskCompleted': fields = { task_id: s(p.task_id), task_subject: s(p.task_subject), task_description: s(p.task_description) ?? null }; break;
    default: fields = {};
  }
  for (const key of Object.keys(fields)) if (fields[key] === undefined) fields[key] = null;
  return { ...fields, raw: payload };
}

/** "Claude needs your permission to use Bash" → "Bash". */
function toolFromMessage(message: unknown): string | null {
  if (typeof message !== 'string') return null;
  return /permission to use (\S+)/.exec(message)?.[1] ?? null;
}
