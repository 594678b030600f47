import type { AnthropicEvent, AnthropicResponse, AnthropicUsage, ContentBlock, StopReason } from './anthropic';
import { withoutNulls } from './chat-response';
import { figuresOf, newId, responsesUsage } from './common';
import { errorFields } from './errors';
import { REDACTED_PREFIX, SIGNATURE_PREFIX, type ResponsesContext } from './responses-request';
import { namedFrame, parseOrNull, sseTranslator, type SseTranslator } from './sse';

type Item = Record<string, unknown> & { id: string; type: string };

/** The response's id from the vendor's message id; a vendor that sends none (or not a string) gets a fresh one. */
const responseId = (messageId: unknown) => `resp_${typeof messageId === 'string' && messageId !== '' ? messageId.replace(/^msg_/, '') : newId('')}`;

/** The `status` and `incomplete_details` of a finished response. */
function ending(stop: StopReason | null | undefined): { status: 'completed' | 'incomplete'; incomplete_details: { reason: string } | null } {
  if (stop === 'max_tokens' || stop === 'model_context_window_exceeded') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (stop === 'refusal') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/** The response object around `output` (the Responses API repeats the request's settings in it). */
function responseObject(id: string, created: number, model: string, context: ResponsesContext, output: Item[], extra: Record<string, unknown>) {
  return {
    id, object: 'response', created_at: created, status: 'in_progress', error: null, incomplete_details: null,
    model, output, parallel_tool_calls: true, tool_choice: 'auto', tools: [], ...context.echo, usage: null, ...extra,
  };
}

/** One finished content block as an output item; null for blocks the Responses API has no item for. */
function itemOf(block: ContentBlock, context: ResponsesContext): Item | null {
  switch (block.type) {
    case 'text':
      return { id: newId('msg_'), type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: block.text, annotations: [], logprobs: [] }] };
    case 'thinking':
      return reasoningItem(newId('rs_'), block.thinking, block.signature ?? '');
    case 'redacted_thinking':
      return redactedItem(newId('rs_'), block.data);
    case 'tool_use':
      return toolItem(newId(context.customTools.has(block.name) ? 'ctc_' : 'fc_'), block.id, block.name, block.input, context);
    default:
      return null;
  }
}

function reasoningItem(id: string, text: string, signature: string): Item {
  return { id, type: 'reasoning', summary: text ? [{ type: 'summary_text', text }] : [], ...(signature ? { encrypted_content: SIGNATURE_PREFIX + signature } : {}) };
}

/** A redacted thinking block: nothing to show, its data kept for the next turn. */
const redactedItem = (id: string, data: string): Item => ({ id, type: 'reasoning', summary: [], encrypted_content: REDACTED_PREFIX + data });

function toolItem(id: string, callId: string, name: string, input: unknown, context: ResponsesContext): Item {
  if (context.customTools.has(name)) {
    const raw = (input as { input?: unknown } | null)?.input;
    return { id, type: 'custom_tool_call', status: 'completed', call_id: callId, name, input: typeof raw === 'string' ? raw : JSON.stringify(input ?? {}) };
  }
  return { id, type: 'function_call', status: 'completed', call_id: callId, name, arguments: JSON.stringify(input ?? {}) };
}

/** A Messages answer as a Responses API response object. */
export function anthropicToResponses(message: AnthropicResponse, context: ResponsesContext) {
  const output = (message.content ?? []).map((b) => itemOf(b, context)).filter((i): i is Item => i !== null);
  return responseObject(responseId(message.id), Math.floor(Date.now() / 1000), message.model ?? context.model, context, output, {
    ...ending(message.stop_reason), usage: responsesUsage(figuresOf(message.usage)),
  });
}

interface Open {
  item: Item;
  outputIndex: number;
  /** Text, thinking or tool arguments so far. */
  text: string;
  signature: string;
  kind: 'text' | 'thinking' | 'tool';
}

/**
 * Anthropic SSE → Responses API events (`event: response.*`, each with a `sequence_number`):
 * response.created and .in_progress, then for each content block an output item — a message with
 * output_text deltas, a reasoning item with summary deltas (its signature in `encrypted_content`),
 * a function_call with arguments deltas or a custom_tool_call with its input — each closed by
 * output_item.done, and response.completed (or .incomplete at max_tokens) with the usage. An
 * in-stream error is response.failed; a stream cut short errors the client's too.
 */
