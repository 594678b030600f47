import { describe, expect, it } from 'bun:test';
import { chatToAnthropic } from '../../src/translate/chat-request';
import { responsesToAnthropic } from '../../src/translate/responses-request';
import { estimateInputTokens } from '../../src/translate/estimate';
import { anthropicToChatRequest } from '../../src/translate/vendor-request';

const chat = (body: Record<string, unknown>) => chatToAnthropic({ model: 'm', ...body });

describe('Chat Completions request → Messages request', () => {
  it('puts model first and stream last (the proxy reads both from the ends of the bytes)', () => {
    const { request } = chat({ messages: [{ role: 'user', content: 'hi' }], stream: true, temperature: 0.5, max_tokens: 99 });
    const keys = Object.keys(request);
    expect([keys[0], keys.at(-1)]).toEqual(['model', 'stream']);
    expect(request).toMatchObject({ max_tokens: 99, temperature: 0.5, stream: true });
  });

  it('refuses what it cannot carry: n > 1, audio input, the legacy function role, a tool message without its call id', () => {
    const code = (body: Record<string, unknown>) => {
      try {
        chat(body);
        return null;
      } catch (error) {
        return [(error as { status: number }).status, (error as { code: string }).code, (error as Error).message.split(':')[0]];
      }
    };
    expect(code({ n: 2, messages: [{ role: 'user', content: 'x' }] })).toEqual([400, 'unsupported_parameter', 'n']);
    expect(code({ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] })).toEqual([400, 'unsupported_parameter', 'messages[0].content[0]']);
    expect(code({ messages: [{ role: 'function', content: 'x', name: 'f' }] })).toEqual([400, 'unsupported_parameter', 'messages[0].role']);
    expect(code({ messages: [{ role: 'tool', content: 'x' }] })).toEqual([400, 'invalid_request', 'messages[0].tool_call_id']);
    expect(code({ messages: [{ role: 'wizard', content: 'x' }] })).toEqual([400, 'invalid_request', 'messages[0].role']);
  });

  it('maps tool_choice: required → any, a named function → tool, none stays none', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const messages = [{ role: 'user', content: 'x' }];
    expect(chat({ messages, tools, tool_choice: 'required' }).request.tool_choice).toEqual({ type: 'any' });
    expect(chat({ messages, tools, tool_choice: { type: 'function', function: { name: 'f' } } }).request.tool_choice).toEqual({ type: 'tool', name: 'f' });
    expect(chat({ messages, tools, tool_choice: 'none' }).request.tool_choice).toEqual({ type: 'none' });
  });
});

describe('Responses request → Messages request', () => {
  it('turns a custom (free-text) tool into a one-string tool and its calls back into tool_use / tool_result', () => {
    const { request, context } = responsesToAnthropic({
      model: 'm',
      tools: [{ type: 'custom', name: 'apply_patch', description: 'Patch files', format: { type: 'grammar', syntax: 'lark', definition: 'start: "x"' } }],
      input: [
        { role: 'user', content: 'fix it' },
        { type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: '*** Begin Patch' },
        { type: 'custom_tool_call_output', call_id: 'c1', output: 'Done!' },
      ],
    });
    expect([...context.customTools]).toEqual(['apply_patch']);
    expect(request.tools![0]!.description).toContain('lark grammar:\nstart: "x"');
    expect(request.tools![0]!.input_schema).toMatchObject({ properties: { input: { type: 'string' } }, required: ['input'] });
    expect(request.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'apply_patch', input: { input: '*** Begin Patch' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'Done!' }] },
    ]);
  });
});

describe('Messages request → Chat Completions request (format: openai)', () => {
  it('drops what an OpenAI-format vendor cannot take: cache_control, top_k, thinking, server tools', () => {
    const out = anthropicToChatRequest({
      model: 'x', max_tokens: 5, top_k: 3, thinking: { type: 'enabled', budget_tokens: 1024 },
      system: [{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }],
      tools: [{ type: 'web_search_20250305', name: 'web_search' }, { name: 'f', input_schema: { type: 'object' } }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] }],
      stream: false,
    }, 'deepseek-chat');
    expect(out).toEqual({
      model: 'deepseek-chat', max_tokens: 5,
      messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
    });
  });
});

describe('local token estimate', () => {
  it('counts about 4 characters a token in English, more tokens for CJK text, and a fixed cost per image', () => {
    const english = estimateInputTokens({ messages: [{ role: 'user', content: 'a'.repeat(4000) }] });
    expect(english).toBe(1004);
    expect(estimateInputTokens({ messages: [{ role: 'user', content: '漢'.repeat(300) }] })).toBe(204);
    const image = estimateInputTokens({ messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'x' } }] }] });
    expect(image).toBe(1604);
  });
});

