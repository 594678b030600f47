import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { CLAUDE, claudeEnv, claudePrint, harness, tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { PNG } from '../helpers/two-vendors';
import { cli } from '../cli/helpers';

afterAll(removeTempDirs);

const PROVIDER_KEY = 'sk-provider-for-claude-code-7777';
const CLIENT_KEY = 'sk-ant-dummy-client-key-0123456789';

let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
let h: ReturnType<typeof harness>;
beforeAll(async () => {
  upstream = await startMockUpstream((r) => (r.path.endsWith('/v1/messages') ? sseResponse(sseFrames('PONG-via-modelproxy', 'MiniMax-M2')) : new Response('not found', { status: 404 })));
  h = harness({
    providers: { mm: { base_url: `${upstream.url}/anthropic`, api_keys: [{ key: PROVIDER_KEY }] } },
    routes: { default: [{ match: 'haiku', provider: 'mm', model: 'MiniMax-M2' }, { match: '.*', provider: 'mm', model: 'MiniMax-M2' }] },
  });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await upstream.stop(); });

describe('Claude Code through the proxy', () => {
  it.skipIf(!existsSync(CLAUDE))('answers `claude -p` from the mock upstream with ANTHROPIC_BASE_URL at the proxy', async () => {
    const { code, stdout, stderr } = await claudePrint(tempDir('modelproxy-claude-home-'), { baseUrl: proxy.url, clientKey: CLIENT_KEY });
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'PONG-via-modelproxy' });
    expect(stderr).not.toContain(PROVIDER_KEY);
    const calls = upstream.requests.filter((r) => r.path === '/anthropic/v1/messages');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers['x-api-key']).toBe(PROVIDER_KEY);
      expect(call.headers['anthropic-version']).toBe('2023-06-01');
      expect(JSON.parse(call.body).model).toBe('MiniMax-M2');
    }
    expect(JSON.stringify(upstream.requests)).not.toContain(CLIENT_KEY);
    expect((await h.logLines()).some((l) => l.status === 200 && l.stream === true)).toBe(true);
  }, 120_000);
  it.skipIf(!existsSync(CLAUDE))('works as the README sets it up: `modelproxy settings apply`, then plain `claude` with no env of its own', async () => {
    const home = tempDir('modelproxy-claude-settings-');
    const port = new URL(proxy.url).port;
    const applied = await cli(['settings', 'apply', '--port', port], { HOME: home, MODELPROXY_DIR: h.dir, NO_COLOR: '1' });
    expect(applied.code).toBe(0);
    const before = upstream.requests.length;
    const { code, stdout } = await claudePrint(home, null);
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'PONG-via-modelproxy' });
    const calls = upstream.requests.slice(before).filter((r) => r.path === '/anthropic/v1/messages');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers['x-api-key']).toBe(PROVIDER_KEY);
      expect(call.headers.authorization).toBeUndefined();
    }
  }, 120_000);

  it.skipIf(!existsSync(CLAUDE))('sizes Claude Code\'s context for the routed model once settings apply ran: 200K, not the 1M of claude-opus-5-5', async () => {
    const contextWindow = (stdout: string) => (Object.values(JSON.parse(stdout).modelUsage as Record<string, { contextWindow: number }>)[0]!).contextWindow;
    // Pointed at the proxy by hand, Claude Code sizes opus by its own name.
    const plain = await claudePrint(tempDir('modelproxy-claude-ctx-plain-'), { baseUrl: proxy.url, clientKey: CLIENT_KEY }, ['--output-format', 'json', '--model', 'opus']);
    expect(contextWindow(plain.stdout)).toBe(1_000_000);
    const home = tempDir('modelproxy-claude-ctx-');
    const applied = await cli(['settings', 'apply', '--port', new URL(proxy.url).port], { HOME: home, MODELPROXY_DIR: h.dir, NO_COLOR: '1' });
    expect(applied.stdout).toContain('CLAUDE_CODE_AUTO_COMPACT_WINDOW: (unset) → 204800');
    const sized = await claudePrint(home, null, ['--output-format', 'json', '--model', 'opus']);
    expect(sized.code).toBe(0);
    expect(contextWindow(sized.stdout)).toBe(200_000);
  }, 120_000);

  it.skipIf(!existsSync(CLAUDE))('prints the model\'s answer, not only the proxy\'s note, when an image was removed for a text-only model', async () => {
    const home = tempDir('modelproxy-claude-image-');
    const project = join(home, 'proj');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [CLIENT_KEY.slice(-20)], rejected: [] } }));
    // A screenshot pasted into the prompt; the route's MiniMax-M2 is not in multimodal_models.
    const prompt = { type: 'user', message: { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }, { type: 'text', text: 'What is in this picture?' }] } };
    await using proc = Bun.spawn([CLAUDE, '-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'], {
      cwd: project, env: claudeEnv(home, { ANTHROPIC_BASE_URL: proxy.url, ANTHROPIC_API_KEY: CLIENT_KEY }),
      stdin: new Blob([`${JSON.stringify(prompt)}\n`]), stdout: 'pipe', stderr: 'pipe',
    });
    const timer = setTimeout(() => proc.kill(), 90_000);
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    clearTimeout(timer);
    const result = stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; result?: string }).find((e) => e.type === 'result');
    expect(code).toBe(0);
    expect(result?.result).toBe('PONG-via-modelproxy\n\n[modelproxy] 1 image(s) were removed from the request because MiniMax-M2 does not accept images; this answer was written without seeing them.');
  }, 120_000);
});
