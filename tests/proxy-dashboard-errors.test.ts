import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { Browser } from 'playwright-core';
import { configFor, harness, removeTempDirs, type Harness } from '../proxy/test/helpers/proxy-harness';
import { waitFor } from '../shared/src/testing';
import { launchChromium } from '../shared/src/testing-chromium';

// The dashboard in Chromium when things go wrong: a wrong client token is called wrong (before, the
// page said "the proxy needs its client token" whatever was typed), a proxy that stopped answering
// is named as such with the time of what is shown (before: the browser's bare "Failed to fetch"),
// and the browser's own /favicon.ico request is no 404 (401 with a token) on the console.
const TOKEN = 'dashboard-errors-token-77';

let h: Harness;
let server: { url: string; stop(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  h = harness(configFor({ minimax: { url: 'http://127.0.0.1:9/anthropic', keys: ['YOUR_API_KEY'] } }, { server: { auth_token: TOKEN } }), { quiet: true });
  server = h.listen();
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  removeTempDirs();
});

describe('dashboard errors', () => {
  it('says a wrong token is refused and a proxy that stopped answering is not answering', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const failed: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && m.location().url.endsWith('/favicon.ico')) failed.push(m.text()); });
    await page.goto(`${server.url}/dashboard`);
    await page.locator('#token-form').waitFor({ state: 'visible' });
    expect(await page.textContent('#error')).toBe('the proxy needs its client token');

    await page.fill('#token', 'not-the-token');
    await page.press('#token', 'Enter');
    await waitFor(async () => ((await page.textContent('#error')) ?? '').includes('refused'), 'the refusal', 10_000);
    expect(await page.textContent('#error')).toContain('refused this client token');
    expect(await page.isVisible('#token-form')).toBe(true);

    await page.fill('#token', TOKEN);
    await page.press('#token', 'Enter');
    await page.locator('#keys tbody tr').first().waitFor({ timeout: 10_000 });
    expect(await page.isHidden('#error')).toBe(true);

    // The proxy no longer answers: its API calls fail as on a stopped server.
    await page.route('**/dashboard/api/**', (route) => route.abort('connectionrefused'));
    await page.click('#reload');
    await waitFor(async () => ((await page.textContent('#reload-result')) ?? '').includes('not answering'), 'the reload to fail', 10_000);
    await waitFor(async () => ((await page.textContent('#error')) ?? '').includes('not answering'), 'the refresh to fail', 10_000);
    expect(await page.textContent('#error')).toMatch(/^the proxy is not answering \(stopped, or restarting\); what is shown is from \d\d:\d\d$/);
    expect(await page.textContent('body')).not.toContain('Failed to fetch');
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('answers /favicon.ico with an empty 204, without the token', async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(204);
  });
});
