import { type AgentMessage, type RecordParser, isObject, message, recordTime, resultSummary, str, stripAnsi, toolSummary } from './message';

/**
 * Pi session lines: a `session` header, then `message` entries whose `message.role` is user,
 * assistant, toolResult or bashExecution. Entries form a tree, but new ones are only ever appended,
 * so reading in file order shows each branch as it was written.
 */
export class PiParser implements RecordParser {
  private readonly pending = new Map<string, string>();

  parse(record: unknown): AgentMessage[] {
    if (!isObject(record) || record.type !== 'message' || !isObject(record.message)) return [];
    const msg = record.message;
    const timestamp = str(record.timestamp) ?? (typeof msg.timestamp === 'number' ? new Date(msg.timestamp).toISOString() : null);
    switch (msg.role) {
      case 'user': return textOf(msg.content) ? [message('user', 'text', textOf(msg.content), { timestamp })] : [];
      case 'assistant': return this.assistant(msg.content, timestamp);
      case 'toolResult': return [this.result(msg, timestamp)];
      case 'bashExecution': return [bash(msg, timestamp)];
      default: return [];
    }
  }

  /** An assistant message that stops for any reason but a tool call (stop, length, error, aborted) ends the turn. */
  turnEnd(record: unknown): number | null {
    if (!isObject(record) || record.type !== 'message' || !isObject(record.message)) return null;
    const { role, stopReason } = record.message;
    return role === 'assistant' && typeof stopReason === 'string' && stopReason !== 'toolUse' ? recordTime(record) : null;
  }

  private assistant(content: unknown, timestamp: string | null): AgentMessage[] {
    if (typeof content === 'string') return content.trim() ? [message('assistant', 'text', stripAnsi(content).trim(), { timestamp })] : [];
    if (!Array.isArray(content)) return [];
    const out: AgentMessage[] = [];
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === 'text' && str(block.text)?.trim()) out.push(message('assistant', 'text', stripAnsi(str(block.text)!).trim(), { timestamp }));
      else if (block.type === 'thinking') out.push(message('assistant', 'thinking', str(block.thinking)?.trim() || '(thinking)', { timestamp }));
      else if (block.type === 'toolCall') {
        const name = str(block.name) ?? 'tool';
        const id = str(block.id);
        if (id) this.pending.set(id, name);
        out.push(message('assistant', 'tool_use', toolSummary(name, block.arguments), { tool_use_id: id, tool_name: name, timestamp }));
      }
    }
    return out;
  }

  private result(msg: Record<string, unknown>, timestamp: string | null): AgentMessage {
    const id = str(msg.toolCallId);
    const name = str(msg.toolName) ?? (id ? this.pending.get(id) ?? null : null);
    if (id) this.pending.delete(id);
    const text = resultSummary(stripAnsi(textOf(msg.content)), msg.isError === true);
    return message('assistant', 'tool_result', text, { tool_use_id: id, tool_name: name, timestamp });
  }
}

function bash(msg: Record<string, unknown>, timestamp: string | null): AgentMessage {
  const command = str(msg.command) ?? '';
  const output = stripAnsi(str(msg.output) ?? '').trim();
  return message('assistant', 'local_command', `❯ \`!${command}\`\n\`\`\`\n${output}\n\`\`\``, { tool_name: 'bash', timestamp });
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content.trim();
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isObject(part) ? (part.type === 'image' ? '[image]' : str(part.text) ?? '') : '')).join('').trim();
}
