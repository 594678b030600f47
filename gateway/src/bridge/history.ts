import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { AgentMessage } from '../events';
import { discoverTranscript } from '../monitor/discover';
import { recordParser } from '../monitor/tracker';
import type { GatewayContext } from '../runtime/types';
import type { Block, Card } from './platform';

/** How much of the end of a transcript is read, and how long one message may be in the reply. */
const TAIL_BYTES = 2 * 1024 * 1024;
const MESSAGE_CHARS = 700;
export const HISTORY_DEFAULT = 10;
export const HISTORY_MAX = 50;
/** Slack for a transcript created just before the window was recorded (as the monitor allows). */
const SINCE_SLACK_MS = 5_000;

/** The transcript of a window's assistant: the one its hook named, else the newest for its folder since it started. */
export function transcriptOf(ctx: GatewayContext, windowId: string, env: Record<string, string | undefined>): string | null {
  const window = ctx.store.window(windowId);
  if (!window) return null;
  const hooked = ctx.sessions.get(ctx.tmux.windowKey(windowId))?.transcript_path;
  if (hooked) return hooked;
  return discoverTranscript(window.provider, window.cwd, (Date.parse(window.created_at) || Date.now()) - SINCE_SLACK_MS, env);
}

/** The last `count` prompts, replies and tool calls of a transcript, read from its end. */
export function lastMessages(provider: string, path: string, count: number): AgentMessage[] {
  const parser = recordParser(provider, path);
  if (!parser) return [];
  let text: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      const start = Math.max(0, size - TAIL_BYTES);
      const buffer = Buffer.alloc(size - start);
      readSync(fd, buffer, 0, buffer.length, start);
      text = buffer.toString('utf8');
      if (start > 0) text = text.slice(text.indexOf('\n') + 1); // a cut first line
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
  const messages: AgentMessage[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try { messages.push(...parser.parse(JSON.parse(line))); } catch { /* a torn line */ }
  }
  return messages.filter((m) => m.content_type === 'tool_use' || (m.content_type === 'text' && m.text.trim())).slice(-count);
}

/** `/history [n]`: the bound session's last messages as one card that fits one chat message. */
export function historyCard(ctx: GatewayContext, windowId: string, name: string, count: number, maxChars: number, env: Record<string, string | undefined>): Card {
  const window = ctx.store.window(windowId);
  if (window?.provider === 'shell') return { title: `History of ${name}`, blocks: [{ type: 'markdown', text: 'A shell session has no transcript; `/screenshot` shows its screen.' }] };
  const path = transcriptOf(ctx, windowId, env);
  const messages = path && window ? lastMessages(window.provider, path, count) : [];
  if (!messages.length) return { title: `History of ${name}`, blocks: [{ type: 'markdown', text: 'No messages in this session\'s transcript yet.' }] };
  const blocks: Block[] = messages.map((m) => {
    const text = m.text.length > MESSAGE_CHARS ? `${m.text.slice(0, MESSAGE_CHARS)}…` : m.text;
    if (m.content_type === 'tool_use') return { type: 'tool', text };
    return m.role === 'user' ? { type: 'markdown', text: `👤 ${text}` } : { type: 'markdown', text };
  });
  // The newest messages are kept when they do not all fit in one message.
  let size = 0;
  let from = blocks.length;
  while (from > 0 && size + blocks[from - 1]!.text.length + 16 <= maxChars - 200) size += blocks[--from]!.text.length + 16;
  const shown = blocks.slice(Math.min(from, blocks.length - 1));
  const left = blocks.length - shown.length;
  return { title: `History of ${name}`, blocks: left ? [{ type: 'note', text: `(${left} earlier messages left out)` }, ...shown] : shown, footer: `last ${shown.length} message${shown.length === 1 ? '' : 's'}` };
}
