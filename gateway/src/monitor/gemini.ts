import { type AgentMessage, type RecordParser, isObject, message, resultSummary, str, stripAnsi, toolSummary } from './message';

type Msg = Record<string, unknown>;
interface Emitted { thoughts: number; calls: Set<string>; results: Set<string>; text: boolean }

/** Context Gemini CLI injects as the first user turn. */
const INJECTED = /^\s*<session_context>/;

/**
 * Gemini CLI chat records. A message may be written several times as it grows (0.6x appends the
 * same id again with its tool calls; older versions rewrite the whole file), so each part is
 * emitted once: thoughts by count, tool calls and results by id, the text when it is non-empty.
 */
class GeminiMessages {
  private readonly emitted = new Map<string, Emitted>();
  /** Ids sent before a restart (only the ids were saved): never sent again. */
  private readonly restored = new Set<string>();

  markSeen(msg: Msg): void {
    this.convert(msg);
  }

  restore(ids: string[]): void {
    for (const id of ids) this.restored.add(id);
  }

  convert(msg: Msg): AgentMessage[] {
    const id = str(msg.id) ?? `${str(msg.timestamp)}:${str(msg.type)}`;
    if (this.restored.has(id)) return [];
    const seen = this.emitted.get(id) ?? { thoughts: 0, calls: new Set<string>(), results: new Set<string>(), text: false };
    this.emitted.set(id, seen);
    const timestamp = str(msg.timestamp);
    const text = stripAnsi(contentText(msg.content)).trim();
    const out: AgentMessage[] = [];
    if (msg.type === 'user') {
      if (text && !seen.text && !INJECTED.test(text)) out.push(message('user', 'text', text, { timestamp }));
      seen.text ||= text !== '';
      return out;
    }
    if (msg.type !== 'gemini') return out;
    const thoughts = Array.isArray(msg.thoughts) ? msg.thoughts.filter(isObject) : [];
    for (const thought of thoughts.slice(seen.thoughts)) {
      const body = [str(thought.subject), str(thought.description)].filter(Boolean).join(': ');
      out.push(message('assistant', 'thinking', body || '(thinking)', { timestamp: str(thought.timestamp) ?? timestamp }));
    }
    seen.thoughts = Math.max(seen.thoughts, thoughts.length);
    for (const [i, call] of (Array.isArray(msg.toolCalls) ? msg.toolCalls.filter(isObject) : []).entries()) {
      const name = str(call.name) ?? 'tool';
      const callId = str(call.id) ?? `${id}#${i}`;
      if (!seen.calls.has(callId)) {
        seen.calls.add(callId);
        out.push(message('assistant', 'tool_use', toolSummary(name, call.args), { tool_use_id: str(call.id), tool_name: name, timestamp }));
      }
      if (!seen.results.has(callId) && (call.result !== undefined || call.status === 'error')) {
        seen.results.add(callId);
        const result = stripAnsi(toolResultText(call.result) || str(call.resultDisplay) || '').trim();
        out.push(message('assistant', 'tool_result', resultSummary(result, call.status === 'error'), { tool_use_id: str(call.id), tool_name: name, timestamp }));
      }
    }
    if (text && !seen.text) out.push(message('assistant', 'text', text, { timestamp }));
    seen.text ||= text !== '';
    return out;
  }
}

/** Gemini CLI ≤ 0.5x: `session-*.json`, one object rewritten whole; re-read on mtime change. */
export class GeminiParser {
  private readonly messages = new GeminiMessages();

  /** Ids saved in monitor_state.json by a previous run. */
  restore(ids: string[]): void {
    this.messages.restore(ids);
  }

  /** Marks everything already in the file as sent (a resumed session starts at its end). */
  skipExisting(doc: unknown): void {
    for (const msg of messagesOf(doc)) this.messages.markSeen(msg);
  }

  parseDocument(doc: unknown): AgentMessage[] {
    return messagesOf(doc).flatMap((msg) => this.messages.convert(msg));
  }
}

/**
 * Gemini CLI 0.6x: `session-*.jsonl` — a header line, message lines (the same id again when the
 * message grows) and `{"$set": {...}}` updates, which may carry a `messages` list.
 */
export class GeminiJsonlParser implements RecordParser {
  private readonly messages = new GeminiMessages();

  parse(record: unknown): AgentMessage[] {
    if (!isObject(record)) return [];
    if (isObject(record.$set)) return messagesOf(record.$set).flatMap((msg) => this.messages.convert(msg));
    return typeof record.type === 'string' ? this.messages.convert(record) : [];
  }
}

function messagesOf(doc: unknown): Msg[] {
  if (!isObject(doc) || !Array.isArray(doc.messages)) return [];
  return doc.messages.filter(isObject);
}

/** Text parts only: a user turn made of `functionResponse` parts is the tool output going back. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isObject(part) ? str(part.text) ?? '' : '')).join('');
}

/** Tool results are Gemini API parts: `[{functionResponse: {response: {output}}}]`. */
function toolResultText(result: unknown): string {
  if (typeof result === 'string') return unwrap(result);
  if (!Array.isArray(result)) return '';
  return result
    .map((part) => {
      if (!isObject(part)) return '';
      const response = isObject(part.functionResponse) && isObject(part.functionResponse.response) ? part.functionResponse.response : null;
      return unwrap(str(response?.output) ?? str(response?.error) ?? str(part.text) ?? '');
    })
    .filter(Boolean)
    .join('\n');
}

/** 0.6x wraps command output in `<untrusted_context>` for the model; people don't need the tag. */
const unwrap = (text: string) => text.replace(/^\s*<untrusted_context>\n?|\n?<\/untrusted_context>\s*$/g, '');
