import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { screenshotWindow } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { launchChromium } from '@devhub/shared/testing-chromium';

/**
 * A real browser, the gateway in its default mode (no key, loopback), and pages of other origins on
 * the same machine trying what a malicious site would: a WebSocket that creates a session and types
 * into it, `text/plain` "simple" POSTs that need no CORS preflight, JSON POSTs, reads. And DNS
 * rebinding: a name of the attacker's that now resolves to 127.0.0.1.
 */
const env = testEnv('cross-origin');
let server: RunningServer;
let browser: Browser;
const attackers: Array<ReturnType<typeof Bun.serve>> = [];

beforeAll(async () => {
  server = await startTestServer(env.config(), { screenshot: screenshotWindow });
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--host-resolver-rules=MAP rebind.test 127.0.0.1'] });
}, 60_000);
afterAll(() => teardown(() => browser?.close(), ...attackers.map((a) => () => a.stop(true)), () => server?.stop(), env.cleanup));

/** A page of another origin on this machine (its own server, as a site or another local app would have). */
function attackerOrigin(hostname: string, shownAs: string): string {
  const page = '<!doctype html><title>not the gateway</title><p>hello</p>';
  const site = Bun.serve({ hostname, port: 0, fetch: () => new Response(page, { headers: { 'content-type': 'text/html' } }) });
  attackers.push(site);
  return `http://${shownAs}:${site.port}`;
}

interface Outcome { ws: string[]; simple: string; json: string; read: string }

