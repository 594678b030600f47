import { writeFileAtomic } from '@devhub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { configPath, requestsLogPath } from '../../src/config/paths';
import { anthropicError, messageResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { configFor, tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { spawnProxy, type ProxyProcess } from '../helpers/spawn-proxy';
import { cli } from '../cli/helpers';

afterAll(removeTempDirs);

const KEY_A = 'sk-alpha-secret-key-AAAA';
const KEY_A2 = 'sk-alpha-second-key-A222';
const KEY_B = 'sk-bravo-secret-key-BBBB';
let a: MockUpstream;
let b: MockUpstream;
let proxy: ProxyProcess;
let dir: string;
const configA = () => configFor({ a: { url: a.url, keys: [KEY_A, KEY_A2] }, b: { url: b.url, keys: [KEY_B] } });
const configB = () => ({ ...configA(), routes: { timed: [], default: [{ match: '.*', provider: 'b' }] } });
const ask = (url: string) => fetch(`${url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'sonnet', max_tokens: 5, messages: [] }) });
const count = (text: string, needle: string) => text.split(needle).length - 1;

beforeAll(async () => {
  a = await startMockUpstream((r) => (r.key === KEY_A ? anthropicError(429, 'rate_limit_error', `limited ${KEY_A}`) : messageResponse('from a')));
  b = await startMockUpstream(() => messageResponse('from b'));
  dir = tempDir();
  writeFileAtomic(configPath(dir), stringify(configA()));
  proxy = await spawnProxy(dir);
});
afterAll(async () => { await proxy.stop(); await a.stop(); await b.stop(); });

describe('modelproxy serve (real process)', () => {
  it('one serve process, in order: serve, host check, reload under load, rejected reload, service reload, no key anywhere, SIGTERM', async () => {
    { // serves /health and answers a request, falling back past a 429 key
      expect(await (await fetch(`${proxy.url}/health`)).json()).toEqual({ status: 'ok' });
      const res = await ask(proxy.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-modelproxy-key')).toBe('a#2');
    }
    { // refuses a request whose Host is not loopback, over the socket
      const res = await fetch(`${proxy.url}/health`, { headers: { host: 'attacker.example' } });
      expect(res.status).toBe(403);
    }
    { // reloads on SIGUSR1 under load: in-flight requests finish on the old config, none is lost
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      let heldArrived = false;
      a.handle(async (r) => {
        if (r.body.includes('"hold"')) { heldArrived = true; await held; }
        return messageResponse('from a');
      });
      const slow = fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'hold', max_tokens: 5, messages: [] }) });
      await waitFor(() => heldArrived, 'the held request to reach upstream a', 10_000);

      let stop = false;
      const statuses: number[] = [];
      const load = Array.from({ length: 8 }, async () => {
        while (!stop) statuses.push((await ask(proxy.url)).status);
      });
      writeFileAtomic(configPath(dir), stringify(configB()));
      proxy.proc.kill('SIGUSR1');
      await waitFor(() => count(proxy.output(), 'config reloaded') >= 1, 'the reload log line', 10_000);
      await waitFor(async () => (await ask(proxy.url)).headers.get('x-modelproxy-key') === 'b#1', 'requests to go to b', 10_000);
      // Reload twice more while the load runs.
      writeFileAtomic(configPath(dir), stringify(configA()));
      proxy.proc.kill('SIGUSR1');
      await waitFor(() => count(proxy.output(), 'config reloaded') >= 2, 'the second reload', 10_000);
      writeFileAtomic(configPath(dir), stringify(configB()));
      proxy.proc.kill('SIGUSR1');
      await waitFor(() => count(proxy.output(), 'config reloaded') >= 3, 'the third reload', 10_000);
      stop = true;
      await Promise.all(load);
      release();
      const slowRes = await slow;
      expect(slowRes.status).toBe(200);
      expect(slowRes.headers.get('x-modelproxy-key')).toMatch(/^a#/);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    }
    { // rejects an invalid new config with a logged reason and keeps the old one
      writeFileAtomic(configPath(dir), 'providers: { b: { base_url: nowhere, api_keys: [] } }\nroutes: { default: [] }\n');
      proxy.proc.kill('SIGUSR1');
      await waitFor(() => proxy.output().includes('config reload rejected'), 'the rejection log line', 10_000);
      expect(proxy.output()).toContain('providers.b.api_keys');
      const res = await ask(proxy.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-modelproxy-key')).toBe('b#1');
      expect(proxy.proc.exitCode).toBeNull();
    }
    { // modelproxy service reload signals a foreground serve through its PID file
      writeFileAtomic(configPath(dir), stringify(configA()));
      const reloads = count(proxy.output(), 'config reloaded');
      const r = await cli(['service', 'reload'], { HOME: dir, MODELPROXY_DIR: dir, NO_COLOR: '1' });
      expect(r.stdout.trim()).toBe(`reload signal sent to pid ${proxy.proc.pid}`);
      expect(r.code).toBe(0);
      await waitFor(() => count(proxy.output(), 'config reloaded') > reloads, 'the reload', 10_000);
      await waitFor(async () => (await ask(proxy.url)).headers.get('x-modelproxy-key')?.startsWith('a#') ?? false, 'requests to go to a', 10_000);
    }
    { // never prints or records a key
      const output = proxy.output();
      const records = readFileSync(requestsLogPath(dir), 'utf8');
      expect(records.split('\n').filter(Boolean).length).toBeGreaterThan(3);
      for (const key of [KEY_A, KEY_A2, KEY_B]) {
        expect(output).not.toContain(key);
        expect(records).not.toContain(key);
      }
    }
    { // stops cleanly on SIGTERM; service reload then says the proxy is not running
      expect(await proxy.stop()).toBe(0);
      const r = await cli(['service', 'reload'], { HOME: dir, MODELPROXY_DIR: dir, NO_COLOR: '1' });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('the proxy is not running');
    }
  });
});
