import type { AnthropicRequest, ContentBlock } from './anthropic';

/**
 * Thinking this proxy carried from an OpenAI client (a Chat assistant's `reasoning_content`, a
 * Responses reasoning item without a vendor signature) has an empty signature. An OpenAI-format
 * provider gets it back as `reasoning_content` (DeepSeek wants it within a tool-call loop); a
 * Messages provider would refuse it, so it is removed for one, in place. When that leaves the last
 * assistant turn with a tool call but no thinking first, thinking is turned off (the Messages API
 * refuses to continue such a turn with thinking on). Returns whether anything changed.
 */
export function dropUnsignedThinking(body: Record<string, unknown>): boolean {
  const messages = body.messages as AnthropicRequest['messages'] | undefined;
  if (!Array.isArray(messages)) return false;
  let changed = false;
  for (const message of messages) {
    if (message?.role !== 'assistant' || !Array.isArray(message.content)) continue;
    const kept = message.content.filter((b: ContentBlock) => !(b?.type === 'thinking' && !b.signature));
    if (kept.length !== message.content.length) {
      message.content = kept;
      changed = true;
    }
  }
  if (!changed) return false;
  const last = messages.findLast((m) => m?.role === 'assistant');
  const blocks = Array.isArray(last?.content) ? last.content : [];
  const opensWithThinking = blocks[0]?.type === 'thinking' || blocks[0]?.type === 'redacted_thinking';
  if ((body.thinking as { type?: string } | undefined)?.type === 'enabled' && blocks.some((b) => b.type === 'tool_use') && !opensWithThinking) delete body.thinking;
  return true;
}

/** Whether a translated request carries thinking without a signature (see dropUnsignedThinking). */
export const hasUnsignedThinking = (request: AnthropicRequest): boolean =>
  request.messages.some((m) => m.role === 'assistant' && Array.isArray(m.content) && m.content.some((b) => b.type === 'thinking' && !b.signature));
