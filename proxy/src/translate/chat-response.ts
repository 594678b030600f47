import type { AnthropicEvent, AnthropicResponse, AnthropicUsage } from './anthropic';
import type { ChatContext } from './chat-request';
import { chatUsage, figuresOf, finishReasonOf, newId } from './common';
import { openaiErrorOf } from './errors';
import { dataFrame, DONE_FRAME, parseOrNull, sseTranslator, type SseTranslator } from './sse';
import { NOTE_MARKER } from '../upstream/multimodal';

/**
 * Chat Completions has one content string where Messages has blocks: blocks are joined as they are
 * (a vendor splits one answer around citations), but a note the proxy added as its own last block
 * starts a paragraph of its own instead of running on from the answer's last word.
 */
const noteBreak = (textSoFar: boolean, text: string) => (textSoFar && text.startsWith(NOTE_MARKER) ? '\n\n' : '');

const created = () => Math.floor(Date.now() / 1000);
/** The answer's id from the vendor's message id; a vendor that sends none (or not a string) gets a fresh one. */
const chatId = (messageId: unknown) => `chatcmpl-${typeof messageId === 'string' && messageId !== '' ? messageId.replace(/^msg_/, '') : newId('')}`;

/** A Messages answer as a Chat Completions answer: text, reasoning_content, tool_calls, finish_reason, usage. */
export function anthropicToChat(message: AnthropicResponse, context: ChatContext) {
  let text = '';
  let reasoning = '';
  const toolCalls: { id: string; type: 'function'; function: { name: string; arguments: string } }[] = [];
  for (const block of message.content ?? []) {
    if (block.type === 'text') text += noteBreak(text !== '', block.text) + block.text;
    else if (block.type === 'thinking') reasoning += block.thinking;
    else if (block.type === 'tool_use') toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
  }
  const figures = figuresOf(message.usage);
  return {
    id: chatId(message.id),
    object: 'chat.completion',
    created: created(),
    model: message.model ?? context.model,
    choices: [{
      index: 0,
      message: {
        role: 'assistant',
        content: text === '' && toolCalls.length > 0 ? null : text,
        ...(reasoning ? { reasoning_content: reasoning } : {}),
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        refusal: null,
      },
      finish_reason: finishReasonOf(message.stop_reason),
      logprobs: null,
    }],
    usage: chatUsage(figures),
  };
}

/**
 * Anthropic SSE → Chat Completions chunks (`data: {…}` lines, `data: [DONE]` at the end). Text and
 * thinking deltas become `content` and `reasoning_content`, each tool_use block one entry of
 * `tool_calls` (its `index` counts tool calls, as OpenAI's does), message_delta the finish_reason;
 * the usage chunk (empty `choices`) follows when the client asked for it. An in-stream error is sent
 * as an `error` object and ends the stream; a stream cut short errors the client's too.
 */
export function anthropicToChatStream(context: ChatContext): SseTranslator {
  let id = chatId('stream');
  let model = context.model;
  const time = created();
  const usage: Partial<AnthropicUsage> = {};
  const toolIndex = new Map<number, number>();
  let finish: string | null = null;
  let done = false;
  /** Index of the last block whose text went out, -1 before any (a note starts a block of its own). */
  let textBlock = -1;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    dataFrame({ id, object: 'chat.completion.chunk', created: time, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
  return sseTranslator((sse) => {
    if (done) return '';
    const event = parseOrNull(sse.data) as AnthropicEvent | null;
    if (!event || typeof event !== 'object') return '';
    switch (event.type) {
      case 'message_start':
        id = chatId(event.message?.id);
        model = event.message?.model ?? model;
        Object.assign(usage, event.message?.usage);
        return chunk({ role: 'assistant', content: '' });
      case 'content_block_start': {
        const block = event.content_block;
        if (block?.type !== 'tool_use') return '';
        const n = toolIndex.size;
        toolIndex.set(event.index, n);
        return chunk({ tool_calls: [{ index: n, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] });
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta?.type === 'text_delta') {
          const lead = event.index !== textBlock ? noteBreak(textBlock >= 0, delta.text) : '';
          if (delta.text) textBlock = event.index;
          return chunk({ content: lead + delta.text });
        }
        if (delta?.type === 'thinking_delta') return chunk({ reasoning_content: delta.thinking });
        if (delta?.type === 'input_json_delta') {
          const n = toolIndex.get(event.index);
          return n === undefined || !delta.partial_json ? '' : chunk({ tool_calls: [{ index: n, function: { arguments: delta.partial_json } }] });
        }
        return '';
      }
      case 'message_delta':
        Object.assign(usage, withoutNulls(event.usage));
        finish = finishReasonOf(event.delta?.stop_reason);
        return chunk({}, finish);
      case 'message_stop': {
        done = true;
        const last = context.includeUsage ? dataFrame({ id, object: 'chat.completion.chunk', created: time, model, choices: [], usage: chatUsage(figuresOf(usage)) }) : '';
        return `${last}${DONE_FRAME}`;
      }
      case 'error':
        done = true;
        return dataFrame(openaiErrorOf(500, event.error?.message ?? 'upstream error', event.error?.type ?? 'api_error'));
      default:
        return '';
    }
  }, () => {
    if (!done) throw new Error('the upstream stream ended before message_stop');
    return '';
  });
}

/** A usage object without its null members (a later null must not erase an earlier count). */
export function withoutNulls(usage: Partial<AnthropicUsage> | undefined): Partial<AnthropicUsage> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(usage ?? {})) if (typeof v === 'number') out[k] = v;
  return out as Partial<AnthropicUsage>;
}
