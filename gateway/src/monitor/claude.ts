import { type AgentMessage, type RecordParser, isObject, message, recordTime, resultSummary, str, stripAnsi, toolSummary } from './message';

const SKIPPED_USER_TAGS = /<(bash-input|bash-stdout|bash-stderr|local-command-caveat|system-reminder)>/;
const COMMAND_NAME = /<command-name>\s*([^<]*?)\s*<\/command-name>/;
const COMMAND_ARGS = /<command-args>([\s\S]*?)<\/command-args>/;
const LOCAL_STDOUT = /<local-command-stdout>([\s\S]*?)<\/local-command-stdout>/;
const INTERRUPTED_TOOL = '[Request interrupted by user for tool use]';
/** What Claude Code writes as the user's line when a turn was stopped (a refused permission, an interrupted tool). */
const INTERRUPTED = /^\[Request interrupted by user( for tool use)?\]$/;

interface PendingTool { name: string; input: unknown }

/**
 * Claude Code transcript lines (`~/.claude/projects/<cwd>/<session>.jsonl`). Each assistant line
 * carries one content block; lines sharing `message.id` are distinct blocks, never deduplicated.
 * Tool calls stay pending until their `tool_result` arrives, possibly several polls later.
 */
export class ClaudeParser implements RecordParser {
  private readonly pending = new Map<string, PendingTool>();
  private lastCommand: string | null = null;

  parse(record: unknown): AgentMessage[] {
    if (!isObject(record) || record.isSidechain === true) return [];
    const timestamp = str(record.timestamp);
    switch (record.type) {
      case 'assistant': return this.assistant(record.message, timestamp);
      case 'user': return record.isMeta === true ? [] : this.user(record.message, timestamp);
      case 'system': return record.subtype === 'local_command' ? this.localCommand(str(record.content) ?? '', timestamp) : [];
      default: return [];
    }
  }

  /**
   * A turn the user stopped is over: Claude Code runs no Stop hook then, only writes its
   * `[Request interrupted by user…]` line (a refused permission prompt writes it too).
   */
  turnEnd(record: unknown): number | null {
    if (!isObject(record) || record.type !== 'user' || record.isSidechain === true || !isObject(record.message)) return null;
    const content = record.message.content;
    const texts = typeof content === 'string' ? [content] : Array.isArray(content) ? content.map((b) => (isObject(b) && b.type === 'text' ? str(b.text) ?? '' : '')) : [];
    return texts.some((t) => INTERRUPTED.test(t.trim())) ? recordTime(record) : null;
  }

  private assistant(msg: unknown, timestamp: string | null): AgentMessage[] {
    const content = isObject(msg) ? msg.content : null;
    if (typeof content === 'string') return this.assistantText(content, timestamp);
    if (!Array.isArray(content)) return [];
    const out: AgentMessage[] = [];
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === 'text') out.push(...this.assistantText(str(block.text) ?? '', timestamp));
      else if (block.type === 'thinking') {
        const thinking = (str(block.thinking) ?? '').trim();
        out.push(message('assistant', 'thinking', thinking || '(thinking)', { timestamp }));
      } else if (block.type === 'tool_use') out.push(...this.toolUse(block, timestamp));
    }
    return out;
  }

  private assistantText(raw: string, timestamp: string | null): AgentMessage[] {
    const text = stripAnsi(raw).trim();
    if (!text || text === '(no content)') return [];
    return [message('assistant', 'text', text, { timestamp })];
  }

  private toolUse(block: Record<string, unknown>, timestamp: string | null): AgentMessage[] {
    const id = str(block.id);
    const name = str(block.name) ?? 'tool';
    if (id) this.pending.set(id, { name, input: block.input });
    const out = [message('assistant', 'tool_use', toolSummary(name, block.input), { tool_use_id: id, tool_name: name, timestamp })];
    const plan = name === 'ExitPlanMode' && isObject(block.input) ? str(block.input.plan) : null;
    if (plan) out.push(message('assistant', 'text', plan, { timestamp }));
    return out;
  }

  private user(msg: unknown, timestamp: string | null): AgentMessage[] {
    const content = isObject(msg) ? msg.content : null;
    if (typeof content === 'string') return this.userText(content, timestamp);
    if (!Array.isArray(content)) return [];
    const out: AgentMessage[] = [];
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === 'tool_result') out.push(this.toolResult(block, timestamp));
      else if (block.type === 'text') out.push(...this.userText(str(block.text) ?? '', timestamp));
    }
    return out;
  }

  private userText(raw: string, timestamp: string | null): AgentMessage[] {
    if (COMMAND_NAME.test(raw) || LOCAL_STDOUT.test(raw)) return this.localCommand(raw, timestamp);
    if (SKIPPED_USER_TAGS.test(raw)) return [];
    const text = stripAnsi(raw).trim();
    return text ? [message('user', 'text', text, { timestamp })] : [];
  }

  private toolResult(block: Record<string, unknown>, timestamp: string | null): AgentMessage {
    const id = str(block.tool_use_id);
    const tool = id ? this.pending.get(id) : undefined;
    if (id) this.pending.delete(id);
    const raw = stripAnsi(resultText(block.content)).replace(/^\s*\n|\s+$/g, '');
    const text = raw === INTERRUPTED_TOOL ? '⏹ Interrupted' : resultSummary(raw, block.is_error === true);
    return message('assistant', 'tool_result', text, { tool_use_id: id, tool_name: tool?.name ?? null, timestamp });
  }

  /** Both the older `<command-name>`/`<local-command-stdout>` pair and the 2.1 `system` form. */
  private localCommand(raw: string, timestamp: string | null): AgentMessage[] {
    const name = COMMAND_NAME.exec(raw)?.[1];
    if (name) {
      const args = COMMAND_ARGS.exec(raw)?.[1]?.trim();
      this.lastCommand = args ? `${name} ${args}` : name;
      return [];
    }
    const stdout = LOCAL_STDOUT.exec(raw)?.[1];
    if (stdout === undefined) return [];
    const command = this.lastCommand ?? '/command';
    this.lastCommand = null;
    const text = `❯ \`${command}\`\n\`\`\`\n${stripAnsi(stdout).trim()}\n\`\`\``;
    return [message('assistant', 'local_command', text, { tool_name: command.split(' ')[0] ?? command, timestamp })];
  }
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isObject(part) ? (part.type === 'image' ? '[image]' : str(part.text) ?? '') : ''))
    .filter(Boolean)
    .join('\n');
}
