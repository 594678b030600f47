import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'bun:test';
import { anthropicError, anthropicFrames, anthropicJson, sseResponse, startMockUpstream, type Handler, type MockUpstream, type ScriptBlock } from '../helpers/mock-upstream';
import { chatChunks, chatCompletion, chatSse, openaiError, type ChatScript } from '../helpers/mock-openai';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

// Both SDKs, both ways: OpenAI clients → an Anthropic-format vendor, an Anthropic client → an
// OpenAI-format vendor, and an OpenAI client → an OpenAI-format vendor (through the Messages format).

const CLAUDE_KEY = 'sk-ant-vendor-key-9191';
const DS_KEY = 'sk-ds-vendor-key-8282';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

type Block = { type: string; [k: string]: unknown };
type SentMessages = { model: string; temperature?: number; system?: string; messages: { role: string; content: Block[] }[]; tools?: { name: string; [k: string]: unknown }[]; tool_choice?: unknown; thinking?: unknown; max_tokens: number; stream: boolean; stop_sequences?: string[] };
type SentChat = { model: string; messages: { role: string; content: unknown; tool_calls?: { id: string; function: { name: string; arguments: string }; [k: string]: unknown }[]; tool_call_id?: string; reasoning_content?: string }[]; tools?: { type: string; function: { name: string; [k: string]: unknown } }[]; stream?: boolean; stream_options?: unknown; max_tokens?: number; parallel_tool_calls?: boolean; tool_choice?: unknown };

const THINKING: ScriptBlock = { type: 'thinking', thinking: 'Two files to read.', signature: 'sig-vendor-abc' };
const TWO_CALLS: ScriptBlock[] = [
  THINKING,
  { type: 'text', text: 'Reading both.' },
  { type: 'tool_use', id: 'toolu_a1', name: 'read_file', input: { path: 'a.txt' } },
  { type: 'tool_use', id: 'toolu_b2', name: 'read_file', input: { path: 'b.txt' } },
];

let claude: MockUpstream;
let ds: MockUpstream;
let h: ReturnType<typeof harness>;
let proxy: { url: string; stop(): Promise<void> };
const claudeSays = (blocks: ScriptBlock[], options?: Parameters<typeof anthropicFrames>[1]): Handler => (r) =>
  (JSON.parse(r.body).stream ? sseResponse(anthropicFrames(blocks, options)) : Response.json(anthropicJson(blocks, options)));
