import type { AgentMessage } from '../events';

/** The schema is the event bus's (src/events/model.ts): one definition for parsers and WebSocket. */
export { AgentMessage } from '../events';
export type Role = AgentMessage['role'];
export type ContentType = AgentMessage['content_type'];

/** Builds a message with the nullable fields defaulted; every field is always present. */
export function message(role: Role, contentType: ContentType, text: string, extra: Partial<AgentMessage> = {}): AgentMessage {
  return {
    text,
    role,
    content_type: contentType,
    is_complete: true,
    phase: null,
    tool_use_id: null,
    tool_name: null,
    timestamp: null,
    ...extra,
  };
}

/** A stateful reader of one transcript's records (pending tool calls survive between polls). */
export interface RecordParser {
  parse(record: unknown): AgentMessage[];
  /**
   * When the record says the assistant's turn is over (Codex `task_complete`, Pi's final assistant
   * message): its time (ms), or NaN when it carries none; null for any other record.
   */
  turnEnd?(record: unknown): number | null;
}

/** The time (ms) of a record's ISO `timestamp`, NaN without one. */
export const recordTime = (record: Record<string, unknown>): number => (typeof record.timestamp === 'string' ? Date.parse(record.timestamp) : Number.NaN);

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
export const stripAnsi = (text: string) => text.replace(ANSI, '');

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** `Read(path)`-style one-line summary of a tool call's input. */
export function toolSummary(name: string, input: unknown): string {
  const args = isObject(input) ? input : {};
  const key = ['file_path', 'path', 'command', 'cmd', 'pattern', 'url', 'query', 'description', 'prompt']
    .find((k) => typeof args[k] === 'string' || Array.isArray(args[k]));
  let detail = key ? args[key] : typeof input === 'string' ? input : '';
  if (Array.isArray(detail)) detail = detail.join(' ');
  const oneLine = String(detail ?? '').replace(/\s+/g, ' ').trim();
  const short = oneLine.length > 200 ? `${oneLine.slice(0, 199)}…` : oneLine;
  return `**${name}**(${short})`;
}

/** Summary of a tool's output: an error shows its first line behind a warning sign. */
export function resultSummary(text: string, isError: boolean): string {
  if (!isError) return text;
  const first = text.split('\n').find((line) => line.trim()) ?? 'error';
  return `⚠️ ${first.trim()}`;
}
