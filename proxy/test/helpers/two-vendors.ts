import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach } from 'bun:test';
import { anthropicFrames, anthropicJson, sseResponse, startMockUpstream, type Handler, type MockUpstream, type ScriptBlock } from './mock-upstream';
import { chatChunks, chatCompletion, chatSse, type ChatScript } from './mock-openai';
import { harness, removeTempDirs } from './proxy-harness';

/**
 * One proxy with two mock vendors, for the translation tests: `claude` speaks the Messages API,
 * `ds` Chat Completions (`format: openai`). Routes: `to-openai` → ds (deepseek-chat), `failover` →
 * claude with ds as its fallback, anything else → claude (claude-x). Handlers and key state are
 * reset before each test.
 */

export const CLAUDE_KEY = 'sk-ant-vendor-key-9191';
export const DS_KEY = 'sk-ds-vendor-key-8282';
/** A 1×1 PNG. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export type Block = { type: string; [k: string]: unknown };
export type SentMessages = { model: string; temperature?: number; system?: string; messages: { role: string; content: Block[] }[]; tools?: { name: string; [k: string]: unknown }[]; tool_choice?: unknown; thinking?: unknown; max_tokens: number; stream: boolean; stop_sequences?: string[] };
export type SentChat = { model: string; messages: { role: string; content: unknown; tool_calls?: { id: string; function: { name: string; arguments: string }; [k: string]: unknown }[]; tool_call_id?: string; reasoning_content?: string }[]; tools?: { type: string; function: { name: string; [k: string]: unknown } }[]; stream?: boolean; stream_options?: unknown; max_tokens?: number; parallel_tool_calls?: boolean; tool_choice?: unknown };

export const THINKING: ScriptBlock = { type: 'thinking', thinking: 'Two files to read.', signature: 'sig-vendor-abc' };
/** The Messages vendor's default answer: thinking, text and two parallel tool calls. */
export const TWO_CALLS: ScriptBlock[] = [  THINKING,
  { type: 'text', text: 'Reading both.' },
  { type: 'tool_use', id: 'toolu_a1', name: 'read_file', input: { path: 'a.txt' } },
  { type: 'tool_use', id: 'toolu_b2', name: 'read_file', input: { path: 'b.txt' } },
];

/** A Messages vendor handler answering `blocks` (SSE or JSON, as asked). */
export const claudeSays = (blocks: ScriptBlock[], options?: Parameters<typeof anthropicFrames>[1]): Handler => (r) =>
  (JSON.parse(r.body).stream ? sseResponse(anthropicFrames(blocks, options)) : Response.json(anthropicJson(blocks, options)));
/** A Chat Completions vendor handler answering `script` (chunks or JSON, as asked). */
export const dsSays = (script: ChatScript): Handler => (r) => {
  const body = JSON.parse(r.body) as SentChat;
  return body.stream ? chatSse(chatChunks(script, { includeUsage: (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true })) : Response.json(chatCompletion(script));
};

export interface TwoVendors {
  claude: MockUpstream;
  ds: MockUpstream;
  h: ReturnType<typeof harness>;
  proxy: { url: string; stop(): Promise<void> };
  openai(): OpenAI;
  anthropic(): Anthropic;
  sentToClaude(i?: number): SentMessages;
  sentToDs(i?: number): SentChat;
}

/** Registers the file's hooks (start, reset before each test, stop) and returns the fixture, filled in by beforeAll. */
export function twoVendors(): TwoVendors {
  const v = {} as TwoVendors;
  beforeAll(async () => {
    v.claude = await startMockUpstream(claudeSays(TWO_CALLS));
    v.ds = await startMockUpstream(dsSays({ text: 'hi' }));
    v.h = harness({
      providers: {
        claude: { base_url: v.claude.url, api_keys: [{ key: CLAUDE_KEY }] },
        ds: { base_url: `${v.ds.url}/v1`, format: 'openai', api_keys: [{ key: DS_KEY }] },
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
    v.proxy = v.h.listen();
    v.openai = () => new OpenAI({ baseURL: `${v.proxy.url}/v1`, apiKey: 'client-token', maxRetries: 0 });
    v.anthropic = () => new Anthropic({ baseURL: v.proxy.url, apiKey: 'client-token', maxRetries: 0 });
    v.sentToClaude = (i = 0) => JSON.parse(v.claude.requests[i]!.body) as SentMessages;
    v.sentToDs = (i = 0) => JSON.parse(v.ds.requests[i]!.body) as SentChat;
  });
  afterAll(async () => { await v.proxy.stop(); await v.claude.stop(); await v.ds.stop(); v.h.accounting?.close(); removeTempDirs(); });
  beforeEach(() => {
    v.claude.requests.length = 0;
    v.ds.requests.length = 0;
    v.claude.handle(claudeSays(TWO_CALLS));
    v.ds.handle(dsSays({ text: 'hi' }));
    // No key rests from an earlier test's failures.
    v.h.pool.succeed('claude', CLAUDE_KEY);
    v.h.pool.succeed('ds', DS_KEY);
  });
  return v;
}
