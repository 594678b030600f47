import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { chatChunks, chatSse } from '../helpers/mock-openai';
import { CLAUDE, claudeEnv, harness, removeTempDirs, tempDir } from '../helpers/proxy-harness';

const PROVIDER_KEY = 'sk-deepseek-provider-key-5151';
const CLIENT_KEY = 'sk-ant-dummy-client-key-for-openai-vendor';
const REASONING = 'The user wants the marker; I will read the file first.';

type ChatMessage = { role: string; content: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string; reasoning_content?: string };
type ChatBody = { model: string; messages: ChatMessage[]; tools?: { function: { name: string } }[]; stream?: boolean; stream_options?: unknown };

let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
let h: ReturnType<typeof harness>;
let markerPath = '';
let marker = '';
beforeAll(async () => {
  // An OpenAI-format vendor (DeepSeek's wire format): it reasons and calls Read, then answers with what the file said.
  upstream = await startMockUpstream((r) => {
    if (r.path !== '/v1/chat/completions') return new Response('not found', { status: 404 });
    const body = JSON.parse(r.body) as ChatBody;
    const toolResult = body.messages.find((m) => m.role === 'tool');
    const hasRead = body.tools?.some((t) => t.function.name === 'Read');
    let script;
    if (toolResult) script = { text: `The file says ${String(toolResult.content).match(/MARKER-[a-z0-9]+/)?.[0] ?? 'nothing'}.` };
    else if (hasRead) script = { reasoning: REASONING, toolCalls: [{ id: 'call_read_0001', name: 'Read', arguments: JSON.stringify({ file_path: markerPath }) }] };
    else script = { text: 'ok' };
    return chatSse(chatChunks(script, { includeUsage: (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true }));
  });
  h = harness({
    providers: { deepseek: { base_url: `${upstream.url}/v1`, format: 'openai', api_keys: [{ key: PROVIDER_KEY }] } },
    routes: { default: [{ match: '.*', provider: 'deepseek', model: 'deepseek-reasoner' }] },
  }, { accounting: true });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await upstream.stop(); h.accounting?.close(); removeTempDirs(); });

describe('the real Claude Code through the proxy to an OpenAI-format vendor', () => {
  it.skipIf(!existsSync(CLAUDE))('reads a file with the Read tool the vendor called, shows the vendor\'s reasoning as thinking and answers', async () => {
    const home = tempDir('modelproxy-claude-openai-');
    const project = join(home, 'proj');
    mkdirSync(project, { recursive: true });
    marker = `MARKER-${crypto.randomUUID().slice(0, 8)}`;
    markerPath = join(project, 'marker.txt');
    writeFileSync(markerPath, `${marker}\n`);
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [CLIENT_KEY.slice(-20)], rejected: [] } }));
    await using proc = Bun.spawn([CLAUDE, '-p', 'What does marker.txt say?', '--output-format', 'stream-json', '--verbose', '--allowedTools', 'Read'], {
      cwd: project,
      env: claudeEnv(home, { ANTHROPIC_BASE_URL: proxy.url, ANTHROPIC_API_KEY: CLIENT_KEY, MAX_THINKING_TOKENS: '4000' }),
      stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
    });
    const timer = setTimeout(() => proc.kill(), 90_000);
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    clearTimeout(timer);
    if (code !== 0) console.log(stdout, stderr);
    const events = stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; message?: { content: { type: string; thinking?: string; name?: string }[] }; result?: string });
    expect({ code, stderr: stderr.includes(PROVIDER_KEY) }).toEqual({ code: 0, stderr: false });
    expect(events.find((e) => e.type === 'result')?.result).toBe(`The file says ${marker}.`);
    const assistant = events.filter((e) => e.type === 'assistant').flatMap((e) => e.message!.content);
    // The vendor's reasoning_content arrived as a thinking block, its tool call as tool_use.
    expect(assistant.find((b) => b.type === 'thinking')?.thinking).toBe(REASONING);
    expect(assistant.find((b) => b.type === 'tool_use')?.name).toBe('Read');

    const calls = upstream.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => ({ r, body: JSON.parse(r.body) as ChatBody }));
    for (const { r, body } of calls) {
      expect(r.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
      expect(r.headers['x-api-key']).toBeUndefined();
      expect(body.model).toBe('deepseek-reasoner');
    }
    const second = calls.find(({ body }) => body.messages.some((m) => m.role === 'tool'))!.body;
    expect(second.stream).toBe(true);
    expect(second.stream_options).toEqual({ include_usage: true });
    const call = second.messages.find((m) => m.tool_calls)!;
    expect(call.tool_calls![0]).toMatchObject({ id: 'call_read_0001', function: { name: 'Read' } });
    expect(JSON.parse(call.tool_calls![0]!.function.arguments)).toEqual({ file_path: markerPath });
    // The thinking block went back to the vendor as the assistant's reasoning_content.
    expect(call.reasoning_content).toBe(REASONING);
    const tool = second.messages.find((m) => m.role === 'tool')!;
    expect(tool.tool_call_id).toBe('call_read_0001');
    expect(String(tool.content)).toContain(marker);
    // Accounting read the usage of the vendor's last chunk: 40 prompt tokens of which 16 cached.
    const lines = (await h.logLines()).filter((l) => l.path === '/v1/messages' && l.status === 200);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatchObject({ provider: 'deepseek', completed: true, input_tokens: 24, cache_read_tokens: 16, output_tokens: 9 });
  }, 120_000);
});
