import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileReadingVendor } from '../helpers/file-reading-vendor';
import { startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { CODEX, codexExec } from '../helpers/codex';
import { harness, removeTempDirs, tempDir } from '../helpers/proxy-harness';

const PROVIDER_KEY = 'sk-ant-provider-for-codex-4242';
const SIGNATURE = 'sig-EqQBCkYIBxgCKkA-mock-signature';
const TOOL_ID = 'toolu_codex_cat_01';

type Block = { type: string; [k: string]: unknown };
type Sent = { model: string; system?: string; messages: { role: string; content: Block[] }[]; tools?: { name: string }[]; stream: boolean };

let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
let h: ReturnType<typeof harness>;
beforeAll(async () => {
  // An Anthropic-format vendor: asked without a tool result, it thinks and calls Codex's shell tool;
  // given the result, it answers with what the file said.
  upstream = await startMockUpstream(fileReadingVendor((body) => {
    const shell = body.tools?.find((t) => t.name === 'exec_command' || t.name === 'shell' || t.name === 'shell_command')?.name ?? 'exec_command';
    const input = shell === 'shell' ? { command: ['cat', 'marker.txt'] } : shell === 'shell_command' ? { command: 'cat marker.txt' } : { cmd: 'cat marker.txt' };
    return [{ type: 'thinking', thinking: 'I should read the marker file.', signature: SIGNATURE }, { type: 'tool_use', id: TOOL_ID, name: shell, input }];
  }));
  h = harness({
    providers: { claude: { base_url: `${upstream.url}/anthropic`, api_keys: [{ key: PROVIDER_KEY }] } },
    routes: { default: [{ match: 'codex', provider: 'claude', model: 'claude-sonnet-mock' }, { match: '.*', provider: 'claude' }] },
  }, { accounting: true });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await upstream.stop(); h.accounting?.close(); removeTempDirs(); });

describe('the real Codex CLI through the proxy (Responses API → Anthropic-format vendor)', () => {
  it.skipIf(!existsSync(CODEX))('runs a tool call: the vendor asks for `cat marker.txt`, Codex runs it, the result goes back and the answer is printed', async () => {
    const home = tempDir('modelproxy-codex-home-');
    const work = join(home, 'work');
    mkdirSync(work);
    const marker = `MARKER-${crypto.randomUUID().slice(0, 8)}`;
    writeFileSync(join(work, 'marker.txt'), `${marker}\n`);
    const { code, stdout, stderr } = await codexExec(home, work, proxy.url, 'Read marker.txt and tell me what it says.', 'model_reasoning_effort = "medium"');
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: `The file says ${marker}.` });
    expect(stderr).not.toContain(PROVIDER_KEY);

    const calls = upstream.requests.filter((r) => r.path === '/anthropic/v1/messages');
    expect(calls.length).toBe(2);
    // Codex's session-id header names the session in the accounting, the same for both turns.
    expect(calls[0]!.headers['x-claude-code-session-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]!.headers['x-claude-code-session-id']).toBe(calls[0]!.headers['x-claude-code-session-id']!);
    for (const call of calls) {
      expect(call.headers['x-api-key']).toBe(PROVIDER_KEY);
      expect(call.headers.authorization).toBeUndefined();
      expect(call.headers['anthropic-version']).toBe('2023-06-01');
    }
    const [first, second] = calls.map((c) => JSON.parse(c.body) as Sent);
    // Codex's instructions became the system prompt; its function tools became Anthropic tools.
    expect(first!.model).toBe('claude-sonnet-mock');
    expect(first!.stream).toBe(true);
    expect(first!.system).toContain('Codex');
    expect(first!.tools!.map((t) => t.name)).toContain('exec_command');
    // model_reasoning_effort = medium → a thinking budget.
    expect((first as unknown as { thinking: unknown }).thinking).toEqual({ type: 'enabled', budget_tokens: 8192 });
    // The second turn carries the tool call back as tool_use and Codex's output as its tool_result.
    const assistant = second!.messages.find((m) => m.role === 'assistant')!;
    expect(assistant.content.find((b) => b.type === 'tool_use')).toMatchObject({ id: TOOL_ID, name: 'exec_command', input: { cmd: 'cat marker.txt' } });
    // Codex sent the reasoning item back; its encrypted_content carried the vendor's signature.
    expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: 'I should read the marker file.', signature: SIGNATURE });
    const result = second!.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result')!;
    expect(result.tool_use_id).toBe(TOOL_ID);
    expect(JSON.stringify(result.content)).toContain(marker);

    const lines = (await h.logLines()).filter((l) => l.path === '/v1/responses');
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line).toMatchObject({ status: 200, stream: true, completed: true, provider: 'claude', model_out: 'claude-sonnet-mock', input_tokens: 11, output_tokens: 7, cache_read_tokens: 5 });
  }, 120_000);
});
