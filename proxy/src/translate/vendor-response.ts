import type { AnthropicResponse, AnthropicUsage, ContentBlock, StopReason } from './anthropic';
import { anthropicUsageOf, argumentsObject, newId, stopReasonOf } from './common';
import { namedFrame, parseOrNull, sseTranslator, type SseTranslator } from './sse';

type Json = Record<string, unknown>;

const messageId = (id: unknown) => (typeof id === 'string' && id ? `msg_${id.replace(/^chatcmpl-/, '')}` : newId('msg_'));

/** The reasoning text of a message or delta: `reasoning_content` (DeepSeek, vLLM) or `reasoning` (OpenRouter, Ollama). */
const reasoningOf = (m: Json | undefined): string => {
  const r = m?.reasoning_content ?? m?.reasoning;
  return typeof r === 'string' ? r : '';
};

/** An OpenAI-format vendor's chat completion as a Messages answer. */
export function chatToAnthropicResponse(body: Json, model: string): AnthropicResponse {
  const choice = ((body.choices as Json[] | undefined) ?? [])[0] ?? {};
  const message = (choice.message ?? {}) as Json;
  const content: ContentBlock[] = [];
  const reasoning = reasoningOf(message);
  if (reasoning) content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  if (typeof message.content === 'string' && message.content) content.push({ type: 'text', text: message.content });
  for (const call of (Array.isArray(message.tool_calls) ? message.tool_calls : []) as Json[]) {
    const fn = (call.function ?? {}) as Json;
    content.push({ type: 'tool_use', id: typeof call.id === 'string' && call.id ? call.id : newId('toolu_'), name: String(fn.name ?? ''), input: argumentsObject(fn.arguments) });
  }
  return {
    id: messageId(body.id), type: 'message', role: 'assistant', model: typeof body.model === 'string' ? body.model : model, content,
    stop_reason: stopReasonOf(choice.finish_reason), stop_sequence: null,
    usage: anthropicUsageOf(body.usage) ?? { input_tokens: 0, output_tokens: 0 },
  };
}

/**
 * OpenAI chat chunks (`data: {…}`, `data: [DONE]`) → an Anthropic SSE stream: message_start at the
 * first chunk; `reasoning_content`/`reasoning` deltas in a thinking block, `content` in a text block,
 * each `tool_calls[index]` in a tool_use block with input_json_delta; message_delta (stop reason and
 * usage, which OpenAI sends in a last chunk with empty `choices`) and message_stop at [DONE] or at the
 * end. A stream that ends before any finish_reason or [DONE] breaks the client's too. An `error`
 * chunk becomes an Anthropic `error` event.
 */
export function chatToAnthropicStream(model: string): SseTranslator {
  let started = false;
  let ended = false;
  let finished: StopReason | null = null;
  let usage: AnthropicUsage | null = null;
  let blockIndex = -1;
  let open: 'text' | 'thinking' | 'tool' | null = null;
  const tools = new Map<number, number>(); // OpenAI tool_calls index → block index
  const frame = (data: Json & { type: string }) => namedFrame(data.type, data);
  const close = () => {
    if (open === null) return '';
    open = null;
    return frame({ type: 'content_block_stop', index: blockIndex });
  };
  const begin = (kind: 'text' | 'thinking' | 'tool', block: ContentBlock) => {
    const out = close();
    blockIndex++;
    open = kind;
    return out + frame({ type: 'content_block_start', index: blockIndex, content_block: block });
  };
  const start = (chunk: Json) => {
    if (started) return '';
    started = true;
    const message: AnthropicResponse = {
      id: messageId(chunk.id), type: 'message', role: 'assistant', model: typeof chunk.model === 'string' ? chunk.model : model, content: [],
      stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 },
    };
    return frame({ type: 'message_start', message });
  };
  const end = () => {
    ended = true;
    let out = close();
    const u = usage ?? { input_tokens: 0, output_tokens: 0 };
    out += frame({ type: 'message_delta', delta: { stop_reason: finished ?? 'end_turn', stop_sequence: null }, usage: u });
    return out + frame({ type: 'message_stop' });
  };
  return sseTranslator((sse) => {
    if (ended) return '';
    if (sse.data.trim() === '[DONE]') return started ? end() : '';
    const chunk = parseOrNull(sse.data) as Json | null;
    if (!chunk || typeof chunk !== 'object') return '';
    if (chunk.error) {
      ended = true;
      const e = chunk.error as Json;
      return frame({ type: 'error', error: { type: 'api_error', message: typeof e.message === 'string' ? e.message : JSON.stringify(e) } });
    }
    let out = start(chunk);
    const reported = anthropicUsageOf(chunk.usage);
    if (reported) usage = reported;
    const choice = ((chunk.choices as Json[] | undefined) ?? [])[0];
    const delta = (choice?.delta ?? {}) as Json;
    const reasoning = reasoningOf(delta);
    if (reasoning) {
      if (open !== 'thinking') out += begin('thinking', { type: 'thinking', thinking: '', signature: '' });
      out += frame({ type: 'content_block_delta', index: blockIndex, delta: { type: 'thinking_delta', thinking: reasoning } });
    }
    if (typeof delta.content === 'string' && delta.content) {
      if (open !== 'text') out += begin('text', { type: 'text', text: '' });
      out += frame({ type: 'content_block_delta', index: blockIndex, delta: { type: 'text_delta', text: delta.content } });
    }
    for (const call of (Array.isArray(delta.tool_calls) ? delta.tool_calls : []) as Json[]) {
      const index = typeof call.index === 'number' ? call.index : tools.size;
      const fn = (call.function ?? {}) as Json;
      if (!tools.has(index)) {
        out += begin('tool', { type: 'tool_use', id: typeof call.id === 'string' && call.id ? call.id : newId('toolu_'), name: String(fn.name ?? ''), input: {} });
        tools.set(index, blockIndex);
      }
      // Arguments of a call whose block is already closed cannot be sent any more (calls stream one after another).
      if (typeof fn.arguments === 'string' && fn.arguments && tools.get(index) === blockIndex && open === 'tool') {
        out += frame({ type: 'content_block_delta', index: blockIndex, delta: { type: 'input_json_delta', partial_json: fn.arguments } });
      }
    }
    if (choice?.finish_reason) finished = stopReasonOf(choice.finish_reason);
    return out;
  }, () => {
    if (!ended) {
      // A vendor that ends a finished stream without [DONE] is still complete.
      if (started && finished !== null) return end();
      throw new Error('the upstream stream ended before its finish_reason');
    }
    return '';
  });
}