export function anthropicToResponsesStream(context: ResponsesContext): SseTranslator {
  let seq = 0;
  let id = responseId(newId('msg_'));
  let model = context.model;
  const created = Math.floor(Date.now() / 1000);
  const usage: Partial<AnthropicUsage> = {};
  const output: Item[] = [];
  const open = new Map<number, Open>();
  let stop: StopReason | null = null;
  let done = false;
  const emit = (type: string, data: Record<string, unknown>) => namedFrame(type, { type, sequence_number: seq++, ...data });
  const snapshot = (extra: Record<string, unknown> = {}) => responseObject(id, created, model, context, output.slice(), extra);

  const start = (index: number, block: ContentBlock): string => {
    const outputIndex = output.length;
    let item: Item;
    let kind: Open['kind'];
    let text = '';
    if (block.type === 'text') {
      kind = 'text';
      item = { id: newId('msg_'), type: 'message', status: 'in_progress', role: 'assistant', content: [] };
      text = block.text ?? '';
    } else if (block.type === 'thinking') {
      kind = 'thinking';
      item = { id: newId('rs_'), type: 'reasoning', summary: [] };
      text = block.thinking ?? '';
    } else if (block.type === 'tool_use') {
      kind = 'tool';
      const custom = context.customTools.has(block.name);
      item = custom
        ? { id: newId('ctc_'), type: 'custom_tool_call', status: 'in_progress', call_id: block.id, name: block.name, input: '' }
        : { id: newId('fc_'), type: 'function_call', status: 'in_progress', call_id: block.id, name: block.name, arguments: '' };
    } else if (block.type === 'redacted_thinking') {
      // Complete at its start: it has no deltas.
      const done = redactedItem(newId('rs_'), block.data);
      output.push(done);
      return emit('response.output_item.added', { output_index: outputIndex, item: done }) + emit('response.output_item.done', { output_index: outputIndex, item: done });
    } else return '';
    output.push(item);
    open.set(index, { item, outputIndex, text, signature: block.type === 'thinking' ? block.signature ?? '' : '', kind });
    let out = emit('response.output_item.added', { output_index: outputIndex, item });
    if (kind === 'text') out += emit('response.content_part.added', { item_id: item.id, output_index: outputIndex, content_index: 0, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } });
    if (kind === 'thinking') out += emit('response.reasoning_summary_part.added', { item_id: item.id, output_index: outputIndex, summary_index: 0, part: { type: 'summary_text', text: '' } });
    if (text && kind === 'text') out += emit('response.output_text.delta', { item_id: item.id, output_index: outputIndex, content_index: 0, delta: text, logprobs: [] });
    if (text && kind === 'thinking') out += emit('response.reasoning_summary_text.delta', { item_id: item.id, output_index: outputIndex, summary_index: 0, delta: text });
    return out;
  };

  const finish = (index: number): string => {
    const o = open.get(index);
    if (!o) return '';
    open.delete(index);
    const { item, outputIndex: output_index } = o;
    let out = '';
    let final: Item;
    if (o.kind === 'text') {
      const part = { type: 'output_text', text: o.text, annotations: [], logprobs: [] };
      out += emit('response.output_text.done', { item_id: item.id, output_index, content_index: 0, text: o.text, logprobs: [] });
      out += emit('response.content_part.done', { item_id: item.id, output_index, content_index: 0, part });
      final = { ...item, status: 'completed', content: [part] };
    } else if (o.kind === 'thinking') {
      out += emit('response.reasoning_summary_text.done', { item_id: item.id, output_index, summary_index: 0, text: o.text });
      out += emit('response.reasoning_summary_part.done', { item_id: item.id, output_index, summary_index: 0, part: { type: 'summary_text', text: o.text } });
      final = reasoningItem(item.id, o.text, o.signature);
    } else {
      final = toolItem(item.id, item.call_id as string, item.name as string, parseOrNull(o.text || '{}') ?? { _raw_arguments: o.text }, context);
      if (final.type === 'custom_tool_call') {
        out += emit('response.custom_tool_call_input.delta', { item_id: item.id, output_index, delta: final.input });
        out += emit('response.custom_tool_call_input.done', { item_id: item.id, output_index, input: final.input });
      } else out += emit('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: final.arguments });
    }
    output[output_index] = final;
    return out + emit('response.output_item.done', { output_index, item: final });
  };

  return sseTranslator((sse) => {
    if (done) return '';
    const event = parseOrNull(sse.data) as AnthropicEvent | null;
    if (!event || typeof event !== 'object') return '';
    switch (event.type) {
      case 'message_start': {
        id = responseId(event.message?.id);
        model = event.message?.model ?? model;
        Object.assign(usage, withoutNulls(event.message?.usage));
        const response = snapshot();
        return emit('response.created', { response }) + emit('response.in_progress', { response });
      }
      case 'content_block_start':
        return start(event.index, event.content_block);
      case 'content_block_delta': {
        const o = open.get(event.index);
        const delta = event.delta;
        if (!o || !delta) return '';
        if (delta.type === 'text_delta' && o.kind === 'text') {
          o.text += delta.text;
          return emit('response.output_text.delta', { item_id: o.item.id, output_index: o.outputIndex, content_index: 0, delta: delta.text, logprobs: [] });
        }
        if (delta.type === 'thinking_delta' && o.kind === 'thinking') {
          o.text += delta.thinking;
          return emit('response.reasoning_summary_text.delta', { item_id: o.item.id, output_index: o.outputIndex, summary_index: 0, delta: delta.thinking });
        }
        if (delta.type === 'signature_delta' && o.kind === 'thinking') o.signature += delta.signature;
        if (delta.type === 'input_json_delta' && o.kind === 'tool') {
          o.text += delta.partial_json;
          if (o.item.type === 'function_call' && delta.partial_json) {
            return emit('response.function_call_arguments.delta', { item_id: o.item.id, output_index: o.outputIndex, delta: delta.partial_json });
          }
        }
        return '';
      }
      case 'content_block_stop':
        return finish(event.index);
      case 'message_delta':
        Object.assign(usage, withoutNulls(event.usage));
        stop = event.delta?.stop_reason ?? stop;
        return '';
      case 'message_stop': {
        done = true;
        let out = '';
        for (const index of [...open.keys()]) out += finish(index);
        const end = ending(stop);
        const response = snapshot({ ...end, usage: responsesUsage(figuresOf(usage)) });
        return out + emit(end.status === 'completed' ? 'response.completed' : 'response.incomplete', { response });
      }
      case 'error': {
        done = true;
        const f = errorFields(JSON.stringify(event));
        const response = snapshot({ status: 'failed', error: { code: event.error?.type ?? 'server_error', message: f.message } });
        return emit('response.failed', { response });
      }
      default:
        return '';
    }
  }, () => {
    if (!done) throw new Error('the upstream stream ended before message_stop');
    return '';
  });
}
