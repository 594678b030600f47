import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { launchChromium } from '@devhub/shared/testing-chromium';

/**
 * The console at 1440×900 against a real gateway with a full-size (200×50) pane: warnings from
 * session creation, Stop asking first, transcript markdown rendered and sanitised, and the
 * transcript and message box in view.
 */
const ASSISTANT = join(import.meta.dir, 'helpers/markdown-assistant.ts');
const MARKDOWN = [
  'Here is **bold**, `inline code` and a [docs link](https://example.com/docs).',
  '',
  '- first item',
  '- second item',
  '',
  '```ts',
  'const answer = 42;',
  '```',
  '',
  '<img src=x onerror="window.__pwned = 1"> <script>window.__pwned = 2</script> <b>raw tag</b>',
  '[bad link](javascript:window.__pwned=3) ![tracker](http://127.0.0.1:1/pixel.png) [data link](data:image/png;base64,iVBORw0KGgo=) [mail](mailto:a@example.com)',
].join('\n');

const env = testEnv('console-layout');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const config = env.config({
    status_poll_interval: 0.2, monitor_poll_interval: 0.1, autoclose_done_minutes: 0,
    agent_a_config_dir: join(env.dir, '.claude'),
    providers: {
      agent_a: { command: `bun ${ASSISTANT}`, yolo_flags: '', env: { MD_TEXT: MARKDOWN, MD_FILLER: '30' } },
      agent_b: { command: 'no-such-assistant-gwux', yolo_flags: '' },
    },
  });
  server = await startTestServer(config, gatewayFeatures(new LiveService()));
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
}, 60_000);

afterAll(() => teardown(() => browser?.close(), () => server?.stop(), env.cleanup));

async function open(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForSelector('#create-form');
  return page;
}

async function create(page: Page, provider: string, channel: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.selectOption('#provider', provider);
  await page.fill('#work-dir', dir);
  await page.fill('#channel', channel);
  await page.click('#create-form button[type=submit]');
  await page.waitForSelector(`#session-list li[data-channel="${channel}"]`, { state: 'attached' });
  await page.waitForSelector('#session-view:not([hidden])');
}

describe('web console at 1440×900', () => {
  it('renders transcript markdown sanitised, and keeps the transcript and message box in view beside a 200×50 pane', async () => {
    const page = await open();
    await create(page, 'claude', 'md', join(env.dir, 'md'));
    await page.waitForSelector('.bubble.assistant .md strong', { timeout: 30_000 });
    await waitFor(async () => (await page.locator('.bubble.assistant').count()) >= 31, 'every reply as a bubble', 30_000);
    await waitFor(async () => ((await page.locator('#terminal .xterm-rows').textContent()) ?? '').includes('screen line 40'), 'the full pane', 30_000);

    const md = page.locator('.bubble.assistant .md').first();
    expect(await md.locator('strong').textContent()).toBe('bold');
    expect(await md.locator('code').first().textContent()).toBe('inline code');
    expect(await md.locator('li').allTextContents()).toEqual(['first item', 'second item']);
    expect(await md.locator('pre code').textContent()).toBe('const answer = 42;\n');
    const link = md.locator('a', { hasText: 'docs link' });
    expect(await link.getAttribute('href')).toBe('https://example.com/docs');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    // Raw HTML is shown as text, never run or loaded; unsafe links and images are not made.
    expect(await md.locator('img, script, b').count()).toBe(0);
    expect(await md.textContent()).toContain('<b>raw tag</b>');
    expect(await md.locator('a[href^="javascript"]').count()).toBe(0);
    // Only web and mail links are made (markdown-it alone would link a data:image URL).
    const schemes = await md.locator('a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).protocol));
    expect([...new Set(schemes)].sort()).toEqual(['http:', 'https:', 'mailto:']);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // AGENTGW_CONSOLE_SHOTS=<dir> keeps a picture of the page to look at.
    if (process.env.AGENTGW_CONSOLE_SHOTS) await page.screenshot({ path: join(process.env.AGENTGW_CONSOLE_SHOTS, 'desktop-1440.png') });
    const viewport = { width: 1440, height: 900 };
    const inView = async (selector: string) => {
      const box = await page.locator(selector).boundingBox();
      expect(box, selector).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      return box!;
    };
    const transcript = await inView('#transcript');
    const input = await inView('#input-text');
    await inView('#input-form button');
    await inView('#terminal-frame');
    expect(transcript.height).toBeGreaterThan(300);
    expect(input.width).toBeGreaterThan(200);
    // The page itself does not scroll; the 30 replies scroll inside the transcript, newest shown.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height);
    const last = await page.locator('.bubble.assistant').last().boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(transcript.y + transcript.height + 1);
    expect(last!.y).toBeGreaterThanOrEqual(transcript.y - 1);
    await page.context().close();
  }, 120_000);

  it("shows the create response's warnings beside the session, and asks before Stop", async () => {
    const page = await open();
    await create(page, 'codex', 'warned', join(env.dir, 'warned'));
    const warning = /"no-such-assistant-gwux" is not on the gateway's PATH/;
    await waitFor(async () => warning.test((await page.locator('#warnings').textContent()) ?? ''), 'the warning in the session view', 10_000);
    expect(await page.isVisible('#warnings')).toBe(true);
    expect(await page.locator('#session-list li[data-channel="warned"] .warning').textContent()).toMatch(warning);
    // Kept with the window: REST says it, and a reload still shows it.
    expect(((await (await fetch(`${server.url}/api/v1/sessions/warned`)).json()) as { warnings: string[] }).warnings.join('\n')).toMatch(warning);
    await page.reload();
    await waitFor(async () => warning.test((await page.locator('#session-list li[data-channel="warned"] .warning').textContent().catch(() => '')) ?? ''), 'the warning after a reload', 10_000);
    await page.click('#session-list li[data-channel="warned"] button.open');
    await waitFor(async () => warning.test((await page.locator('#warnings').textContent()) ?? ''), 'the warning in the session view after a reload', 10_000);

    // Dismissed: nothing is stopped.
    const asked: string[] = [];
    page.once('dialog', (dialog) => { asked.push(dialog.message()); void dialog.dismiss(); });
    await page.click('#stop');
    await waitFor(() => asked.length === 1, 'the confirm dialog', 10_000);
    expect(asked[0]).toContain('Stop "warned"');
    await Bun.sleep(300);
    expect((await fetch(`${server.url}/api/v1/sessions/warned`)).status).toBe(200);
    expect(await page.isVisible('#session-view')).toBe(true);

    // Accepted: the session is stopped.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#stop');
    await page.waitForSelector('#session-list li[data-channel="warned"]', { state: 'detached', timeout: 10_000 });
    expect((await fetch(`${server.url}/api/v1/sessions/warned`)).status).toBe(404);
    await page.context().close();
  }, 60_000);
});
