import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'bun:test';
import { anthropicError, anthropicJson } from '../helpers/mock-upstream';
import { chatChunks, chatSse, openaiError, type ChatScript } from '../helpers/mock-openai';
import { DS_KEY, dsSays, PNG, twoVendors } from '../helpers/two-vendors';

// The official Anthropic SDK through the proxy to an OpenAI-format vendor (format: openai), the
// untouched Messages path beside it, and failover between the two formats mid-conversation.
const v = twoVendors();

describe('Anthropic client → OpenAI-format vendor', () => {
  const conversation: Anthropic.MessageParam[] = [
    { role: 'user', content: [{ type: 'text', text: 'Read a and b' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }] },
    { role: 'assistant', content: [{ type: 'thinking', thinking: 'I need both.', signature: 'sig' }, { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } }, { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: { path: 'b' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'A!' }, { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'B!' }], is_error: true }, { type: 'text', text: 'now answer' }] },
  ];
  const tools: Anthropic.Tool[] = [{ name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];
  const script: ChatScript = { reasoning: 'Both read.', text: 'A and B.', toolCalls: [{ id: 'call_x', name: 'read_file', arguments: '{"path":"c"}' }], usage: { prompt_tokens: 100, completion_tokens: 20, cached: 60 } };

  it('sends Chat Completions with the vendor\'s key and answers a Messages message (non-streaming)', async () => {
    v.ds.handle(dsSays(script));
    const message = await v.anthropic().messages.create({ model: 'to-openai', max_tokens: 300, system: 'Be exact.', messages: conversation, tools, tool_choice: { type: 'auto', disable_parallel_tool_use: true } });
    expect(v.ds.requests[0]!.path).toBe('/v1/chat/completions');
    expect(v.ds.requests[0]!.headers.authorization).toBe(`Bearer ${DS_KEY}`);
    const sent = v.sentToDs();
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
    v.ds.handle(dsSays(script));
    const final = await v.anthropic().messages.stream({ model: 'to-openai', max_tokens: 300, messages: [{ role: 'user', content: 'go' }], tools }).finalMessage();
    expect(v.sentToDs().stream_options).toEqual({ include_usage: true });
    expect(final.content).toMatchObject([
      { type: 'thinking', thinking: 'Both read.', signature: '' },
      { type: 'text', text: 'A and B.' },
      { type: 'tool_use', id: 'call_x', name: 'read_file', input: { path: 'c' } },
    ]);
    expect(final.stop_reason).toBe('tool_use');
    expect(final.usage).toMatchObject({ input_tokens: 40, output_tokens: 20, cache_read_input_tokens: 60 });
    const line = (await v.h.logLines()).findLast((l) => l.path === '/v1/messages' && l.provider === 'ds')!;
    expect(line).toMatchObject({ status: 200, stream: true, completed: true, input_tokens: 40, output_tokens: 20, cache_read_tokens: 60 });
  });

  it('a vendor error reaches the Anthropic SDK in the Messages error shape', async () => {
    v.ds.handle(() => openaiError(400, 'This model\'s maximum context length is 65536 tokens', 'invalid_request_error', 'context_length_exceeded'));
    const error = await v.anthropic().messages.create({ model: 'to-openai', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: 'This model\'s maximum context length is 65536 tokens', code: 'context_length_exceeded' } });
  });

  it('a stream the vendor cuts before its finish breaks the client\'s stream too', async () => {
    v.ds.handle(() => chatSse(chatChunks({ text: 'partial answer' }).slice(0, 3)));
    const failed = await v.anthropic().messages.stream({ model: 'to-openai', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }).finalMessage().then(() => false, () => true);
    expect(failed).toBe(true);
  });
});


describe('no translation where none is needed', () => {
  it('a Messages client to an Anthropic-format provider: the bytes go up and come back as they were', async () => {
    const body = '{"model":"claude-x","messages":[{"role":"user","content":"hi"}],"max_tokens":5,"stream":false}';
    const answer = JSON.stringify(anthropicJson([{ type: 'text', text: 'as sent' }]));
    v.claude.handle(() => new Response(answer, { headers: { 'content-type': 'application/json' } }));
    const res = await fetch(`${v.proxy.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body });
    expect(await res.text()).toBe(answer);
    expect(v.claude.requests[0]!.body).toBe(body);
    expect(res.headers.get('x-modelproxy-key')).toBe('claude#1');
  });

  it('translated answers carry the proxy\'s headers too', async () => {
    const res = await fetch(`${v.proxy.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer x' }, body: JSON.stringify({ model: 'to-openai', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(res.headers.get('x-modelproxy-key')).toBe('ds#1');
    expect(res.headers.get('x-modelproxy-attempts')).toBe('1');
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe('hi');
  });
});

describe('failover from an Anthropic-format vendor to an OpenAI-format one mid-conversation', () => {
  it('turn 1 is served by the Anthropic vendor; when it fails, turn 2 (thinking, tool_use, tool_result) goes to the OpenAI vendor translated', async () => {
    const client = v.anthropic();
    const tools: Anthropic.Tool[] = [{ name: 'read_file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }];
    const history: Anthropic.MessageParam[] = [{ role: 'user', content: 'read a.txt' }];
    const first = await client.messages.stream({ model: 'failover', max_tokens: 200, messages: history, tools }).finalMessage();
    expect(v.claude.requests.length).toBe(1);
    expect(first.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);

    v.claude.handle(() => anthropicError(529, 'overloaded_error', 'Overloaded'));
    v.ds.handle(dsSays({ text: 'a says A, b says B' }));
    history.push({ role: 'assistant', content: first.content.map((b) => (b.type === 'tool_use' ? { type: 'tool_use', id: b.id, name: b.name, input: b.input } : b.type === 'text' ? { type: 'text', text: b.text } : b)) as Anthropic.ContentBlockParam[] });
    history.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a1', content: 'A' }, { type: 'tool_result', tool_use_id: 'toolu_b2', content: 'B' }] });
    const second = await client.messages.stream({ model: 'failover', max_tokens: 200, messages: history, tools }).finalMessage();
    expect(second.content).toMatchObject([{ type: 'text', text: 'a says A, b says B' }]);
    expect(v.claude.requests.length).toBe(2);
    const sent = v.sentToDs();
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
    const line = (await v.h.logLines()).findLast((l) => l.path === '/v1/messages')!;
    expect(line).toMatchObject({ status: 200, provider: 'ds', fallback: 1, attempts: 2, model_out: 'deepseek-chat', completed: true });
  });
});
