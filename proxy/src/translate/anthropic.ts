/** The Anthropic Messages shapes the translators read and write (the hub format of every translation). */

export interface TextBlock { type: 'text'; text: string }
export interface ImageBlock { type: 'image'; source: { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string } }
export interface DocumentBlock { type: 'document'; source: { type: 'base64'; media_type: string; data: string } | { type: 'text'; media_type?: string; data: string } | { type: 'url'; url: string }; title?: string }
export interface ToolUseBlock { type: 'tool_use'; id: string; name: string; input: unknown }
export interface ToolResultBlock { type: 'tool_result'; tool_use_id: string; content?: string | ContentBlock[]; is_error?: boolean }
export interface ThinkingBlock { type: 'thinking'; thinking: string; signature?: string }
export interface RedactedThinkingBlock { type: 'redacted_thinking'; data: string }
export type ContentBlock = TextBlock | ImageBlock | DocumentBlock | ToolUseBlock | ToolResultBlock | ThinkingBlock | RedactedThinkingBlock;

export interface AnthropicMessage { role: 'user' | 'assistant'; content: string | ContentBlock[] }

export interface AnthropicTool { name: string; description?: string; input_schema: unknown; type?: string }
export type AnthropicToolChoice = { type: 'auto' | 'any' | 'none'; disable_parallel_tool_use?: boolean } | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean };

/** A Messages request: `model` first and `stream` last, so the proxy reads both from the ends of the bytes. */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  system?: string | TextBlock[];
  messages: AnthropicMessage[];
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  thinking?: { type: 'enabled'; budget_tokens: number } | { type: 'disabled' } | { type: 'adaptive' };
  metadata?: { user_id?: string };
  stream: boolean;
}

export interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

export interface AnthropicResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
}

/** The stream events (`type` equals the SSE event name). */
export type AnthropicEvent =
  | { type: 'message_start'; message: AnthropicResponse }
  | { type: 'content_block_start'; index: number; content_block: ContentBlock }
  | { type: 'content_block_delta'; index: number; delta: BlockDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: StopReason | null; stop_sequence: string | null }; usage: Partial<AnthropicUsage> }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: { type: string; message: string } };

export type BlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'signature_delta'; signature: string }
  | { type: 'citations_delta'; citation: unknown };

/** A Messages error body. */
export interface AnthropicErrorBody { type: 'error'; error: { type: string; message: string; code?: string } }

/** The text of a `system` (string or text blocks). */
export function systemText(system: AnthropicRequest['system'] | unknown): string {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return '';
  return system.map((b) => (b && typeof b === 'object' && typeof (b as TextBlock).text === 'string' ? (b as TextBlock).text : '')).filter(Boolean).join('\n\n');
}

/** A message's content as blocks (a string is one text block). */
export const blocksOf = (content: AnthropicMessage['content'] | undefined | null): ContentBlock[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : [];
