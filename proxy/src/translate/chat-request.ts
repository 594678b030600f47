import { InvalidRequest } from '../upstream/errors';
import type { AnthropicRequest, AnthropicTool, AnthropicToolChoice, ContentBlock, TextBlock } from './anthropic';
import { argumentsObject, DEFAULT_MAX_TOKENS, messageList, parseDataUrl, thinkingBudget } from './common';

/** What the answer's translation needs to know of the request. */
export interface ChatContext {
  model: string;
  stream: boolean;
  /** `stream_options.include_usage`: send a last chunk with the usage. */
  includeUsage: boolean;
}

type Json = Record<string, unknown>;

/**
 * An OpenAI Chat Completions request as a Messages request. System and developer messages become
 * `system` (in order), tool messages become `tool_result` blocks of one user turn (parallel results
 * stay together), assistant `tool_calls` become `tool_use` blocks, image parts become image blocks,
 * `reasoning_effort` a thinking budget. Turns of the same role in a row are merged.
 */
export function chatToAnthropic(body: Json): { request: AnthropicRequest; context: ChatContext } {
  const model = body.model as string;
  const stream = body.stream === true;
  if (typeof body.n === 'number' && body.n > 1) throw new InvalidRequest('n: only 1 choice is supported through modelproxy', 'unsupported_parameter');
  const system: string[] = [];
  const { messages, push } = messageList();
  (body.messages as Json[]).forEach((message, i) => {
    const at = `messages[${i}]`;
    switch (message.role) {
      case 'system': case 'developer': {
        const text = textOf(message.content, at);
        if (text) system.push(text);
        break;
      }
      case 'user':
        push('user', userBlocks(message.content, at));
        break;
      case 'assistant':
        push('assistant', assistantBlocks(message, at));
        break;
      case 'tool': {
        if (typeof message.tool_call_id !== 'string') throw new InvalidRequest(`${at}.tool_call_id: required for a tool message`);
        push('user', [{ type: 'tool_result', tool_use_id: message.tool_call_id, content: toolResultContent(message.content, at) }]);
        break;
      }
      case 'function':
        throw new InvalidRequest(`${at}.role: the legacy "function" role is not supported; use tool messages`, 'unsupported_parameter');
      default:
        throw new InvalidRequest(`${at}.role: must be system, developer, user, assistant or tool`);
    }
  });
  const maxTokens = numberOr(body.max_completion_tokens, numberOr(body.max_tokens, DEFAULT_MAX_TOKENS));
  const request: AnthropicRequest = { model, max_tokens: maxTokens, messages, stream: false };
  if (system.length > 0) request.system = system.join('\n\n');
  const tools = chatTools(body.tools);
  if (tools.length > 0) request.tools = tools;
  const choice = chatToolChoice(body.tool_choice, body.parallel_tool_calls);
  if (choice && (tools.length > 0 || choice.type === 'none')) request.tool_choice = choice;
  if (typeof body.temperature === 'number') request.temperature = Math.min(1, body.temperature);
  if (typeof body.top_p === 'number') request.top_p = body.top_p;
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  if (stop.length > 0) request.stop_sequences = stop;
  applyThinking(request, body.reasoning_effort, numberOr(body.max_completion_tokens, numberOr(body.max_tokens, 0)) > 0);
  if (typeof body.user === 'string') request.metadata = { user_id: body.user };
  // Set last: the proxy reads `model` and `stream` from the ends of the serialized body.
  delete (request as Partial<AnthropicRequest>).stream;
  request.stream = stream;
  const options = body.stream_options as Json | undefined;
  return { request, context: { model, stream, includeUsage: options?.include_usage === true } };
}

/** The smallest thinking budget the Messages API accepts. */
const MIN_BUDGET = 1024;

/**
 * Turns on thinking for an effort level. Anthropic wants the budget below max_tokens, and a last
 * assistant turn with a tool call but no thinking block cannot be continued with thinking on.
 * A limit the client set (`clientMax`) is kept, as OpenAI's counts reasoning tokens too: the budget
 * shrinks to fit (no thinking below the 1024-token minimum); the default limit grows instead.
 */
export function applyThinking(request: AnthropicRequest, effort: unknown, clientMax: boolean): void {
  let budget = thinkingBudget(effort);
  if (budget === null) return;
  if (clientMax) {
    budget = Math.min(budget, request.max_tokens - 1);
    if (budget < MIN_BUDGET) return;
  }
  const last = request.messages.findLast((m) => m.role === 'assistant');
  const blocks = Array.isArray(last?.content) ? last.content : [];
  if (blocks.some((b) => b.type === 'tool_use') && blocks[0]?.type !== 'thinking' && blocks[0]?.type !== 'redacted_thinking') return;
  if (request.max_tokens <= budget) request.max_tokens = budget + 4096;
  request.thinking = { type: 'enabled', budget_tokens: budget };
  // Anthropic refuses a temperature other than 1 with thinking.
  delete request.temperature;
  delete request.top_p;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? Math.floor(value) : fallback);

