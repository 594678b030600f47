import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { launchChromiumContext } from '@devhub/shared/testing-chromium';

/**
 * Clickjacking: a page of another origin frames the console. Inside the frame the console is its
 * own origin, so its requests pass the Host and Origin checks, and with no key (the default) it
 * needs no login: whatever the user is tricked into clicking or typing there drives the gateway.
 * The browser has a profile of its own that allows third-party cookies and storage, as Chrome does
 * in a normal window by default (Firefox and Safari partition them, which also lets a frame run):
 * with them blocked the framed page cannot read localStorage, which the console happens to touch
 * first, and the hole hides. Without the frame check this very setup let a click in the frame
 * create a session and the next one type `touch PWNED` into it, which ran.
 */
const env = testEnv('framing');
let server: RunningServer;
let browser: BrowserContext;
let attacker: ReturnType<typeof Bun.serve> | undefined;

beforeAll(async () => {
  server = await startTestServer(env.config());
  const profile = join(env.dir, 'profile');
  mkdirSync(join(profile, 'Default'), { recursive: true });
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }));
  browser = await launchChromiumContext(profile, { headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
}, 60_000);
afterAll(() => teardown(() => browser?.close(), () => attacker?.stop(true), () => server?.stop(), env.cleanup));

const sessionCount = async () => ((await (await fetch(`${server.url}/api/v1/sessions`)).json()) as { sessions: unknown[] }).sessions.length;

describe('the console in a frame of another page', () => {
  it('does not run: no controls, no request to the API, nothing a tricked click could press', async () => {
    const framing = `<!doctype html><title>win a prize</title><iframe id="gw" src="${server.url}/" width="1200" height="800" style="opacity:0.01"></iframe>`;
    attacker = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(framing, { headers: { 'content-type': 'text/html' } }) });
    const page = await browser.newPage();
    try {
      const apiCalls: string[] = [];
      page.on('request', (r) => { if (r.url().includes('/api/v1/')) apiCalls.push(r.url()); });
      await page.goto(`http://localhost:${attacker.port}/`);
      let frame = page.frames().find((f) => f.url().startsWith(server.url));
      await waitFor(() => (frame = page.frames().find((f) => f.url().startsWith(server.url))) !== undefined, 'the frame loaded');
      await frame!.waitForLoadState('load');
      await waitFor(async () => (await frame!.locator('#framed').count()) === 1, 'the console says it will not run framed', 10_000);
      // What a tricked user would have clicked: the console's own buttons are gone.
      expect(await frame!.locator('#create-form button').count()).toBe(0);
      expect(await frame!.locator('#session-list').count()).toBe(0);
      expect(apiCalls).toEqual([]);
      expect(await sessionCount()).toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('opened in its own tab it runs as usual, so the refusal above is the frame check', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/`);
      await waitFor(async () => (await page.locator('#create-form button').count()) === 1, 'the console started');
      expect(await page.locator('#framed').count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('every API and docs answer forbids framing (X-Frame-Options, CSP frame-ancestors), refusals included', async () => {
    for (const [path, headers] of [['/api/v1/sessions', {}], ['/docs', {}], ['/api/v1/health', {}], ['/api/v1/sessions', { origin: 'http://evil.example' }]] as const) {
      const res = await fetch(`${server.url}${path}`, { headers });
      await res.arrayBuffer();
      expect([path, res.headers.get('x-frame-options'), res.headers.get('content-security-policy')]).toEqual([path, 'DENY', "frame-ancestors 'none'"]);
    }
  });
});