const dsSays = (script: ChatScript): Handler => (r) => {
  const body = JSON.parse(r.body) as SentChat;
  return body.stream ? chatSse(chatChunks(script, { includeUsage: (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true })) : Response.json(chatCompletion(script));
};

beforeAll(async () => {
  claude = await startMockUpstream(claudeSays(TWO_CALLS));
  ds = await startMockUpstream(dsSays({ text: 'hi' }));
  h = harness({
    providers: {
      claude: { base_url: claude.url, api_keys: [{ key: CLAUDE_KEY }] },
      ds: { base_url: `${ds.url}/v1`, format: 'openai', api_keys: [{ key: DS_KEY }] },
    },
    routes: {
      default: [
        { match: 'to-openai', provider: 'ds', model: 'deepseek-chat' },
        { match: 'failover', provider: 'claude', model: 'claude-x', fallback: [{ provider: 'ds', model: 'deepseek-chat' }] },
        { match: '.*', provider: 'claude', model: 'claude-x' },
      ],
    },
    multimodal_models: ['claude-x', 'deepseek-chat'],
  }, { accounting: true });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await claude.stop(); await ds.stop(); h.accounting?.close(); removeTempDirs(); });
beforeEach(() => {
  claude.requests.length = 0;
  ds.requests.length = 0;
  claude.handle(claudeSays(TWO_CALLS));
  ds.handle(dsSays({ text: 'hi' }));
  h.pool.reload();
});

const openai = () => new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: 'client-token', maxRetries: 0 });
const anthropic = () => new Anthropic({ baseURL: proxy.url, apiKey: 'client-token', maxRetries: 0 });
const sentToClaude = (i = 0) => JSON.parse(claude.requests[i]!.body) as SentMessages;
const sentToDs = (i = 0) => JSON.parse(ds.requests[i]!.body) as SentChat;

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
    const answer = await openai().chat.completions.create({ model: 'gpt-4o', messages: CHAT_HISTORY, tools: CHAT_TOOLS, parallel_tool_calls: false, reasoning_effort: 'low', stop: ['END'] });
    const sent = sentToClaude();
    expect(claude.requests[0]!.headers['x-api-key']).toBe(CLAUDE_KEY);
    expect(claude.requests[0]!.headers.authorization).toBeUndefined();
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
    const stream = await openai().chat.completions.create({ model: 'gpt-4o', messages: CHAT_HISTORY.slice(0, 3), tools: CHAT_TOOLS, stream: true, stream_options: { include_usage: true }, reasoning_effort: 'low', temperature: 0.2 });
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
    expect(sentToClaude()).toMatchObject({ stream: true, thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 16384 });
    expect(sentToClaude().temperature).toBeUndefined(); // Anthropic takes no temperature with thinking
    expect({ content, reasoning, finish }).toEqual({ content: 'Reading both.', reasoning: 'Two files to read.', finish: 'tool_calls' });
    expect(calls).toEqual([{ id: 'toolu_a1', name: 'read_file', arguments: '{"path":"a.txt"}' }, { id: 'toolu_b2', name: 'read_file', arguments: '{"path":"b.txt"}' }]);
    expect(usage).toMatchObject({ prompt_tokens: 16, completion_tokens: 7, prompt_tokens_details: { cached_tokens: 5 } });
    const line = (await h.logLines()).findLast((l) => l.path === '/v1/chat/completions')!;
    expect(line).toMatchObject({ status: 200, stream: true, completed: true, provider: 'claude', input_tokens: 11, output_tokens: 7, cache_read_tokens: 5 });
  });

  it('a vendor error reaches the OpenAI SDK as its own error type, with the vendor\'s message', async () => {
    claude.handle(() => anthropicError(400, 'invalid_request_error', 'messages: too many images'));
    const error = await openai().chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.status).toBe(400);
    expect(error.message).toContain('messages: too many images');
    expect(error.error).toMatchObject({ message: 'messages: too many images', type: 'invalid_request_error' });
  });

  it('the proxy\'s own errors use OpenAI\'s shape: a malformed body is a 400 naming the member', async () => {
    const res = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-4o', messages: 'hi' }) });
    expect(res.status).toBe(400);
    const body = await res.json() as { error: { message: string; type: string; code: string; param: null } };
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request', param: null });
    expect(body.error.message).toStartWith('messages');
    const notJson = await fetch(`${proxy.url}/v1/responses`, { method: 'POST', body: '{"model":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    expect(claude.requests.length).toBe(0);
  });
});

