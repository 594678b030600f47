import type { AnthropicMessage, AnthropicUsage, ContentBlock, StopReason } from './anthropic';

/** OpenAI chat `finish_reason` for an Anthropic stop reason. */
export function finishReasonOf(stop: StopReason | null | undefined): 'stop' | 'length' | 'tool_calls' | 'content_filter' {
  switch (stop) {
    case 'max_tokens': case 'model_context_window_exceeded': return 'length';
    case 'tool_use': return 'tool_calls';
    case 'refusal': return 'content_filter';
    default: return 'stop';
  }
}

/** Anthropic stop reason for an OpenAI chat `finish_reason`. */
export function stopReasonOf(finish: unknown): StopReason {
  switch (finish) {
    case 'length': return 'max_tokens';
    case 'tool_calls': case 'function_call': return 'tool_use';
    case 'content_filter': return 'refusal';
    default: return 'end_turn';
  }
}

/** Usage in the OpenAI sense: every prompt token counted as input, cache reads named as cached. */
export interface OpenAIUsageFigures { input: number; cached: number; output: number; reasoning: number }

/** Anthropic usage → input (with cache reads and writes, as OpenAI counts), cached, output. */
export function figuresOf(usage: Partial<AnthropicUsage> | null | undefined): OpenAIUsageFigures {
  const cached = usage?.cache_read_input_tokens ?? 0;
  const input = (usage?.input_tokens ?? 0) + cached + (usage?.cache_creation_input_tokens ?? 0);
  return { input, cached, output: usage?.output_tokens ?? 0, reasoning: 0 };
}

/** Chat Completions `usage`. */
export const chatUsage = (f: OpenAIUsageFigures) => ({
  prompt_tokens: f.input,
  completion_tokens: f.output,
  total_tokens: f.input + f.output,
  prompt_tokens_details: { cached_tokens: f.cached },
  completion_tokens_details: { reasoning_tokens: f.reasoning },
});

/** Responses API `usage`. */
export const responsesUsage = (f: OpenAIUsageFigures) => ({
  input_tokens: f.input,
  input_tokens_details: { cached_tokens: f.cached },
  output_tokens: f.output,
  output_tokens_details: { reasoning_tokens: f.reasoning },
  total_tokens: f.input + f.output,
});

/**
 * An OpenAI-format vendor's `usage` as Anthropic usage: its prompt tokens include the cached ones
 * (`prompt_tokens_details.cached_tokens`, DeepSeek's `prompt_cache_hit_tokens`), Anthropic's do not.
 */
export function anthropicUsageOf(usage: unknown): AnthropicUsage | null {
  if (!usage || typeof usage !== 'object') return null;
  const u = usage as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  const details = u.prompt_tokens_details as Record<string, unknown> | undefined;
  const cached = num(details?.cached_tokens) || num(u.prompt_cache_hit_tokens);
  const prompt = num(u.prompt_tokens ?? u.input_tokens);
  return { input_tokens: Math.max(0, prompt - cached), output_tokens: num(u.completion_tokens ?? u.output_tokens), cache_read_input_tokens: cached };
}

/** Reasoning effort → an Anthropic thinking budget; null = no thinking. */
export function thinkingBudget(effort: unknown): number | null {
  switch (effort) {
    case 'low': return 2048;
    case 'medium': return 8192;
    case 'high': case 'xhigh': return 16384;
    default: return null;
  }
}

/** A tool call's `arguments` text as an object (Anthropic's `input` must be one). */
export function argumentsObject(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : { value };
  } catch {
    return { _raw_arguments: text };
  }
}

/** `data:image/png;base64,AAA` → its media type and data; null for any other URL. */
export function parseDataUrl(url: string): { media_type: string; data: string } | null {
  const match = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  return match ? { media_type: match[1]!, data: match[2]! } : null;
}

/** A random id with a prefix (`msg_…`, `call_…`). */
export const newId = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** The default `max_tokens` when an OpenAI client sets none (Anthropic requires one). */
export const DEFAULT_MAX_TOKENS = 16384;

/**
 * A Messages-format conversation built turn by turn: blocks for the same role as the last turn
 * join that turn (the Messages API wants roles to alternate; OpenAI sends a tool result or a
 * parallel call as a message of its own).
 */
export function messageList(): { messages: AnthropicMessage[]; push: (role: 'user' | 'assistant', blocks: ContentBlock[]) => void } {
  const messages: AnthropicMessage[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlock[]) => {
    if (blocks.length === 0) return;
    const last = messages[messages.length - 1];
    if (last && last.role === role) (last.content as ContentBlock[]).push(...blocks);
    else messages.push({ role, content: blocks });
  };
  return { messages, push };
}
