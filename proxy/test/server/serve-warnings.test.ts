import { writeFileAtomic } from '@devhub/shared';
import { waitFor } from '@devhub/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { chmodSync, readFileSync } from 'node:fs';
import { DEFAULT_CONFIG_YAML, PLACEHOLDER_KEY } from '../../src/config';
import { configPath } from '../../src/config/paths';
import { messageResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { spawnProxy, type ProxyProcess } from '../helpers/spawn-proxy';

const KEY = 'sk-cp-filled-in-key-0001';
let upstream: MockUpstream;
let proxy: ProxyProcess;
let file: string;
beforeAll(async () => {
  upstream = await startMockUpstream(() => messageResponse('from minimax'));
  const dir = tempDir();
  file = configPath(dir);
  // No config yet: serve writes the first-run default, whose keys are all placeholders.
  proxy = await spawnProxy(dir);
});
afterAll(async () => {
  await proxy.stop();
  await upstream.stop();
  removeTempDirs();
});

const count = (needle: string) => proxy.output().split(needle).length - 1;
const routedPlaceholder = (name: string) => `provider "${name}" has only placeholder keys and routes name it: they pass over it (and fail when no other provider can serve) until you edit ${file}`;
const noUsableKey = () => `no usable key: every provider the routes name has only placeholder keys, so every request fails with no_usable_key until you put a real key in ${file} (then reload)`;

// One serve process, in order (the steps share its output and config): start, rejected requests, reloads.
describe('serve warns about keys at start and after every reload (real process)', () => {
  it('at start on the first-run config: each placeholder provider, and that no request can be served; every rejected request leaves one log line; after each reload the warnings again', async () => {
    await waitFor(() => count(noUsableKey()) > 0, 'the no-usable-key warning');
    expect(readFileSync(file, 'utf8')).toBe(DEFAULT_CONFIG_YAML);
    expect(count(routedPlaceholder('minimax'))).toBe(1);
    expect(count(routedPlaceholder('zhipu'))).toBe(1);
    expect(count(noUsableKey())).toBe(1);
    expect(count('is readable by')).toBe(0);

    // Every rejected request leaves one log line naming its status and code.
    const cases: { send: () => Promise<Response>; status: number; line: string }[] = [
      { send: () => fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: '{"model": "sonnet",' }), status: 400, line: 'rejected POST /v1/messages: 400 invalid_json: ' },
      { send: () => fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ max_tokens: 5, messages: [] }) }), status: 400, line: 'rejected POST /v1/messages: 400 missing_model: ' },
      { send: () => fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'sonnet', max_tokens: 5, messages: [] }) }), status: 502, line: `rejected POST /v1/messages: 502 no_usable_key: providers "` },
      { send: () => fetch(`${proxy.url}/nope`), status: 404, line: 'rejected GET /nope: 404 route_not_found: ' },
      { send: () => fetch(`${proxy.url}/v1/messages`), status: 405, line: 'rejected GET /v1/messages: 405 method_not_allowed: ' },
      { send: () => fetch(`${proxy.url}/v1/embeddings`, { method: 'POST', body: '{}' }), status: 501, line: 'rejected POST /v1/embeddings: 501 endpoint_not_supported: ' },
      { send: () => fetch(`${proxy.url}/v1/chat/completions`, { method: 'POST', body: '{}' }), status: 400, line: 'rejected POST /v1/chat/completions: 400 missing_model: ' },
      { send: () => fetch(`${proxy.url}/health`, { headers: { origin: 'https://evil.example' } }), status: 403, line: 'rejected GET /health: 403 forbidden_origin: ' },
    ];
    for (const { send, status, line } of cases) {
      const before = count(line);
      expect({ line, status: (await send()).status }).toEqual({ line, status });
      await waitFor(() => count(line) === before + 1, `the log line "${line}"`);
    }
    // Sonnet goes to minimax, or first to zhipu during the timed route's Shanghai office hours:
    // the rejection names minimax either way.
    const named = (a: string, b: string) => count(`providers "${a}" and "${b}" have only placeholder keys — edit ${file}: put a real key in their api_keys, then reload`);
    expect(named('minimax', 'zhipu') + named('zhipu', 'minimax')).toBe(1);

    // After a reload (SIGUSR1): the placeholder provider that is left, and no "no usable key" once one provider has a key.
    const filled = DEFAULT_CONFIG_YAML.replace('https://api.minimaxi.com/anthropic', upstream.url).replace(`{ key: ${PLACEHOLDER_KEY}, note: personal }`, `{ key: ${KEY}, note: personal }`);
    writeFileAtomic(file, filled);
    proxy.proc.kill('SIGUSR1');
    await waitFor(() => count(routedPlaceholder('zhipu')) === 2, 'the zhipu warning after the reload');
    const afterReload = proxy.output().slice(proxy.output().indexOf('config reloaded'));
    expect(afterReload).toContain(routedPlaceholder('zhipu'));
    expect(afterReload).not.toContain(routedPlaceholder('minimax'));
    expect(count(noUsableKey())).toBe(1);
    const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'sonnet', max_tokens: 5, messages: [] }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-modelproxy-key')).toBe('minimax#1');

    // Back to placeholders only: the loud warning comes back with the reload.
    writeFileAtomic(file, DEFAULT_CONFIG_YAML);
    proxy.proc.kill('SIGUSR1');
    await waitFor(() => count(noUsableKey()) === 2, 'the no-usable-key warning after the second reload');
    expect(count(routedPlaceholder('minimax'))).toBe(2);
    expect(proxy.output()).not.toContain(KEY);

    // A config file others can read (it holds keys) is a warning too, at each reload (the first-run file, 0600, got none at start).
    const exposed = `${file} is readable by every user (mode 644) and holds keys; run: chmod 600 ${file}`;
    chmodSync(file, 0o644);
    const before = count(exposed);
    proxy.proc.kill('SIGUSR1');
    await waitFor(() => count(exposed) === before + 1, 'the world-readable warning after the reload');
  });
});
