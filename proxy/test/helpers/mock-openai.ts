/**
 * An OpenAI-format vendor's answers (Chat Completions), as DeepSeek, OpenRouter, vLLM and the
 * OpenAI API send them: `data: {chat.completion.chunk}` lines, tool_calls deltas with their
 * `index` (the id and name in the first delta of a call, arguments in pieces after it), the
 * finish_reason in the last choice chunk, the usage in a chunk of its own with empty `choices`
 * when the request set stream_options.include_usage, then `data: [DONE]`.
 */
export type ChatScript = { reasoning?: string; text?: string; toolCalls?: { id: string; name: string; arguments: string }[]; finish?: string; usage?: { prompt_tokens: number; completion_tokens: number; cached?: number } };

const line = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

export function chatChunks(script: ChatScript, options: { model?: string; includeUsage?: boolean } = {}): string[] {
  const base = { id: 'chatcmpl-mock42', object: 'chat.completion.chunk', created: 1_790_000_000, model: options.model ?? 'deepseek-chat', system_fingerprint: 'fp_mock' };
  const chunk = (delta: unknown, finish: string | null = null) => line({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const out = [chunk({ role: 'assistant', content: '' })];
  const pieces = (s: string) => s.match(/.{1,6}/gs) ?? [];
  for (const p of pieces(script.reasoning ?? '')) out.push(chunk({ reasoning_content: p, content: null }));
  for (const p of pieces(script.text ?? '')) out.push(chunk({ content: p }));
  (script.toolCalls ?? []).forEach((call, index) => {
    out.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const p of pieces(call.arguments)) out.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
  });
  out.push(chunk({}, script.finish ?? (script.toolCalls?.length ? 'tool_calls' : 'stop')));
  if (options.includeUsage !== false) out.push(line({ ...base, choices: [], usage: usageOf(script) }));
  out.push('data: [DONE]\n\n');
  return out;
}

function usageOf(script: ChatScript) {
  const u = script.usage ?? { prompt_tokens: 40, completion_tokens: 9, cached: 16 };
  return { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens, total_tokens: u.prompt_tokens + u.completion_tokens, prompt_tokens_details: { cached_tokens: u.cached ?? 0 } };
}

/** The same answer as one chat.completion. */
export function chatCompletion(script: ChatScript, model = 'deepseek-chat') {
  return {
    id: 'chatcmpl-mock42', object: 'chat.completion', created: 1_790_000_000, model,
    choices: [{
      index: 0, logprobs: null, finish_reason: script.finish ?? (script.toolCalls?.length ? 'tool_calls' : 'stop'),
      message: {
        role: 'assistant', content: script.text ?? null, ...(script.reasoning ? { reasoning_content: script.reasoning } : {}),
        ...(script.toolCalls?.length ? { tool_calls: script.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
      },
    }],
    usage: usageOf(script),
  };
}

/** SSE response of chunk lines. */
export function chatSse(lines: string[]): Response {
  return new Response(lines.join(''), { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' } });
}

/** OpenAI's error body. */
export const openaiError = (status: number, message: string, type = 'invalid_request_error', code: string | null = null) =>
  Response.json({ error: { message, type, param: null, code } }, { status });