/** What a hostile page runs: everything goes to `gw`; `channel` and `file` are unique per attempt. */
async function attack(page: Page, gw: string, channel: string, file: string): Promise<Outcome> {
  return page.evaluate(async ({ gw, channel, file }) => {
    const ws = await new Promise<string[]>((resolve) => {
      const events: string[] = [];
      const socket = new WebSocket(`${gw.replace('http', 'ws')}/api/v1/ws`);
      socket.onopen = () => {
        events.push('open');
        socket.send(JSON.stringify({ type: 'session.create', provider: 'shell', channel_id: channel, request_id: '1' }));
      };
      socket.onmessage = (e) => {
        const m = JSON.parse(String(e.data));
        events.push(m.type);
        if (m.type === 'session.created') socket.send(JSON.stringify({ type: 'input', channel_id: channel, text: `touch ${file}`, request_id: '2' }));
        if (m.type === 'ack') resolve(events);
      };
      socket.onerror = () => events.push('error');
      socket.onclose = (e) => { events.push(`close ${e.code}`); resolve(events); };
    });
    const body = (value: unknown) => JSON.stringify(value);
    let simple: string;
    try {
      // No preflight for text/plain: the request reaches the server even though the page cannot read the answer.
      const res = await fetch(`${gw}/api/v1/sessions`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: body({ provider: 'shell', channel_id: `${channel}-simple` }) });
      await fetch(`${gw}/api/v1/sessions/${channel}-simple/input`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: body({ text: `touch ${file}` }) });
      simple = res.type === 'opaque' ? 'opaque' : String(res.status);
    } catch (e) {
      simple = `failed: ${(e as Error).message}`;
    }
    let json: string;
    try {
      json = String((await fetch(`${gw}/api/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body({ provider: 'shell', channel_id: `${channel}-json` }) })).status);
    } catch {
      json = 'failed';
    }
    let read: string;
    try {
      read = String((await fetch(`${gw}/api/v1/sessions`)).status);
    } catch {
      read = 'failed';
    }
    return { ws, simple, json, read };
  }, { gw, channel, file });
}

const channels = async () => (((await (await fetch(`${server.url}/api/v1/sessions`)).json()) as { sessions: Array<{ channel_id?: string }> }).sessions).map((s) => s.channel_id);

describe('pages of other origins cannot drive the gateway', () => {
  for (const [label, hostname, shownAs] of [['localhost, another port', '127.0.0.1', 'localhost'], ['127.0.0.2', '127.0.0.2', '127.0.0.2']] as const) {
    it(`a page at ${label} gets no socket, no session and types nothing`, async () => {
      const origin = attackerOrigin(hostname, shownAs);
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        const channel = `evil-${hostname}`;
        const file = join(env.dir, `pwned-${hostname}`);
        const outcome = await attack(page, server.url, channel, file);
        expect(outcome.ws).not.toContain('open');
        expect(outcome.ws.at(-1)).toStartWith('close');
        // Sent and answered 403, and not even an opaque answer: Cross-Origin-Resource-Policy blocks it.
        expect(outcome.simple).toBe('failed: Failed to fetch');
        expect(outcome.json).toBe('failed'); // the preflight gets no CORS grant
        expect(outcome.read).toBe('failed');
        await Bun.sleep(500);
        expect(await channels()).not.toEqual(expect.arrayContaining([expect.stringMatching(/^evil-/)]));
        expect(existsSync(file)).toBe(false);
      } finally {
        await context.close();
      }
    }, 60_000);
  }

  it('a page whose name was rebound to 127.0.0.1 is refused: its Host is not ours', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const rebound = `http://rebind.test:${server.port}`;
      await page.goto(`${rebound}/`);
      const file = join(env.dir, 'pwned-rebind');
      // Same origin as far as the browser knows, so the page can read every answer: all refusals.
      const outcome = await attack(page, rebound, 'evil-rebind', file);
      expect(outcome.ws).not.toContain('open');
      expect(outcome).toMatchObject({ json: '403', read: '403' });
      await Bun.sleep(500);
      expect(await channels()).not.toContain('evil-rebind');
      expect(existsSync(file)).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("the same script from the gateway's own origin works (the console's case), so the refusals above are the guard's", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      const file = join(env.dir, 'own-origin-touched');
      const outcome = await attack(page, server.url, 'own-origin', file);
      expect(outcome.ws.filter((e) => e !== 'window.change')).toEqual(['open', 'gateway.hello', 'session.created', 'ack']);
      expect(outcome.read).toBe('200');
      await waitFor(() => existsSync(file), 'the typed touch ran', 20_000);
      // The text/plain POST is refused even from the own origin: bodies are JSON only.
      expect(await channels()).not.toContain('own-origin-simple');
      expect(await channels()).toContain('own-origin-json');
    } finally {
      await context.close();
    }
  }, 60_000);
});

/** What an `<img>` of the page at `from` makes of `url`: the browser sends no Origin for it. */
async function imageLoad(page: Page, url: string): Promise<string> {
  return page.evaluate((src) => new Promise<string>((resolve) => {
    const image = new Image();
    image.onload = () => resolve(`load ${image.naturalWidth}x${image.naturalHeight}`);
    image.onerror = () => resolve('error');
    image.src = src;
  }), url);
}

describe('pages of other origins cannot load API answers as images (no Origin header is sent for those)', () => {
  const createShell = async (url: string, channel: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}/api/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ provider: 'shell', work_dir: env.dir, channel_id: channel }) });
    expect(res.status).toBe(200);
  };

  it('a screenshot as <img> from another port of localhost is an error; from the console\'s own origin it loads', async () => {
    await createShell(server.url, 'shot');
    const own = `http://localhost:${server.port}`;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${attackerOrigin('127.0.0.1', 'localhost')}/`);
      expect(await imageLoad(page, `${own}/api/v1/sessions/shot/screenshot`)).toBe('error');
      expect(await imageLoad(page, `${server.url}/api/v1/sessions/shot/screenshot`)).toBe('error');
      await page.goto(`${own}/`);
      expect(await imageLoad(page, `${own}/api/v1/sessions/shot/screenshot`)).toMatch(/^load \d+x\d+$/);
    } finally {
      await context.close();
    }
    // What the refused request got: 403 in the documented shape, and every API answer says same-origin only.
    const refused = await fetch(`${server.url}/api/v1/sessions/shot/screenshot`, { headers: { 'sec-fetch-site': 'same-site' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toStartWith('Forbidden: a same-site request from a page of another origin that sent no Origin');
    expect(refused.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await fetch(`${server.url}/api/v1/sessions`)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  }, 60_000);

  it('the same with an API key while the user is logged in to the console (the SameSite=Strict cookie goes to other localhost ports)', async () => {
    const KEY = 'cross-origin-image-key-0123456789';
    const keyed = testEnv('cross-origin-key');
    const secured = await startTestServer(keyed.config({ api_key: KEY }), { screenshot: screenshotWindow });
    const context = await browser.newContext();
    try {
      await createShell(secured.url, 'shot', { authorization: `Bearer ${KEY}` });
      const own = `http://localhost:${secured.port}`;
      const page = await context.newPage();
      await page.goto(`${own}/`);
      // Logged in as the console does it; the cookie now goes with every request to localhost.
      expect(await page.evaluate(async (key) => (await fetch('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: key }) })).status, KEY)).toBe(200);
      expect(await imageLoad(page, `${own}/api/v1/sessions/shot/screenshot`)).toMatch(/^load \d+x\d+$/);
      await page.goto(`${attackerOrigin('127.0.0.1', 'localhost')}/`);
      expect(await imageLoad(page, `${own}/api/v1/sessions/shot/screenshot`)).toBe('error');
    } finally {
      await teardown(() => context.close(), () => secured.stop(), keyed.cleanup);
    }
  }, 60_000);
});
