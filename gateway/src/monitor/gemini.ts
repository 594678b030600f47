import { type AgentMessage, isObject, message, resultSummary, str, stripAnsi, toolSummary } from './message';

/**
 * Gemini CLI rewrites its whole chat file (`{sessionId, messages: [...]}`) on every change, so a
 * byte offset means nothing: the caller re-reads on mtime change and we emit only unseen ids.
 */
export class GeminiParser {
  private readonly seen = new Set<string>();

  /** Marks every message already in the file as seen (a newly found session starts at its end). */
  skipExisting(doc: unknown): void {
    for (const msg of messagesOf(doc)) this.seen.add(idOf(msg));
  }

  parseDocument(doc: unknown): AgentMessage[] {
    const out: AgentMessage[] = [];
    for (const msg of messagesOf(doc)) {
      const id = idOf(msg);
      if (this.seen.has(id)) continue;
      this.seen.add(id);
      out.push(...convert(msg));
    }
    return out;
  }
}

function messagesOf(doc: unknown): Record<string, unknown>[] {
  if (!isObject(doc) || !Array.isArray(doc.messages)) return [];
  return doc.messages.filter(isObject);
}

const idOf = (msg: Record<string, unknown>) => str(msg.id) ?? `${str(msg.timestamp)}:${str(msg.type)}`;

function convert(msg: Record<string, unknown>): AgentMessage[] {
  const timestamp = str(msg.timestamp);
  const text = stripAnsi(contentText(msg.content)).trim();
  if (msg.type === 'user') return text ? [message('user', 'text', text, { timestamp })] : [];
  if (msg.type !== 'gemini') return [];
  const out: AgentMessage[] = [];
  for (const thought of Array.isArray(msg.thoughts) ? msg.thoughts.filter(isObject) : []) {
    const body = [str(thought.subject), str(thought.description)].filter(Boolean).join(': ');
    out.push(message('assistant', 'thinking', body || '(thinking)', { timestamp: str(thought.timestamp) ?? timestamp }));
  }
  for (const call of Array.isArray(msg.toolCalls) ? msg.toolCalls.filter(isObject) : []) {
    const name = str(call.name) ?? 'tool';
    const id = str(call.id);
    out.push(message('assistant', 'tool_use', toolSummary(name, call.args), { tool_use_id: id, tool_name: name, timestamp }));
    if (call.result !== undefined || call.status === 'error') {
      const result = stripAnsi(toolResultText(call.result) || str(call.resultDisplay) || '').trim();
      out.push(message('assistant', 'tool_result', resultSummary(result, call.status === 'error'), { tool_use_id: id, tool_name: name, timestamp }));
    }
  }
  if (text) out.push(message('assistant', 'text', text, { timestamp }));
  return out;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isObject(part) ? str(part.text) ?? '' : '')).join('');
}

/** Tool results are Gemini API parts: `[{functionResponse: {response: {output}}}]`. */
function toolResultText(result: unknown): string {
  if (typeof result === 'string') return result;
  if (!Array.isArray(result)) return '';
  return result
    .map((part) => {
      if (!isObject(part)) return '';
      const response = isObject(part.functionResponse) && isObject(part.functionResponse.response) ? part.functionResponse.response : null;
      return str(response?.output) ?? str(response?.error) ?? str(part.text) ?? '';
    })
    .filter(Boolean)
    .join('\n');
}
