import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { type Browser, type Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint } from '../proxy/src/usage/cache';
import { anthropicError, messageResponse, serveMock, type MockUpstream } from '../proxy/test/helpers/mock-upstream';
import { configFor, harness, post, removeTempDirs, type Harness } from '../proxy/test/helpers/proxy-harness';
import { waitFor } from '../shared/src/testing';
import { launchChromium } from '../shared/src/testing-chromium';

// The dashboard in Chromium after scripted failures: two MiniMax keys answer 2056 (5-hour window
// used up, with its reset) through a mock vendor, the route fails over to Zhipu, and the page must
// show both MiniMax keys resting until that reset, Zhipu serving with its quota, the route's
// serving target, the placeholder provider as a config problem, the live request stream and charts.
const MM_1 = 'sk-cp-dashboard-key-0001';
const MM_2 = 'sk-cp-dashboard-key-0002';
const ZP = 'zp-dashboard-key-000003';
const TOKEN = 'dashboard-client-token-42';
const ask = { model: 'claude-sonnet-5-5', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };

// Whole minutes: the page shows HH:MM and "in 3 h N min".
const reset = new Date(Math.ceil((Date.now() + 3 * 3_600_000 + 5 * 60_000) / 60_000) * 60_000);
const pad = (n: number) => String(n).padStart(2, '0');
// A reset on another day than today shows its date first ("Nov 29 00:23"): a run after 20:55 local time.
const resetDay = reset.toDateString() === new Date().toDateString() ? '' : `${reset.toDateString().slice(4, 10)} `;
const resetClock = `${resetDay}${pad(reset.getHours())}:${pad(reset.getMinutes())}`;

let vendor: MockUpstream;
let h: Harness;
let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  vendor = serveMock((r) => {
    if (r.key === MM_1 || r.key === MM_2) {
      return anthropicError(429, 'rate_limit_error', `usage limit exceeded, 5-hour usage limit reached for Token Plan Starter (0/0 used), resets at ${reset.toISOString().replace('.000Z', 'Z')} (2056)`);
    }
    return Response.json({ ...JSON.parse(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model: 'glm-4.6', content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', stop_sequence: null })), usage: { input_tokens: 1200, output_tokens: 34, cache_read_input_tokens: 500 } });
  });
  const config = configFor({
    minimax: { url: `${vendor.url}/anthropic`, keys: [MM_1, MM_2], usage_adapter: 'minimax' },
    zhipu: { url: `${vendor.url}/api/anthropic`, keys: [ZP] },
    kimi: { url: `${vendor.url}/coding`, keys: ['YOUR_API_KEY'] },
  }, {
    server: { auth_token: TOKEN },
    routes: { timed: [], default: [{ match: '.*', provider: 'minimax', model: 'MiniMax-M2', fallback: [{ provider: 'zhipu', model: 'glm-4.6' }, { provider: 'kimi' }] }] },
    prices: { 'glm-4.6': { input: 0.6, output: 2.2 } },
  });
  h = harness(config, { accounting: true });
  h.state.configPath = h.file;
  // The last quota reading of the Zhipu key, as `modelproxy usage` leaves it.
  writeFileSync(join(h.dir, 'usage-cache.json'), JSON.stringify({
    version: 1, entries: {},
    quota: { [fingerprint(ZP)]: { five_hour: { remaining_percent: 40, reset_at: reset.toISOString() }, weekly: { remaining_percent: 8, reset_at: null }, checked_at: new Date().toISOString() } },
  }));
  server = h.listen();
  // The scripted failure: one request meets both MiniMax keys' 2056 and is served by Zhipu.
  const res = await h.app.handle(post('/v1/messages', ask, { 'x-api-key': TOKEN }));
  expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#1');
  h.accounting!.flush();
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  h?.accounting?.close();
  await vendor?.stop();
  removeTempDirs();
});

const text = (page: Page, selector: string) => page.locator(selector).innerText();

/** Opens the dashboard at a size and gives it the client token, as a user would. */
async function open(width: number, height: number, onConsole?: (text: string) => void): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  if (onConsole) page.on('console', (m) => onConsole(m.text()));
  await page.goto(`${server.url}/dashboard`);
  // The API needs the token: the page asks for it and keeps it in memory only.
  await page.locator('#token-form').waitFor({ state: 'visible' });
  await page.fill('#token', TOKEN);
  await page.click('#token-form button');
  await page.locator('tr[data-key="minimax#1"]').waitFor();
  return page;
}

