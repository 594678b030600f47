import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileReadingVendor, type SentToVendor as Sent } from '../helpers/file-reading-vendor';
import { startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { harness, removeTempDirs, tempDir } from '../helpers/proxy-harness';

/**
 * The real Pi coding agent (npm @mariozechner/pi-coding-agent, a dev dependency) through the proxy
 * with each of the three APIs it can speak to a custom provider (its `models.json`): the Messages
 * API (passed through), Chat Completions and the Responses API (both translated), all routed to
 * one Anthropic-format vendor. A client we did not write, configured as its own docs say.
 */
const PI = join(import.meta.dir, '../../node_modules/.bin/pi');
const PROVIDER_KEY = 'sk-ant-provider-for-pi-7373';
const CLIENT_KEY = 'sk-pi-client-key-not-a-vendor-key';
const TOOL_ID = 'toolu_pi_read_01';


let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
let h: ReturnType<typeof harness>;
beforeAll(async () => {
  // The vendor: asked without a tool result, it calls Pi's `read` tool on marker.txt; given the
  // result, it answers with what the file said.
  upstream = await startMockUpstream(fileReadingVendor((body) => {
    const read = body.tools?.find((t) => t.name.toLowerCase() === 'read')?.name ?? 'read';
    return [{ type: 'tool_use', id: TOOL_ID, name: read, input: { path: 'marker.txt' } }];
  }));
  h = harness({
    providers: { claude: { base_url: `${upstream.url}/anthropic`, api_keys: [{ key: PROVIDER_KEY }] } },
    routes: { default: [{ match: '.*', provider: 'claude', model: 'claude-sonnet-mock' }] },
  }, { accounting: true });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await upstream.stop(); h.accounting?.close(); removeTempDirs(); });

/** Pi in print mode, its home a temp dir whose models.json names the proxy as provider `viaproxy`. */
async function piAsks(api: 'anthropic-messages' | 'openai-completions' | 'openai-responses'): Promise<{ code: number; stdout: string; stderr: string; marker: string }> {
  const home = tempDir('modelproxy-pi-');
  const project = join(home, 'proj');
  mkdirSync(join(home, '.pi', 'agent'), { recursive: true });
  mkdirSync(project);
  const marker = `MARKER-${crypto.randomUUID().slice(0, 8)}`;
  writeFileSync(join(project, 'marker.txt'), `${marker}\n`);
  const baseUrl = api === 'anthropic-messages' ? proxy.url : `${proxy.url}/v1`;
  writeFileSync(join(home, '.pi', 'agent', 'models.json'), JSON.stringify({
    providers: { viaproxy: { baseUrl, api, apiKey: CLIENT_KEY, models: [{ id: `pi-${api}`, reasoning: false }] } },
  }));
  await using proc = Bun.spawn([PI, '-p', '--offline', '--no-session', '--no-extensions', '--no-skills', '--no-context-files', '--tools', 'read',
    '--provider', 'viaproxy', '--model', `pi-${api}`, 'What does marker.txt say?'], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: home, NO_COLOR: '1' },
    stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
  });
  const timer = setTimeout(() => proc.kill(), 90_000);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, stdout, stderr, marker };
}

describe.skipIf(!existsSync(PI))('the real Pi coding agent through the proxy', () => {
  for (const [api, path] of [['anthropic-messages', '/v1/messages'], ['openai-completions', '/v1/chat/completions'], ['openai-responses', '/v1/responses']] as const) {
    it(`speaks ${api} to ${path}: reads a file with the tool the vendor called and answers with it`, async () => {
      const before = upstream.requests.length;
      const seen = (await h.logLines()).length;
      const { code, stdout, stderr, marker } = await piAsks(api);
      expect({ code, stdout: stdout.trim(), stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stdout: `The file says ${marker}.`, stderr: '' });
      // Two vendor calls (the tool call, then the answer), each with the provider's key only.
      const calls = upstream.requests.slice(before);
      expect(calls.length).toBe(2);
      for (const call of calls) {
        expect(call.headers['x-api-key']).toBe(PROVIDER_KEY);
        expect(call.headers.authorization).toBeUndefined();
        expect(call.body).not.toContain(CLIENT_KEY);
        expect((JSON.parse(call.body) as Sent).model).toBe('claude-sonnet-mock');
      }
      const second = JSON.parse(calls[1]!.body) as Sent;
      const result = second.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)).find((b) => b.type === 'tool_result')!;
      expect(result.tool_use_id).toBe(TOOL_ID);
      expect(JSON.stringify(result.content)).toContain(marker);
      // The proxy answered the path Pi called and accounted both requests.
      const lines = (await h.logLines()).slice(seen);
      expect(lines.map((l) => [l.path, l.status, l.provider])).toEqual([[path, 200, 'claude'], [path, 200, 'claude']]);
      expect(stdout + stderr).not.toContain(PROVIDER_KEY);
    }, 120_000);
  }
});
