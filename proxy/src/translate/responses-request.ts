import { InvalidRequest } from '../upstream/errors';
import type { AnthropicRequest, AnthropicTool, ContentBlock } from './anthropic';
import { applyThinking, chatToolChoice, imageBlock } from './chat-request';
import { argumentsObject, DEFAULT_MAX_TOKENS, messageList, parseDataUrl } from './common';

/** What the answer's translation needs to know of the request. */
export interface ResponsesContext {
  model: string;
  stream: boolean;
  /** Tools declared as `custom` (free-text input): their calls go back as custom_tool_call items. */
  customTools: Set<string>;
  /** The request's echo fields (instructions, tools, …) the response object repeats. */
  echo: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/**
 * A Responses API request (as Codex CLI sends it) as a Messages request. `instructions` and
 * system/developer messages become `system`; function_call / function_call_output items (and their
 * custom_tool_* kin) become tool_use / tool_result blocks; a reasoning item carrying the signature
 * this proxy put in `encrypted_content` becomes the thinking block it came from; `reasoning.effort`
 * a thinking budget. Built-in tools (web_search, file_search, …) are not sent: no vendor runs them.
 */
export function responsesToAnthropic(body: Json): { request: AnthropicRequest; context: ResponsesContext } {
  const model = body.model as string;
  const stream = body.stream === true;
  if (typeof body.previous_response_id === 'string') {
    throw new InvalidRequest('previous_response_id: modelproxy keeps no responses; send the whole conversation in input (store: false)', 'unsupported_parameter');
  }
  const system: string[] = [];
  if (typeof body.instructions === 'string' && body.instructions) system.push(body.instructions);
  const { messages, push } = messageList();
  const input = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : (body.input as Json[] | undefined) ?? [];
  input.forEach((item, i) => {
    const at = `input[${i}]`;
    if (!item || typeof item !== 'object') throw new InvalidRequest(`${at}: must be an object`);
    const type = item.type ?? 'message';
    switch (type) {
      case 'message': {
        const role = item.role;
        if (role === 'system' || role === 'developer') {
          const text = partsText(item.content);
          if (text) system.push(text);
        } else if (role === 'user') push('user', contentBlocks(item.content, at));
        else if (role === 'assistant') push('assistant', contentBlocks(item.content, at));
        else throw new InvalidRequest(`${at}.role: must be user, assistant, system or developer`);
        break;
      }
      case 'function_call':
        push('assistant', [{ type: 'tool_use', id: callId(item, at), name: String(item.name ?? ''), input: argumentsObject(item.arguments) }]);
        break;
      case 'custom_tool_call':
        push('assistant', [{ type: 'tool_use', id: callId(item, at), name: String(item.name ?? ''), input: { input: String(item.input ?? '') } }]);
        break;
      case 'function_call_output': case 'custom_tool_call_output':
        push('user', [{ type: 'tool_result', tool_use_id: callId(item, at), content: outputContent(item.output, at) }]);
        break;
      case 'reasoning': {
        const signature = typeof item.encrypted_content === 'string' ? item.encrypted_content : '';
        const summary = Array.isArray(item.summary) ? (item.summary as Json[]).map((s) => String(s?.text ?? '')).join('\n\n') : '';
        if (signature.startsWith(REDACTED_PREFIX)) push('assistant', [{ type: 'redacted_thinking', data: signature.slice(REDACTED_PREFIX.length) }]);
        else if (signature.startsWith(SIGNATURE_PREFIX)) push('assistant', [{ type: 'thinking', thinking: summary, signature: signature.slice(SIGNATURE_PREFIX.length) }]);
        // Any other reasoning goes on unsigned: an OpenAI-format provider gets it again, a Messages provider never.
        else if (summary) push('assistant', [{ type: 'thinking', thinking: summary, signature: '' }]);
        break;
      }
      default:
        // web_search_call, local_shell_call, item_reference, …: nothing a Messages vendor can take.
        break;
    }
  });
  // Thinking blocks must open their assistant turn.
  const isThinking = (b: ContentBlock) => b.type === 'thinking' || b.type === 'redacted_thinking';
  for (const m of messages) {
    if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    const thinking = m.content.filter(isThinking);
    if (thinking.length > 0 && !isThinking(m.content[0]!)) m.content = [...thinking, ...m.content.filter((b) => !isThinking(b))];
  }
  const clientMax = typeof body.max_output_tokens === 'number' && body.max_output_tokens > 0;
  const maxTokens = clientMax ? Math.floor(body.max_output_tokens as number) : DEFAULT_MAX_TOKENS;
  const request: AnthropicRequest = { model, max_tokens: maxTokens, messages, stream: false };
  if (system.length > 0) request.system = system.join('\n\n');
  const customTools = new Set<string>();
  const tools = responsesTools(body.tools, customTools);
  if (tools.length > 0) request.tools = tools;
  const choice = chatToolChoice(body.tool_choice, body.parallel_tool_calls);
  if (choice && (tools.length > 0 || choice.type === 'none')) request.tool_choice = choice;
  if (typeof body.temperature === 'number') request.temperature = Math.min(1, body.temperature);
  if (typeof body.top_p === 'number') request.top_p = body.top_p;
  applyThinking(request, (body.reasoning as Json | undefined)?.effort, clientMax);
  if (typeof body.user === 'string') request.metadata = { user_id: body.user };
  delete (request as Partial<AnthropicRequest>).stream;
  request.stream = stream;
  const echo: Record<string, unknown> = {};
  for (const k of ['instructions', 'tool_choice', 'parallel_tool_calls', 'temperature', 'top_p', 'max_output_tokens', 'reasoning', 'text', 'metadata', 'store', 'prompt_cache_key']) {
    if (body[k] !== undefined) echo[k] = body[k];
  }
  return { request, context: { model, stream, customTools, echo } };
}

/**
 * Marks an Anthropic thinking signature carried in a reasoning item's `encrypted_content`, so only
 * what this proxy wrote is sent back as a signature.
 */
export const SIGNATURE_PREFIX = 'modelproxy.anthropic-thinking.';
/** The same for a redacted thinking block: its encrypted `data`. */
export const REDACTED_PREFIX = 'modelproxy.anthropic-redacted.';

function callId(item: Json, at: string): string {
  const id = item.call_id ?? item.id;
  if (typeof id !== 'string' || id === '') throw new InvalidRequest(`${at}.call_id: required`);
  return id;
}

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Json[]).map((p) => (typeof p?.text === 'string' ? p.text : '')).filter(Boolean).join('\n');
}

