import type { HookEventName } from './events';

/**
 * The Gemini CLI hook events the gateway installs, and the event each is recorded as: Gemini's
 * AfterAgent ("once per turn after the model generates its final response") is the end of a turn,
 * which Claude Code calls Stop.
 */
export const GEMINI_HOOK_EVENTS = {
  SessionStart: 'SessionStart', SessionEnd: 'SessionEnd', Notification: 'Notification', AfterAgent: 'Stop',
} as const satisfies Record<string, HookEventName>;
export type GeminiHookEvent = keyof typeof GEMINI_HOOK_EVENTS;

const isGeminiEvent = (name: unknown): name is GeminiHookEvent => typeof name === 'string' && Object.hasOwn(GEMINI_HOOK_EVENTS, name);

/**
 * A Gemini CLI hook payload: every one carries an ISO `timestamp` (Claude Code's carry none) and an
 * event name Gemini installs with us.
 */
export const isGeminiPayload = (data: Record<string, unknown>): boolean =>
  typeof data.timestamp === 'string' && Number.isFinite(Date.parse(data.timestamp)) && isGeminiEvent(data.hook_event_name);

/** Gemini's payload as the gateway records it: its event name, and a ToolPermission notice as a permission prompt. */
export function fromGemini(data: Record<string, unknown>): { event: HookEventName; data: Record<string, unknown> } | null {
  const name = data.hook_event_name;
  if (!isGeminiEvent(name)) return null;
  const event = GEMINI_HOOK_EVENTS[name];
  const out = { ...data };
  if (event === 'Notification' && data.notification_type === 'ToolPermission') out.notification_type = 'permission_prompt';
  return { event, data: out };
}