for (const [width, height] of [[1440, 900], [390, 844]] as const) {
  describe(`the dashboard at ${width}×${height}`, () => {
    it('shows both MiniMax keys resting until the reset, Zhipu serving with its quota, the route, the problems, live requests and charts', async () => {
      const page = await open(width, height);
      try {
        for (const key of ['minimax#1', 'minimax#2']) {
          const row = `tr[data-key="${key}"]`;
          expect(await text(page, `${row} .badge`)).toBe('resting');
          expect(await text(page, `${row} .state`)).toContain('plan window used up');
          expect(await text(page, `${row} .until`)).toMatch(new RegExp(`^until ${resetClock} \\(in 3 h \\d+ min\\)$`));
          expect(await page.locator(`${row} .state`).isVisible()).toBe(true);
        }
        expect(await text(page, 'tr[data-key="zhipu#1"] .badge')).toBe('serving');
        expect(await text(page, 'tr[data-key="zhipu#1"]')).toContain(`40% left · resets ${resetClock}`);
        expect(await page.locator('tr[data-key="zhipu#1"] .bar.low').count()).toBe(1); // weekly 8 %
        expect(await text(page, 'tr[data-key="kimi#1"] .badge')).toBe('placeholder');
        expect(await text(page, 'tr[data-route="default[0]"] .serving')).toBe('zhipu/glm-4.6');
        expect(await text(page, '#problems')).toContain('provider "kimi" has only placeholder keys');
        // Charts from requests.db: the request Zhipu served, with its cost (1200 + 500 cached at 0.6, 34 at 2.2 per million).
        await page.locator('#charts figure').first().waitFor();
        expect(await page.locator('#charts svg').count()).toBeGreaterThanOrEqual(4);
        // The tests share one proxy: as many requests as Zhipu has served so far.
        const served = (await h.logLines()).filter((l) => l.provider === 'zhipu').length;
        expect(await text(page, '#charts')).toContain(`zhipu: ${((served * 1734) / 1000).toFixed(1)}k tokens · ${(served * 1094.8e-6).toFixed(4)} USD`);
        // Both MiniMax keys failed once before Zhipu served (then they rest): the per-key chart counts it.
        for (const key of ['minimax#1', 'minimax#2']) expect(await text(page, `#charts [data-group="${key}"]`)).toBe(`${key}: 0 tokens · 1 failed try`);

        // A new request appears in the live stream without a reload.
        await waitFor(async () => (await text(page, '#stream-state')) === 'live', 'the live stream');
        const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { 'x-api-key': TOKEN }, body: JSON.stringify(ask) });
        expect(res.status).toBe(200);
        await res.text();
        await page.locator('#requests tbody tr').first().waitFor();
        const row = await text(page, '#requests tbody tr:first-child');
        expect(row).toContain('claude-sonnet-5-5');
        expect(row).toContain('zhipu#1 glm-4.6');
        expect(row).toContain('200');
        expect(row).toContain('in 1.7k · out 34');

        // Nothing wider than the screen (the phone layout stacks the tables).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await page.close();
      }
    }, 60_000);
  });
}

describe('the dashboard reload button and its guard', () => {
  it('reloads the config and reports it; a page from another origin is refused', async () => {
    const page = await open(1440, 900);
    try {
      await page.click('#reload');
      await waitFor(async () => (await text(page, '#reload-result')) === 'reloaded', 'the reload result');
      // The API itself: the token is required, another Origin is refused, this page's own is not.
      expect((await fetch(`${server.url}/dashboard/api/state`)).status).toBe(401);
      const foreign = await fetch(`${server.url}/dashboard/api/reload`, { method: 'POST', headers: { origin: 'http://evil.example', authorization: `Bearer ${TOKEN}` } });
      expect(foreign.status).toBe(403);
      const own = await fetch(`${server.url}/dashboard/api/reload`, { method: 'POST', headers: { origin: server.url, authorization: `Bearer ${TOKEN}` } });
      expect(own.status).toBe(200);
      // The Messages endpoint still refuses every browser Origin, its own included.
      expect((await fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { origin: server.url, 'x-api-key': TOKEN }, body: JSON.stringify(ask) })).status).toBe(403);
      // The token never lands in browser storage.
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)).not.toContain(TOKEN);
    } finally {
      await page.close();
    }
  }, 60_000);
});

describe('the dashboard and a page of another origin', () => {
  it('cannot be framed by another site (its reload button cannot be clicked through a decoy), and runs under its own policy without a violation', async () => {
    const evil = Bun.serve({
      port: 0, hostname: '127.0.0.1',
      fetch: () => new Response(`<!doctype html><iframe id="f" src="${server.url}/dashboard" width="800" height="600"></iframe>`, { headers: { 'content-type': 'text/html' } }),
    });
    const decoy = await browser.newPage();
    try {
      await decoy.goto(`http://127.0.0.1:${evil.port}/`);
      await decoy.waitForTimeout(300);
      const frame = decoy.frames().find((f) => f !== decoy.mainFrame());
      // Chromium replaces a refused frame with an empty error document: no reload button in it.
      const buttons = frame ? await frame.locator('#reload').count().catch(() => 0) : 0;
      expect(buttons).toBe(0);
    } finally {
      await decoy.close();
      await evil.stop(true);
    }
    const violations: string[] = [];
    const own = await open(1440, 900, (line) => { if (/Content Security Policy/i.test(line)) violations.push(line); });
    try {
      // The quota bars are sized by script (CSSOM), which the policy allows.
      const width = await own.locator('tr[data-key="zhipu#1"] .bar span').first().evaluate((e) => (e as HTMLElement).getBoundingClientRect().width);
      expect(width).toBeGreaterThan(0);
      expect(violations).toEqual([]);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('the dashboard without its token', () => {
  it('asks for the token once and then waits: no request every few seconds refused (and logged) while nobody types it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const calls: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/dashboard/api/')) calls.push(new URL(r.url()).pathname); });
    try {
      await page.goto(`${server.url}/dashboard`);
      await page.locator('#token-form').waitFor({ state: 'visible' });
      await waitFor(async () => (await text(page, '#stream-state')) === 'waiting for the client token', 'the stream to wait for the token');
      const asked = calls.length;
      // Longer than the stream's reconnect pause and the page's refresh period.
      await page.waitForTimeout(5_500);
      expect(calls.length).toBe(asked);
      expect(asked).toBeLessThanOrEqual(2);
      await page.fill('#token', TOKEN);
      await page.click('#token-form button');
      await waitFor(async () => (await text(page, '#stream-state')) === 'live', 'the live stream once the token is given');
      await page.locator('tr[data-key="minimax#1"]').waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);
});
