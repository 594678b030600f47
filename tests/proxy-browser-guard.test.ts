import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type Browser } from 'playwright-core';
import { messageResponse, serveMock, type MockUpstream } from '../proxy/test/helpers/mock-upstream';
import { chatCompletion } from '../proxy/test/helpers/mock-openai';
import { harness, removeTempDirs, type Harness } from '../proxy/test/helpers/proxy-harness';
import { launchChromium } from '../shared/src/testing-chromium';

// A page of another origin in a real Chromium, against a proxy with no client token (the default,
// so the most exposed): nothing it sends may spend a key, and nothing the proxy holds may be read.
let claude: MockUpstream;
let ds: MockUpstream;
let h: Harness;
let server: { url: string; stop(): Promise<void> };
let evil: ReturnType<typeof Bun.serve>;
let browser: Browser;

beforeAll(async () => {
  claude = serveMock(() => messageResponse('spent'));
  ds = serveMock(() => Response.json(chatCompletion({ text: 'spent' })));
  h = harness({
    providers: {
      claude: { base_url: claude.url, api_keys: [{ key: 'sk-ant-browser-guard-1111' }] },
      ds: { base_url: `${ds.url}/v1`, format: 'openai', api_keys: [{ key: 'sk-ds-browser-guard-2222' }] },
    },
    routes: { default: [{ match: 'gpt', provider: 'ds', model: 'deepseek-chat' }, { match: '.*', provider: 'claude', model: 'claude-x' }] },
  });
  h.state.configPath = h.file;
  server = h.listen();
  evil = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('<!doctype html><p>another site</p>', { headers: { 'content-type': 'text/html' } }) });
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP rebind.test 127.0.0.1'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await evil?.stop(true);
  await server?.stop();
  await claude?.stop();
  await ds?.stop();
  removeTempDirs();
});

describe('a page of another origin (real Chromium, no client token set)', () => {
  it('spends no key through any route (text/plain posts, no-cors, a form) and reads nothing (models, dashboard data, the live stream)', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`http://127.0.0.1:${evil.port}/`);
      const results = await page.evaluate(async (proxy) => {
        const out: Record<string, string> = {};
        const ask = JSON.stringify({ model: 'claude', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] });
        const chat = JSON.stringify({ model: 'gpt', messages: [{ role: 'user', content: 'hi' }] });
        const posts: [string, string][] = [
          ['/v1/messages', ask], ['/v1/messages/count_tokens', ask], ['/v1/chat/completions', chat], ['/v1/chat/completions', ask.replace('claude', 'x')],
          ['/v1/responses', JSON.stringify({ model: 'gpt', input: 'hi' })], ['/dashboard/api/reload', ''],
        ];
        for (const [path, body] of posts) {
          await fetch(proxy + path, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body }).catch(() => null);
          try {
            const res = await fetch(proxy + path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
            out[`POST ${path}`] = `read ${res.status}`;
          } catch {
            out[`POST ${path}`] = 'unreadable';
          }
        }
        for (const path of ['/v1/models', '/dashboard/api/state', '/dashboard/api/usage', '/dashboard/api/events']) {
          try {
            const res = await fetch(proxy + path);
            out[`GET ${path}`] = `read ${res.status}`;
          } catch {
            out[`GET ${path}`] = 'unreadable';
          }
        }
        out.EventSource = await new Promise<string>((resolve) => {
          const source = new EventSource(`${proxy}/dashboard/api/events`);
          source.onopen = () => { source.close(); resolve('open'); };
          source.onerror = () => { source.close(); resolve('refused'); };
        });
        // A classic form post (text/plain) into a hidden frame.
        const frame = document.createElement('iframe');
        frame.name = 'sink';
        document.body.append(frame);
        const form = document.createElement('form');
        Object.assign(form, { method: 'POST', action: `${proxy}/v1/messages`, enctype: 'text/plain', target: 'sink' });
        const field = document.createElement('input');
        field.name = ask.slice(0, -1) + ',"x":"';
        field.value = '"}';
        form.append(field);
        document.body.append(form);
        const loaded = new Promise((resolve) => { frame.onload = resolve; });
        form.submit();
        await loaded;
        return out;
      }, server.url);
      expect(Object.entries(results).filter(([, v]) => v !== 'unreadable' && v !== 'refused')).toEqual([]);
      expect(claude.requests.length + ds.requests.length).toBe(0);
      expect(await h.logLines()).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('a rebound host name (DNS rebinding) gets 403 forbidden_host for the page and every call from it', async () => {
    const page = await browser.newPage();
    try {
      const port = new URL(server.url).port;
      const res = await page.goto(`http://rebind.test:${port}/dashboard`);
      expect(res?.status()).toBe(403);
      const calls = await page.evaluate(async () => Promise.all(['/v1/models', '/dashboard/api/state'].map(async (path) => {
        const r = await fetch(path);
        return [path, r.status, ((await r.json()) as { error: { code: string } }).error.code];
      })));
      expect(calls).toEqual([['/v1/models', 403, 'forbidden_host'], ['/dashboard/api/state', 403, 'forbidden_host']]);
      expect(claude.requests.length + ds.requests.length).toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);
});
