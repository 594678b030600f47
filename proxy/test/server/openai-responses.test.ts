import OpenAI from 'openai';
import { describe, expect, it } from 'bun:test';
import { claudeSays, dsSays, PNG, twoVendors } from '../helpers/two-vendors';

// The official OpenAI SDK's Responses API (what Codex CLI speaks) through the proxy to an
// Anthropic-format vendor.
const v = twoVendors();

describe('OpenAI Responses client', () => {
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
    const response = await v.openai().responses.create({ model: 'gpt-5-codex', instructions: 'You are Codex.', input, tools, reasoning: { effort: 'high' } });
    const sent = v.sentToClaude();
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
    await v.openai().responses.create({ model: 'gpt-5-codex', input: [{ role: 'user', content: 'go' }, ...response.output as OpenAI.Responses.ResponseInputItem[], { type: 'function_call_output', call_id: 'toolu_a1', output: 'A' }, { type: 'function_call_output', call_id: 'toolu_b2', output: 'B' }], reasoning: { effort: 'medium' } });
    const again = v.sentToClaude(1);
    expect(again.messages[1]!.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);
    expect(again.messages[1]!.content[0]).toEqual({ type: 'thinking', thinking: 'Two files to read.', signature: 'sig-vendor-abc' });
    expect(again.messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_a1', content: 'A' }, { type: 'tool_result', tool_use_id: 'toolu_b2', content: 'B' }]);
    expect(again.thinking).toEqual({ type: 'enabled', budget_tokens: 8192 });
  });

  it('streams the Responses events in order and ends incomplete at max_tokens', async () => {
    v.claude.handle(claudeSays([{ type: 'text', text: 'cut off here' }], { stop: 'max_tokens' }));
    const stream = await v.openai().responses.create({ model: 'gpt-5-codex', input: 'hi', stream: true, max_output_tokens: 50 });
    const types: string[] = [];
    let text = '';
    let last: OpenAI.Responses.Response | null = null;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.incomplete') last = event.response;
    }
    expect(v.sentToClaude().max_tokens).toBe(50);
    expect(types).toEqual([
      'response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added',
      'response.output_text.delta', 'response.output_text.delta', 'response.output_text.done', 'response.content_part.done',
      'response.output_item.done', 'response.incomplete',
    ]);
    expect(text).toBe('cut off here');
    expect(last).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 16, output_tokens: 7 } });
  });

  it('streams function calls as function_call_arguments deltas', async () => {
    const stream = await v.openai().responses.create({ model: 'gpt-5-codex', input: 'read them', tools, stream: true });
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
    const error = await v.openai().responses.create({ model: 'gpt-5-codex', input: 'hi', previous_response_id: 'resp_1' }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toMatchObject({ code: 'unsupported_parameter' });
  });

  it('to an OpenAI-format vendor: streamed through the Messages format both ways, its reasoning sent back as reasoning_content', async () => {
    v.ds.handle(dsSays({ reasoning: 'Need b.', toolCalls: [{ id: 'call_b', name: 'read_file', arguments: '{"path":"b.txt"}' }] }));
    const first = await v.openai().responses.create({ model: 'to-openai', input: 'read b', tools, stream: true });
    const items: OpenAI.Responses.ResponseOutputItem[] = [];
    for await (const event of first) if (event.type === 'response.output_item.done') items.push(event.item);
    expect(items.map((i) => i.type)).toEqual(['reasoning', 'function_call']);
    expect((items[0] as OpenAI.Responses.ResponseReasoningItem).encrypted_content).toBeUndefined();
    expect(v.sentToDs()).toMatchObject({ model: 'deepseek-chat', stream: true, stream_options: { include_usage: true } });

    v.ds.handle(dsSays({ text: 'b says B' }));
    const second = await v.openai().responses.create({ model: 'to-openai', input: [{ role: 'user', content: 'read b' }, ...items as OpenAI.Responses.ResponseInputItem[], { type: 'function_call_output', call_id: 'call_b', output: 'B' }], tools });
    expect(second.output_text).toBe('b says B');
    expect(v.sentToDs(1).messages.slice(1)).toEqual([
      { role: 'assistant', content: null, reasoning_content: 'Need b.', tool_calls: [{ id: 'call_b', type: 'function', function: { name: 'read_file', arguments: '{"path":"b.txt"}' } }] },
      { role: 'tool', tool_call_id: 'call_b', content: 'B' },
    ]);
  });

  it('the SDK\'s own stream helper assembles the same response from the events', async () => {
    const final = await v.openai().responses.stream({ model: 'gpt-5-codex', input: 'read them', tools, reasoning: { effort: 'low' } }).finalResponse();
    expect(final.status).toBe('completed');
    expect(final.output.map((o) => o.type)).toEqual(['reasoning', 'message', 'function_call', 'function_call']);
    expect(final.output_text).toBe('Reading both.');
    expect(final.output[2]).toMatchObject({ call_id: 'toolu_a1', arguments: '{"path":"a.txt"}' });
    expect((final.output[0] as OpenAI.Responses.ResponseReasoningItem).summary).toEqual([{ type: 'summary_text', text: 'Two files to read.' }]);
  });
});
