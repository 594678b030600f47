import { type AgentMessage, type RecordParser, isObject, message, recordTime, resultSummary, str, stripAnsi, toolSummary } from './message';

/**
 * Context Codex injects as user messages; never the person's own words. `<turn_aborted>` is the
 * note 0.17x writes for the model after Esc or a refused approval ("The user interrupted the
 * previous turn on purpose…").
 */
const INJECTED_USER = /^\s*<(environment_context|user_instructions|permissions instructions|INSTRUCTIONS|turn_aborted)>|^# AGENTS\.md instructions/;

/**
 * Codex rollout lines (`{timestamp, type, payload}`). Only the `response_item` stream is read:
 * `event_msg` repeats the same content for the TUI, and reading both would double every message.
 */
export class CodexParser implements RecordParser {
  private readonly pending = new Map<string, string>();

  parse(record: unknown): AgentMessage[] {
    if (!isObject(record) || record.type !== 'response_item' || !isObject(record.payload)) return [];
    const item = record.payload;
    const timestamp = str(record.timestamp);
    switch (item.type) {
      case 'message': return this.message(item, timestamp);
      case 'reasoning': return this.reasoning(item, timestamp);
      case 'function_call':
      case 'custom_tool_call': return this.call(item, timestamp);
      case 'local_shell_call': return this.call({ ...item, name: 'shell', input: localShellCommand(item) }, timestamp);
      case 'web_search_call': return [message('assistant', 'tool_use', toolSummary('web_search', item.action), { tool_name: 'web_search', timestamp })];
      case 'function_call_output':
      case 'custom_tool_call_output': return this.output(item, timestamp);
      default: return [];
    }
  }

  /** `event_msg` `task_complete` (or `turn_aborted` after Esc) closes a turn. */
  turnEnd(record: unknown): number | null {
    if (!isObject(record) || record.type !== 'event_msg' || !isObject(record.payload)) return null;
    return record.payload.type === 'task_complete' || record.payload.type === 'turn_aborted' ? recordTime(record) : null;
  }

  private message(item: Record<string, unknown>, timestamp: string | null): AgentMessage[] {
    const role = item.role === 'assistant' ? 'assistant' : item.role === 'user' ? 'user' : null;
    if (!role || !Array.isArray(item.content)) return [];
    const text = item.content
      .map((part) => (isObject(part) && (part.type === 'output_text' || part.type === 'input_text') ? str(part.text) ?? '' : ''))
      .join('')
      .trim();
    if (!text || (role === 'user' && INJECTED_USER.test(text))) return [];
    return [message(role, 'text', stripAnsi(text), { phase: str(item.phase), timestamp })];
  }

  private reasoning(item: Record<string, unknown>, timestamp: string | null): AgentMessage[] {
    const summary = Array.isArray(item.summary) ? item.summary : [];
    const text = summary.map((part) => (isObject(part) ? str(part.text) ?? '' : '')).filter(Boolean).join('\n\n').trim();
    return [message('assistant', 'thinking', text || '(thinking)', { timestamp })];
  }

  private call(item: Record<string, unknown>, timestamp: string | null): AgentMessage[] {
    const name = str(item.name) ?? 'tool';
    const id = str(item.call_id);
    if (id) this.pending.set(id, name);
    const input = item.input ?? parseArguments(item.arguments);
    return [message('assistant', 'tool_use', toolSummary(name, input), { tool_use_id: id, tool_name: name, timestamp })];
  }

  private output(item: Record<string, unknown>, timestamp: string | null): AgentMessage[] {
    const id = str(item.call_id);
    const name = id ? this.pending.get(id) ?? null : null;
    if (id) this.pending.delete(id);
    const { text, failed } = outputText(item.output);
    return [message('assistant', 'tool_result', resultSummary(stripAnsi(text).trim(), failed), { tool_use_id: id, tool_name: name, timestamp })];
  }
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try { return JSON.parse(value); } catch { return value; }
}

function localShellCommand(item: Record<string, unknown>): unknown {
  const action = isObject(item.action) ? item.action : {};
  return { command: action.command };
}

/** Outputs are a plain string or a JSON string `{output, metadata: {exit_code}}`, depending on the version. */
function outputText(output: unknown): { text: string; failed: boolean } {
  const raw = isObject(output) ? output : parseArguments(output);
  if (isObject(raw) && typeof raw.output === 'string') {
    const exit = isObject(raw.metadata) ? raw.metadata.exit_code : undefined;
    return { text: raw.output, failed: typeof exit === 'number' && exit !== 0 };
  }
  if (isObject(raw) && typeof raw.content === 'string') return { text: raw.content, failed: raw.success === false };
  if (typeof output === 'string') return unifiedExecOutput(output);
  return { text: JSON.stringify(output ?? ''), failed: false };
}

/**
 * `exec_command` (Codex 0.1xx) reports in text: `Chunk ID: …\nWall time: …\nProcess exited with
 * code N\nOriginal token count: …\nOutput:\n<output>`. Keep the output and read the exit code.
 */
function unifiedExecOutput(output: string): { text: string; failed: boolean } {
  const m = /^Chunk ID:[^\n]*\n(?:[^\n]*\n)*?Process exited with code (-?\d+)\n(?:[^\n]*\n)*?Output:\n?([\s\S]*)$/.exec(output);
  if (!m) return { text: output, failed: false };
  const text = m[2]!.trim();
  return { text: text || '(no output)', failed: m[1] !== '0' };
}