describe('OpenAI Responses client → Anthropic-format vendor', () => {
  const input: OpenAI.Responses.ResponseInput = [
    { role: 'developer', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'input_text', text: 'Look at a.txt' }, { type: 'input_image', detail: 'auto', image_url: `data:image/png;base64,${PNG}` }] },
    { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'earlier thought' }], encrypted_content: 'not-ours' },
    { type: 'function_call', call_id: 'call_9', name: 'read_file', arguments: '{"path":"a.txt"}' },
    { type: 'function_call_output', call_id: 'call_9', output: 'file a' },
  ];
  const tools: OpenAI.Responses.Tool[] = [
    { type: 'function', name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } }, strict: false },
    { type: 'web_search' } as OpenAI.Responses.Tool,
  ];

  it('translates instructions, items and tools; answers reasoning (signature in encrypted_content), a message and function calls with usage', async () => {
    const response = await openai().responses.create({ model: 'gpt-5-codex', instructions: 'You are Codex.', input, tools, reasoning: { effort: 'high' } });
    const sent = sentToClaude();
    expect(sent.system).toBe('You are Codex.\n\nBe brief.');
    // A reasoning item this proxy did not write carries no signature a vendor accepts: it is left out.
    expect(sent.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Look at a.txt' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_9', name: 'read_file', input: { path: 'a.txt' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_9', content: 'file a' }] },
    ]);
    expect(sent.tools!.map((t) => t.name)).toEqual(['read_file']);
    // The last assistant turn has a tool call without a thinking block: thinking stays off.
    expect(sent.thinking).toBeUndefined();

    expect(response.status).toBe('completed');
    expect(response.output.map((o) => o.type)).toEqual(['reasoning', 'message', 'function_call', 'function_call']);
    const reasoning = response.output[0] as OpenAI.Responses.ResponseReasoningItem;
    expect(reasoning.summary).toEqual([{ type: 'summary_text', text: 'Two files to read.' }]);
    expect(reasoning.encrypted_content).toBe('modelproxy.anthropic-thinking.sig-vendor-abc');
    expect(response.output_text).toBe('Reading both.');
    expect(response.output.slice(2)).toMatchObject([
      { type: 'function_call', call_id: 'toolu_a1', name: 'read_file', arguments: '{"path":"a.txt"}', status: 'completed' },
      { type: 'function_call', call_id: 'toolu_b2', name: 'read_file', arguments: '{"path":"b.txt"}', status: 'completed' },
    ]);
    expect(response.usage).toMatchObject({ input_tokens: 16, input_tokens_details: { cached_tokens: 5 }, output_tokens: 7, total_tokens: 23 });

    // Sent back, the reasoning item becomes the signed thinking block at the start of its turn.
    await openai().responses.create({ model: 'gpt-5-codex', input: [{ role: 'user', content: 'go' }, ...response.output as OpenAI.Responses.ResponseInputItem[], { type: 'function_call_output', call_id: 'toolu_a1', output: 'A' }, { type: 'function_call_output', call_id: 'toolu_b2', output: 'B' }], reasoning: { effort: 'medium' } });
    const again = sentToClaude(1);
    expect(again.messages[1]!.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);
    expect(again.messages[1]!.content[0]).toEqual({ type: 'thinking', thinking: 'Two files to read.', signature: 'sig-vendor-abc' });
    expect(again.messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_a1', content: 'A' }, { type: 'tool_result', tool_use_id: 'toolu_b2', content: 'B' }]);
    expect(again.thinking).toEqual({ type: 'enabled', budget_tokens: 8192 });
  });

  it('streams the Responses events in order and ends incomplete at max_tokens', async () => {
    claude.handle(claudeSays([{ type: 'text', text: 'cut off here' }], { stop: 'max_tokens' }));
    const stream = await openai().responses.create({ model: 'gpt-5-codex', input: 'hi', stream: true, max_output_tokens: 50 });
    const types: string[] = [];
    let text = '';
    let last: OpenAI.Responses.Response | null = null;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.incomplete') last = event.response;
    }
    expect(sentToClaude().max_tokens).toBe(50);
    expect(types).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added',
      'response.output_text.delta', 'response.output_text.delta', 'response.output_text.done', 'response.content_part.done',
      'response.output_item.done', 'response.incomplete',
    ]);
    expect(text).toBe('cut off here');
    expect(last).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 16, output_tokens: 7 } });
  });

  it('streams function calls as function_call_arguments deltas', async () => {
    const stream = await openai().responses.create({ model: 'gpt-5-codex', input: 'read them', tools, stream: true });
    const args = new Map<string, string>();
    const done: OpenAI.Responses.ResponseOutputItem[] = [];
    for await (const event of stream) {
      if (event.type === 'response.function_call_arguments.delta') args.set(event.item_id, (args.get(event.item_id) ?? '') + event.delta);
      if (event.type === 'response.output_item.done') done.push(event.item);
    }
    const calls = done.filter((i): i is OpenAI.Responses.ResponseFunctionToolCall => i.type === 'function_call');
    expect(calls.map((c) => [c.call_id, args.get(c.id!)])).toEqual([['toolu_a1', '{"path":"a.txt"}'], ['toolu_b2', '{"path":"b.txt"}']]);
  });

  it('refuses previous_response_id (the proxy keeps no responses) in OpenAI\'s error shape', async () => {
    const error = await openai().responses.create({ model: 'gpt-5-codex', input: 'hi', previous_response_id: 'resp_1' }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toMatchObject({ code: 'unsupported_parameter' });
  });
});

