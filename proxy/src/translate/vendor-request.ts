import { InvalidRequest } from '../upstream/errors';
import { blocksOf, systemText, type AnthropicTool, type AnthropicToolChoice, type ContentBlock, type ImageBlock } from './anthropic';

type Json = Record<string, unknown>;
type ChatMessage = Json & { role: string };

/**
 * A Messages request as an OpenAI Chat Completions request, for a provider with `format: openai`.
 * `system` becomes the first system message; tool_result blocks become `tool` messages (before the
 * rest of their user turn); tool_use blocks become `tool_calls`; thinking blocks become the
 * assistant's `reasoning_content` (DeepSeek's name, which most OpenAI-format vendors that think
 * accept); images become `image_url` parts with a data URL. A stream asks for the usage in its
 * last chunk (`stream_options.include_usage`). Anthropic-only members (cache_control, top_k,
 * thinking, metadata, server tools) are not sent.
 */
export function anthropicToChatRequest(body: Json, model: string): Json {
  checkMessagesBody(body);
  const messages: ChatMessage[] = [];
  const system = systemText(body.system);
  if (system) messages.push({ role: 'system', content: system });
  for (const message of (Array.isArray(body.messages) ? body.messages : []) as Json[]) {
    const blocks = blocksOf(message?.content as string | ContentBlock[]);
    if (message?.role === 'assistant') messages.push(assistantMessage(blocks));
    else messages.push(...userMessages(blocks));
  }
  const out: Json = { model, messages };
  if (typeof body.max_tokens === 'number') out.max_tokens = body.max_tokens;
  if (typeof body.temperature === 'number') out.temperature = body.temperature;
  if (typeof body.top_p === 'number') out.top_p = body.top_p;
  if (Array.isArray(body.stop_sequences) && body.stop_sequences.length > 0) out.stop = body.stop_sequences;
  const tools = (Array.isArray(body.tools) ? body.tools : []) as AnthropicTool[];
  const functions = tools.filter((t) => t && typeof t.name === 'string' && t.input_schema !== undefined).map((t) => ({
    type: 'function', function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.input_schema },
  }));
  if (functions.length > 0) out.tools = functions;
  const choice = body.tool_choice as AnthropicToolChoice | undefined;
  if (choice && (functions.length > 0 || choice.type === 'none')) {
    out.tool_choice = choice.type === 'any' ? 'required' : choice.type === 'tool' ? { type: 'function', function: { name: choice.name } } : choice.type;
    if (choice.disable_parallel_tool_use && functions.length > 0) out.parallel_tool_calls = false;
  }
  if (body.stream === true) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  }
  return out;
}

/**
 * What a Messages vendor would refuse with a 400, refused here too: translated as it is, a malformed
 * body would reach the OpenAI-format vendor with its messages or limits silently dropped.
 */
function checkMessagesBody(body: Json): void {
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw new InvalidRequest('messages: required, a non-empty array of messages');
  body.messages.forEach((message: unknown, i: number) => {
    const at = `messages.${i}`;
    if (!message || typeof message !== 'object' || Array.isArray(message)) throw new InvalidRequest(`${at}: a message object`);
    const { role, content } = message as Json;
    // Claude Code 2.1 sends its environment notes as `system` messages among the turns (they go on
    // as user turns, which every chat template takes in any position).
    if (role !== 'user' && role !== 'assistant' && role !== 'system') throw new InvalidRequest(`${at}.role: must be user, assistant or system`);
    if (typeof content === 'string') return;
    if (!Array.isArray(content)) throw new InvalidRequest(`${at}.content: a string or an array of content blocks`);
    content.forEach((block: unknown, j: number) => {
      if (!block || typeof block !== 'object' || typeof (block as Json).type !== 'string') throw new InvalidRequest(`${at}.content.${j}: a content block (an object with a type)`);
    });
  });
  if (body.max_tokens !== undefined && !(Number.isInteger(body.max_tokens) && (body.max_tokens as number) > 0)) throw new InvalidRequest('max_tokens: a positive integer');
  if (body.tools !== undefined && !Array.isArray(body.tools)) throw new InvalidRequest('tools: an array of tools');
}

function assistantMessage(blocks: ContentBlock[]): ChatMessage {
  let text = '';
  let reasoning = '';
  const calls: Json[] = [];
  for (const block of blocks) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'thinking') reasoning += block.thinking;
    else if (block.type === 'tool_use') calls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
  }
  const message: ChatMessage = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (reasoning) message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  return message;
}

/** A user turn: its tool results as tool messages first, then the rest as one user message. */
function userMessages(blocks: ContentBlock[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const parts: Json[] = [];
  const late: Json[] = []; // images inside tool results: tool messages carry text only
  for (const block of blocks) {
    if (block.type === 'tool_result') {
      const inner = blocksOf(block.content);
      let text = inner.map((b) => (b.type === 'text' ? b.text : '')).filter(Boolean).join('\n');
      for (const b of inner) if (b.type === 'image') late.push(imagePart(b));
      if (block.is_error && text) text = `Error: ${text}`;
      out.push({ role: 'tool', tool_call_id: block.tool_use_id, content: text });
    } else {
      const part = userPart(block);
      if (part) parts.push(part);
    }
  }
  parts.push(...late);
  if (parts.length > 0) {
    const onlyText = parts.every((p) => p.type === 'text');
    out.push({ role: 'user', content: onlyText ? parts.map((p) => p.text).join('\n') : parts });
  }
  return out;
}

function userPart(block: ContentBlock): Json | null {
  switch (block.type) {
    case 'text': return { type: 'text', text: block.text };
    case 'image': return imagePart(block);
    case 'document': {
      const source = block.source;
      if (source.type === 'text') return { type: 'text', text: source.data };
      if (source.type === 'base64') return { type: 'file', file: { filename: block.title ?? 'document.pdf', file_data: `data:${source.media_type};base64,${source.data}` } };
      return { type: 'text', text: source.url };
    }
    default: return null;
  }
}

const imagePart = (block: ImageBlock): Json => ({
  type: 'image_url',
  image_url: { url: block.source.type === 'base64' ? `data:${block.source.media_type};base64,${block.source.data}` : block.source.url },
});