/** The text of a system/tool message's content (a string or text parts). */
function textOf(content: unknown, at: string): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (!Array.isArray(content)) throw new InvalidRequest(`${at}.content: must be a string or an array of parts`);
  return content.map((part: Json) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : '')).filter(Boolean).join('\n');
}

function userBlocks(content: unknown, at: string): ContentBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw new InvalidRequest(`${at}.content: must be a string or an array of parts`);
  return content.map((part: Json, j) => partBlock(part, `${at}.content[${j}]`));
}

/** One content part of a user message as a block. */
function partBlock(part: Json, at: string): ContentBlock {
  switch (part?.type) {
    case 'text':
      return { type: 'text', text: String(part.text ?? '') };
    case 'image_url': {
      const url = typeof part.image_url === 'string' ? part.image_url : (part.image_url as Json | undefined)?.url;
      if (typeof url !== 'string') throw new InvalidRequest(`${at}.image_url.url: required`);
      return imageBlock(url);
    }
    case 'file': {
      const file = part.file as Json | undefined;
      const data = typeof file?.file_data === 'string' ? parseDataUrl(file.file_data) : null;
      if (!data) throw new InvalidRequest(`${at}.file: only inline file_data (a base64 data URL) is supported`, 'unsupported_parameter');
      return { type: 'document', source: { type: 'base64', media_type: data.media_type, data: data.data }, ...(typeof file?.filename === 'string' ? { title: file.filename } : {}) };
    }
    case 'input_audio':
      throw new InvalidRequest(`${at}: audio input is not supported through modelproxy`, 'unsupported_parameter');
    default:
      throw new InvalidRequest(`${at}.type: must be text, image_url or file`);
  }
}

/** An image URL (a data URL or http) as an image block. */
export function imageBlock(url: string): ContentBlock {
  const data = parseDataUrl(url);
  return data ? { type: 'image', source: { type: 'base64', media_type: data.media_type, data: data.data } } : { type: 'image', source: { type: 'url', url } };
}

function assistantBlocks(message: Json, at: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  // Reasoning the client sends back (DeepSeek's convention) goes on as unsigned thinking: an
  // OpenAI-format provider gets it again, a Messages provider never (modules/messages/service.ts).
  const reasoning = message.reasoning_content ?? message.reasoning;
  if (typeof reasoning === 'string' && reasoning) blocks.push({ type: 'thinking', thinking: reasoning, signature: '' });
  const content = message.content;
  if (typeof content === 'string') {
    if (content) blocks.push({ type: 'text', text: content });
  } else if (Array.isArray(content)) {
    for (const part of content as Json[]) {
      if ((part?.type === 'text' || part?.type === 'refusal') && typeof (part.text ?? part.refusal) === 'string') blocks.push({ type: 'text', text: String(part.text ?? part.refusal) });
    }
  }
  const calls = message.tool_calls;
  if (calls !== undefined && calls !== null) {
    if (!Array.isArray(calls)) throw new InvalidRequest(`${at}.tool_calls: must be an array`);
    calls.forEach((call: Json, k) => {
      const fn = call?.function as Json | undefined;
      if (typeof call?.id !== 'string' || typeof fn?.name !== 'string') throw new InvalidRequest(`${at}.tool_calls[${k}]: needs an id and function.name`);
      blocks.push({ type: 'tool_use', id: call.id, name: fn.name, input: argumentsObject(fn.arguments) });
    });
  }
  return blocks;
}

/** A tool message's content as a tool_result's: text, or text and image blocks. */
function toolResultContent(content: unknown, at: string): string | ContentBlock[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Json[]).map((part, j) => partBlock(part, `${at}.content[${j}]`)) as TextBlock[];
}

function chatTools(tools: unknown): AnthropicTool[] {
  if (!Array.isArray(tools)) return [];
  const out: AnthropicTool[] = [];
  for (const tool of tools as Json[]) {
    const fn = (tool?.type === 'function' ? tool.function : undefined) as Json | undefined;
    if (!fn || typeof fn.name !== 'string') continue;
    out.push({ name: fn.name, ...(typeof fn.description === 'string' ? { description: fn.description } : {}), input_schema: fn.parameters ?? { type: 'object', properties: {} } });
  }
  return out;
}

/** `tool_choice` and `parallel_tool_calls` of either OpenAI API as Anthropic's tool_choice. */
export function chatToolChoice(choice: unknown, parallel: unknown): AnthropicToolChoice | null {
  const single = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any', ...single };
  if (choice && typeof choice === 'object') {
    const c = choice as Json;
    const name = (c.function as Json | undefined)?.name ?? c.name;
    if (typeof name === 'string') return { type: 'tool', name, ...single };
  }
  if (choice === 'auto' || parallel === false) return { type: 'auto', ...single };
  return null;
}