describe('redacted thinking through the Responses API', () => {
  it('goes out as a reasoning item whose encrypted_content carries the data, and comes back as the same block', async () => {
    const { anthropicToResponses } = await import('../../src/translate/responses-response');
    const context = { model: 'm', stream: false, customTools: new Set<string>(), echo: {} };
    const answer = anthropicToResponses({
      id: 'msg_1', type: 'message', role: 'assistant', model: 'm', stop_reason: 'tool_use', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
      content: [{ type: 'redacted_thinking', data: 'EnCrYpTeD' }, { type: 'tool_use', id: 't1', name: 'f', input: {} }],
    }, context);
    expect(answer.output[0]).toMatchObject({ type: 'reasoning', summary: [], encrypted_content: 'modelproxy.anthropic-redacted.EnCrYpTeD' });
    const { request } = responsesToAnthropic({ model: 'm', input: [{ role: 'user', content: 'x' }, ...answer.output, { type: 'function_call_output', call_id: 't1', output: 'ok' }], reasoning: { effort: 'low' } });
    expect(request.messages[1]!.content).toEqual([{ type: 'redacted_thinking', data: 'EnCrYpTeD' }, { type: 'tool_use', id: 't1', name: 'f', input: {} }]);
    // A turn opened by (redacted) thinking may go on with thinking on.
    expect(request.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });
});

describe('reasoning effort → thinking budget', () => {
  const messages = [{ role: 'user', content: 'x' }];
  it('keeps a max_tokens the client set (OpenAI counts reasoning in it): the budget shrinks to fit, or thinking stays off', () => {
    expect(chat({ messages, reasoning_effort: 'high', max_completion_tokens: 6000 }).request).toMatchObject({ max_tokens: 6000, thinking: { type: 'enabled', budget_tokens: 5999 } });
    const small = chat({ messages, reasoning_effort: 'high', max_tokens: 1000 }).request;
    expect([small.max_tokens, small.thinking]).toEqual([1000, undefined]);
    expect(responsesToAnthropic({ model: 'm', input: 'x', reasoning: { effort: 'low' }, max_output_tokens: 9000 }).request).toMatchObject({ max_tokens: 9000, thinking: { budget_tokens: 2048 } });
  });

  it('raises the default limit above the budget when the client set none', () => {
    expect(chat({ messages, reasoning_effort: 'high' }).request).toMatchObject({ max_tokens: 20480, thinking: { type: 'enabled', budget_tokens: 16384 } });
    expect(chat({ messages, reasoning_effort: 'minimal' }).request.thinking).toBeUndefined();
  });
});

describe('a malformed Messages body for an OpenAI-format vendor', () => {
  it('is refused as a Messages vendor would (400 naming the member), not sent on with its messages or limits dropped', async () => {
    const { anthropicToChatRequest } = await import('../../src/translate/vendor-request');
    const refused = (body: Record<string, unknown>) => {
      try {
        anthropicToChatRequest(body, 'm');
        return null;
      } catch (error) {
        return [(error as { status: number }).status, (error as Error).message];
      }
    };
    const turn = { role: 'user', content: 'hi' };
    expect(refused({ max_tokens: 5, messages: 'hi' })).toEqual([400, 'messages: required, a non-empty array of messages']);
    expect(refused({ max_tokens: 5, messages: [] })).toEqual([400, 'messages: required, a non-empty array of messages']);
    expect(refused({ max_tokens: 5, messages: [turn, 7] })).toEqual([400, 'messages.1: a message object']);
    expect(refused({ max_tokens: 5, messages: [{ role: 'tool', content: 'x' }] })).toEqual([400, 'messages.0.role: must be user, assistant or system']);
    expect(refused({ max_tokens: 5, messages: [{ role: 'user', content: 5 }] })).toEqual([400, 'messages.0.content: a string or an array of content blocks']);
    expect(refused({ max_tokens: 5, messages: [{ role: 'user', content: [[1]] }] })).toEqual([400, 'messages.0.content.0: a content block (an object with a type)']);
    expect(refused({ max_tokens: '5', messages: [turn] })).toEqual([400, 'max_tokens: a positive integer']);
    expect(refused({ max_tokens: 5, messages: [turn], tools: 'none' })).toEqual([400, 'tools: an array of tools']);
    // What Claude Code sends: its environment notes as system messages among the turns.
    expect(refused({ max_tokens: 5, messages: [turn, { role: 'system', content: [{ type: 'text', text: 'env' }] }] })).toBeNull();
  });
});