/** A message item's content (input_text, output_text, input_image, input_file, refusal) as blocks. */
function contentBlocks(content: unknown, at: string): ContentBlock[] {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  if (!Array.isArray(content)) throw new InvalidRequest(`${at}.content: must be a string or an array of parts`);
  const out: ContentBlock[] = [];
  (content as Json[]).forEach((part, j) => {
    switch (part?.type) {
      case 'input_text': case 'output_text': case 'text':
        if (typeof part.text === 'string' && part.text) out.push({ type: 'text', text: part.text });
        break;
      case 'refusal':
        if (typeof part.refusal === 'string') out.push({ type: 'text', text: part.refusal });
        break;
      case 'input_image': {
        const url = typeof part.image_url === 'string' ? part.image_url : (part.image_url as Json | undefined)?.url;
        if (typeof url !== 'string') throw new InvalidRequest(`${at}.content[${j}].image_url: required (file_id is not supported)`, 'unsupported_parameter');
        out.push(imageBlock(url));
        break;
      }
      case 'input_file': {
        const data = typeof part.file_data === 'string' ? parseDataUrl(part.file_data) : null;
        if (!data) throw new InvalidRequest(`${at}.content[${j}]: only inline file_data (a base64 data URL) is supported`, 'unsupported_parameter');
        out.push({ type: 'document', source: { type: 'base64', media_type: data.media_type, data: data.data } });
        break;
      }
      default:
        throw new InvalidRequest(`${at}.content[${j}].type: must be input_text, output_text, input_image or input_file`);
    }
  });
  return out;
}

function outputContent(output: unknown, at: string): string | ContentBlock[] {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return contentBlocks(output, `${at}.output`);
  return output === undefined || output === null ? '' : JSON.stringify(output);
}

/** Function tools as they are; custom (free-text) tools as a tool with one string `input`. */
function responsesTools(tools: unknown, customTools: Set<string>): AnthropicTool[] {
  if (!Array.isArray(tools)) return [];
  const out: AnthropicTool[] = [];
  for (const tool of tools as Json[]) {
    if (typeof tool?.name !== 'string') continue;
    const description = typeof tool.description === 'string' ? tool.description : undefined;
    if (tool.type === 'function') {
      out.push({ name: tool.name, ...(description ? { description } : {}), input_schema: tool.parameters ?? { type: 'object', properties: {} } });
    } else if (tool.type === 'custom') {
      customTools.add(tool.name);
      const format = tool.format as Json | undefined;
      const grammar = format?.type === 'grammar' && typeof format.definition === 'string' ? `\n\nThe input follows this ${String(format.syntax ?? '')} grammar:\n${format.definition}` : '';
      out.push({
        name: tool.name,
        description: `${description ?? ''}${grammar}`.trim() || tool.name,
        input_schema: { type: 'object', properties: { input: { type: 'string', description: 'the raw input of the tool' } }, required: ['input'] },
      });
    }
  }
  return out;
}
