import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../shared/src/testing-chromium';
import type { RunningServer } from '../gateway/src/server';
import { startTestServer, teardown, testEnv } from '../gateway/test/helpers/gateway';

/**
 * The web console's login as a user meets it in Chromium: a refused key is said to be refused
 * (before, the dialog only came back blank, as if the click had done nothing), a gateway that is
 * up but wants a login is not called "offline, reconnecting", and the browser's automatic
 * /favicon.ico request is no 404 on the console.
 */
const KEY = 'console-login-secret-key';
const env = testEnv('console-login');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer(env.config({ api_key: KEY }));
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}, 60_000);

afterAll(() => teardown(() => browser?.close(), () => server?.stop(), env.cleanup));

async function open(): Promise<{ page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().includes('401')) consoleErrors.push(m.text()); });
  // The console's global socket is refused (4001) until the login.
  const refused = new Promise<void>((resolve) => page.on('websocket', (ws) => ws.on('close', () => resolve())));
  await page.goto(`${server.url}/`);
  await page.waitForSelector('#key-dialog[open]');
  await refused;
  return { page, consoleErrors };
}

const offline = (page: Page) => page.evaluate(() => document.body.classList.contains('offline'));

describe('web console login', () => {
  it('asks for the key without calling a running gateway offline, says when a key is refused, and logs in with the right one', async () => {
    const { page, consoleErrors } = await open();
    // Refused for want of a login: the socket's 4001 is no lost connection.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await offline(page)).toBe(false);
    expect(await page.isHidden('#key-refused')).toBe(true);

    await page.fill('#key-input', 'not-the-key');
    await page.press('#key-input', 'Enter');
    await page.waitForSelector('#key-refused', { state: 'visible' });
    expect(await page.isVisible('#key-dialog[open]')).toBe(true);
    expect(await page.textContent('#key-refused')).toContain('refused');
    expect(await offline(page)).toBe(false);

    await page.fill('#key-input', KEY);
    await page.press('#key-input', 'Enter');
    await page.locator('#empty').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.isVisible('#key-dialog[open]')).toBe(false);
    expect(await offline(page)).toBe(false);

    // Logged out: asked again, and the old refusal is not shown for a key not yet typed.
    await page.click('#logout-button');
    await page.waitForSelector('#key-dialog[open]');
    await page.fill('#key-input', 'still-wrong');
    await page.click('#key-form button');
    await page.waitForSelector('#key-refused', { state: 'visible' });
    await page.fill('#key-input', KEY);
    await page.click('#key-form button');
    await page.locator('#empty').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.isHidden('#key-refused')).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('answers the browser\'s /favicon.ico with an empty 204, not a 404', async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});