describe('Anthropic client → OpenAI-format vendor', () => {
  const conversation: Anthropic.MessageParam[] = [
    { role: 'user', content: [{ type: 'text', text: 'Read a and b' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] },
    { role: 'assistant', content: [{ type: 'thinking', thinking: 'I need both.', signature: 'sig' }, { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } }, { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: { path: 'b' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'A!' }, { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'B!' }], is_error: true }, { type: 'text', text: 'now answer' }] },
  ];
  const tools: Anthropic.Tool[] = [{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];
  const script: ChatScript = { reasoning: 'Both read.', text: 'A and B.', toolCalls: [{ id: 'call_x', name: 'read_file', arguments: '{"path":"c"}' }], usage: { prompt_tokens: 100, completion_tokens: 20, cached: 60 } };

  it('sends Chat Completions with the vendor\'s key and answers a Messages message (non-streaming)', async () => {
    ds.handle(dsSays(script));
    const message = await anthropic().messages.create({ model: 'to-openai', max_tokens: 300, system: 'Be exact.', messages: conversation, tools, tool_choice: { type: 'auto', disable_parallel_tool_use: true } });
    expect(ds.requests[0]!.path).toBe('/v1/chat/completions');
    expect(ds.requests[0]!.headers.authorization).toBe(`Bearer ${DS_KEY}`);
    const sent = sentToDs();
    expect(sent.model).toBe('deepseek-chat');
    expect(sent.max_tokens).toBe(300);
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Be exact.' },
      { role: 'user', content: [{ type: 'text', text: 'Read a and b' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }] },
      { role: 'assistant', content: null, reasoning_content: 'I need both.', tool_calls: [
        { id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } },
        { id: 'toolu_2', type: 'function', function: { name: 'read_file', arguments: '{"path":"b"}' } },
      ] },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'A!' },
      { role: 'tool', tool_call_id: 'toolu_2', content: 'Error: B!' },
      { role: 'user', content: 'now answer' },
    ]);
    expect(sent.tools).toEqual([{ type: 'function', function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }]);
    expect({ choice: sent.tool_choice, parallel: sent.parallel_tool_calls }).toEqual({ choice: 'auto', parallel: false });

    expect(message.content as unknown).toEqual([
      { type: 'thinking', thinking: 'Both read.', signature: '' },
      { type: 'text', text: 'A and B.' },
      { type: 'tool_use', id: 'call_x', name: 'read_file', input: { path: 'c' } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 40, cache_read_input_tokens: 60, output_tokens: 20 });
  });

  it('streams: the SDK assembles thinking, text and tool_use from the translated events', async () => {
    ds.handle(dsSays(script));
    const final = await anthropic().messages.stream({ model: 'to-openai', max_tokens: 300, messages: [{ role: 'user', content: 'go' }], tools }).finalMessage();
    expect(sentToDs().stream_options).toEqual({ include_usage: true });
    expect(final.content).toMatchObject([
      { type: 'thinking', thinking: 'Both read.', signature: '' },
      { type: 'text', text: 'A and B.' },
      { type: 'tool_use', id: 'call_x', name: 'read_file', input: { path: 'c' } },
    ]);
    expect(final.stop_reason).toBe('tool_use');
    expect(final.usage).toMatchObject({ input_tokens: 40, output_tokens: 20, cache_read_input_tokens: 60 });
    const line = (await h.logLines()).findLast((l) => l.path === '/v1/messages' && l.provider === 'ds')!;
    expect(line).toMatchObject({ status: 200, stream: true, completed: true, input_tokens: 40, output_tokens: 20, cache_read_tokens: 60 });
  });

  it('a vendor error reaches the Anthropic SDK in the Messages error shape', async () => {
    ds.handle(() => openaiError(400, 'This model\'s maximum context length is 65536 tokens', 'invalid_request_error', 'context_length_exceeded'));
    const error = await anthropic().messages.create({ model: 'to-openai', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: 'This model\'s maximum context length is 65536 tokens', code: 'context_length_exceeded' } });
  });

  it('a stream the vendor cuts before its finish breaks the client\'s stream too', async () => {
    ds.handle(() => chatSse(chatChunks({ text: 'partial answer' }).slice(0, 3)));
    const failed = await anthropic().messages.stream({ model: 'to-openai', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }).finalMessage().then(() => false, () => true);
    expect(failed).toBe(true);
  });
});

