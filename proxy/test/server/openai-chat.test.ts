import OpenAI from 'openai';
import { describe, expect, it } from 'bun:test';
import { anthropicError } from '../helpers/mock-upstream';
import { CLAUDE_KEY, dsSays, PNG, twoVendors } from '../helpers/two-vendors';

// The official OpenAI SDK's Chat Completions through the proxy: to an Anthropic-format vendor, and
// to an OpenAI-format one (through the Messages format both ways).
const v = twoVendors();

/** A conversation with everything the translation must carry: system and developer text, an image, parallel tool calls and their results. */
const CHAT_HISTORY: OpenAI.Chat.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'developer', content: 'Answer in English.' },
  { role: 'user', content: [{ type: 'text', text: 'What is in these files and this picture?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
  { role: 'assistant', content: null, tool_calls: [
    { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"x.txt"}' } },
    { id: 'call_2', type: 'function', function: { name: 'read_file', arguments: '{"path":"y.txt"}' } },
  ] },
  { role: 'tool', tool_call_id: 'call_1', content: 'contents of x' },
  { role: 'tool', tool_call_id: 'call_2', content: 'contents of y' },
];
const CHAT_TOOLS: OpenAI.Chat.ChatCompletionTool[] = [{ type: 'function', function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } }];

describe('OpenAI Chat Completions client → Anthropic-format vendor', () => {
  it('translates system/developer messages, an image, parallel tool calls and results; answers thinking, text and two tool calls', async () => {
    const answer = await v.openai().chat.completions.create({ model: 'gpt-4o', messages: CHAT_HISTORY, tools: CHAT_TOOLS, parallel_tool_calls: false, reasoning_effort: 'low', stop: ['END'] });
    const sent = v.sentToClaude();
    expect(v.claude.requests[0]!.headers['x-api-key']).toBe(CLAUDE_KEY);
    expect(v.claude.requests[0]!.headers.authorization).toBeUndefined();
    expect(sent.model).toBe('claude-x');
    expect(sent.system).toBe('You are terse.\n\nAnswer in English.');
    expect(sent.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is in these files and this picture?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'x.txt' } }, { type: 'tool_use', id: 'call_2', name: 'read_file', input: { path: 'y.txt' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'contents of x' }, { type: 'tool_result', tool_use_id: 'call_2', content: 'contents of y' }] },
    ]);
    expect(sent.tools).toEqual([{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }]);
    expect(sent.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    // reasoning_effort asks for thinking, but the last assistant turn has tool calls without a
    // thinking block, which Anthropic refuses to continue with thinking on.
    expect(sent.thinking).toBeUndefined();
    expect(sent.stop_sequences).toEqual(['END']);
    expect(sent.stream).toBe(false);

    const choice = answer.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBe('Reading both.');
    expect((choice.message as unknown as { reasoning_content: string }).reasoning_content).toBe('Two files to read.');
    expect(choice.message.tool_calls).toEqual([
      { id: 'toolu_a1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
      { id: 'toolu_b2', type: 'function', function: { name: 'read_file', arguments: '{"path":"b.txt"}' } },
    ]);
    // Anthropic's input excludes cache reads: OpenAI's prompt_tokens include them.
    expect(answer.usage).toMatchObject({ prompt_tokens: 16, completion_tokens: 7, total_tokens: 23, prompt_tokens_details: { cached_tokens: 5 } });
  });

  it('streams: content and reasoning deltas, tool_calls deltas by index, finish_reason, then the usage chunk and [DONE]', async () => {
    const stream = await v.openai().chat.completions.create({ model: 'gpt-4o', messages: CHAT_HISTORY.slice(0, 3), tools: CHAT_TOOLS, stream: true, stream_options: { include_usage: true }, reasoning_effort: 'low', temperature: 0.2 });
    let content = '';
    let reasoning = '';
    const calls: { id?: string; name?: string; arguments: string }[] = [];
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | null | undefined = null;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      content += choice.delta.content ?? '';
      reasoning += (choice.delta as { reasoning_content?: string }).reasoning_content ?? '';
      for (const call of choice.delta.tool_calls ?? []) {
        calls[call.index] ??= { arguments: '' };
        if (call.id) calls[call.index]!.id = call.id;
        if (call.function?.name) calls[call.index]!.name = call.function.name;
        calls[call.index]!.arguments += call.function?.arguments ?? '';
      }
      finish = choice.finish_reason ?? finish;
    }
    expect(v.sentToClaude()).toMatchObject({ stream: true, thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 16384 });
    expect(v.sentToClaude().temperature).toBeUndefined(); // Anthropic takes no temperature with thinking
    expect({ content, reasoning, finish }).toEqual({ content: 'Reading both.', reasoning: 'Two files to read.', finish: 'tool_calls' });
    expect(calls).toEqual([{ id: 'toolu_a1', name: 'read_file', arguments: '{"path":"a.txt"}' }, { id: 'toolu_b2', name: 'read_file', arguments: '{"path":"b.txt"}' }]);
    expect(usage).toMatchObject({ prompt_tokens: 16, completion_tokens: 7, prompt_tokens_details: { cached_tokens: 5 } });
    const line = (await v.h.logLines()).findLast((l) => l.path === '/v1/chat/completions')!;
    expect(line).toMatchObject({ status: 200, stream: true, completed: true, provider: 'claude', input_tokens: 11, output_tokens: 7, cache_read_tokens: 5 });
  });

  it('the SDK\'s own stream helper assembles the same completion from the chunks', async () => {
    const final = await v.openai().chat.completions.stream({ model: 'gpt-4o', messages: CHAT_HISTORY.slice(0, 3), tools: CHAT_TOOLS, stream_options: { include_usage: true } }).finalChatCompletion();
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(final.choices[0]!.message.content).toBe('Reading both.');
    expect((final.choices[0]!.message.tool_calls as OpenAI.Chat.ChatCompletionMessageFunctionToolCall[]).map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([['toolu_a1', 'read_file', '{"path":"a.txt"}'], ['toolu_b2', 'read_file', '{"path":"b.txt"}']]);
    expect(final.usage).toMatchObject({ prompt_tokens: 16, completion_tokens: 7 });
  });

  it('a vendor error reaches the OpenAI SDK as its own error type, with the vendor\'s message', async () => {
    v.claude.handle(() => anthropicError(400, 'invalid_request_error', 'messages: too many images'));
    const error = await v.openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.status).toBe(400);
    expect(error.message).toContain('messages: too many images');
    expect(error.error).toMatchObject({ message: 'messages: too many images', type: 'invalid_request_error' });
  });

  it('the proxy\'s own errors use OpenAI\'s shape: a malformed body is a 400 naming the member', async () => {
    const res = await fetch(`${v.proxy.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o', messages: 'hi' }) });
    expect(res.status).toBe(400);
    const body = await res.json() as { error: { message: string; type: string; code: string; param: null } };
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request', param: null });
    expect(body.error.message).toStartWith('messages');
    const notJson = await fetch(`${v.proxy.url}/v1/responses`, { method: 'POST', body: '{"model":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    expect(v.claude.requests.length).toBe(0);
  });
});


describe('OpenAI client → OpenAI-format vendor', () => {
  it('goes through the Messages format both ways: tool calls and reasoning survive', async () => {
    v.ds.handle(dsSays({ reasoning: 'hmm', toolCalls: [{ id: 'call_q', name: 'read_file', arguments: '{"path":"q"}' }] }));
    const answer = await v.openai().chat.completions.create({ model: 'to-openai', messages: CHAT_HISTORY, tools: CHAT_TOOLS });
    const sent = v.sentToDs();
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    expect(sent.messages[2]!.tool_calls!.map((c) => c.id)).toEqual(['call_1', 'call_2']);
    expect(answer.choices[0]!.message.tool_calls).toEqual([{ id: 'call_q', type: 'function', function: { name: 'read_file', arguments: '{"path":"q"}' } }]);
    expect((answer.choices[0]!.message as unknown as { reasoning_content: string }).reasoning_content).toBe('hmm');
  });

  it('the reasoning_content a client sends back reaches an OpenAI-format vendor, never a Messages one', async () => {
    const history = CHAT_HISTORY.map((m) => (m.role === 'assistant' ? { ...m, reasoning_content: 'I must read x and y.' } : m)) as OpenAI.Chat.ChatCompletionMessageParam[];
    await v.openai().chat.completions.create({ model: 'to-openai', messages: history, tools: CHAT_TOOLS, reasoning_effort: 'medium' });
    expect(v.sentToDs().messages[2]).toMatchObject({ role: 'assistant', reasoning_content: 'I must read x and y.' });

    await v.openai().chat.completions.create({ model: 'gpt-4o', messages: history, tools: CHAT_TOOLS, reasoning_effort: 'medium' });
    const sent = v.sentToClaude();
    expect(sent.messages[1]!.content.map((b) => b.type)).toEqual(['tool_use', 'tool_use']);
    // Without its (unsigned) thinking, the tool-call turn cannot be continued with thinking on.
    expect(sent.thinking).toBeUndefined();
  });
});