describe('OpenAI client → OpenAI-format vendor', () => {
  it('goes through the Messages format both ways: tool calls and reasoning survive', async () => {
    ds.handle(dsSays({ reasoning: 'hmm', toolCalls: [{ id: 'call_q', name: 'read_file', arguments: '{"path":"q"}' }] }));
    const answer = await openai().chat.completions.create({ model: 'to-openai', messages: CHAT_HISTORY, tools: CHAT_TOOLS });
    const sent = sentToDs();
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    expect(sent.messages[2]!.tool_calls!.map((c) => c.id)).toEqual(['call_1', 'call_2']);
    expect(answer.choices[0]!.message.tool_calls).toEqual([{ id: 'call_q', type: 'function', function: { name: 'read_file', arguments: '{"path":"q"}' } }]);
    expect((answer.choices[0]!.message as unknown as { reasoning_content: string }).reasoning_content).toBe('hmm');
  });
});

describe('no translation where none is needed', () => {
  it('a Messages client to an Anthropic-format provider: the bytes go up and come back as they were', async () => {
    const body = '{"model":"claude-x","messages":[{"role":"user","content":"hi"}],"max_tokens":5,"stream":false}';
    const answer = JSON.stringify(anthropicJson([{ type: 'text', text: 'as sent' }]));
    claude.handle(() => new Response(answer, { headers: { 'content-type': 'application/json' } }));
    const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body });
    expect(await res.text()).toBe(answer);
    expect(claude.requests[0]!.body).toBe(body);
    expect(res.headers.get('x-modelproxy-key')).toBe('claude#1');
  });

  it('translated answers carry the proxy\'s headers too', async () => {
    const res = await fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer x' }, body: JSON.stringify({ model: 'to-openai', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(res.headers.get('x-modelproxy-key')).toBe('ds#1');
    expect(res.headers.get('x-modelproxy-attempts')).toBe('1');
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('hi');
  });
});

describe('failover from an Anthropic-format vendor to an OpenAI-format one mid-conversation', () => {
  it('turn 1 is served by the Anthropic vendor; when it fails, turn 2 (thinking, tool_use, tool_result) goes to the OpenAI vendor translated', async () => {
    const client = anthropic();
    const tools: Anthropic.Tool[] = [{ name: 'read_file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];
    const history: Anthropic.MessageParam[] = [{ role: 'user', content: 'read a.txt' }];
    const first = await client.messages.stream({ model: 'failover', max_tokens: 200, messages: history, tools }).finalMessage();
    expect(claude.requests.length).toBe(1);
    expect(first.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);

    claude.handle(() => anthropicError(529, 'overloaded_error', 'Overloaded'));
    ds.handle(dsSays({ text: 'a says A, b says B' }));
    history.push({ role: 'assistant', content: first.content.map((b) => (b.type === 'tool_use' ? { type: 'tool_use', id: b.id, name: b.name, input: b.input } : b.type === 'text' ? { type: 'text', text: b.text } : b)) as Anthropic.ContentBlockParam[] });
    history.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a1', content: 'A' }, { type: 'tool_result', tool_use_id: 'toolu_b2', content: 'B' }] });
    const second = await client.messages.stream({ model: 'failover', max_tokens: 200, messages: history, tools }).finalMessage();
    expect(second.content).toMatchObject([{ type: 'text', text: 'a says A, b says B' }]);
    expect(claude.requests.length).toBe(2);
    const sent = sentToDs();
    expect(sent.model).toBe('deepseek-chat');
    expect(sent.messages).toEqual([
      { role: 'user', content: 'read a.txt' },
      { role: 'assistant', content: 'Reading both.', reasoning_content: 'Two files to read.', tool_calls: [
        { id: 'toolu_a1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
        { id: 'toolu_b2', type: 'function', function: { name: 'read_file', arguments: '{"path":"b.txt"}' } },
      ] },
      { role: 'tool', tool_call_id: 'toolu_a1', content: 'A' },
      { role: 'tool', tool_call_id: 'toolu_b2', content: 'B' },
    ]);
    const line = (await h.logLines()).findLast((l) => l.path === '/v1/messages')!;
    expect(line).toMatchObject({ status: 200, provider: 'ds', fallback: 1, attempts: 2, model_out: 'deepseek-chat', completed: true });
  });
});
