import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { type MockAnthropic, startMockAnthropic } from '../live/helpers/mock-anthropic';

/**
 * The real Claude Code CLI (npm @anthropic-ai/claude-code, offline against the local Messages API
 * mock) driven only through the web console in Chromium: the trust prompt and a tool permission
 * answered with the page's option buttons, a prompt typed in the message box, the reply as bubbles.
 */
const CLAUDE = join(import.meta.dir, '../../node_modules/.bin/claude');
const KEY = 'sk-ant-api03-offline-test-key-0123456789ABCDEFGHIJ';
const available = existsSync(CLAUDE) && Bun.spawnSync([CLAUDE, '--version'], { env: { ...process.env, HOME: '/nonexistent' } }).exitCode === 0;

const env = testEnv('console-claude');
const proj = join(env.dir, 'proj');
let mock: MockAnthropic;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  mock = startMockAnthropic();
  mkdirSync(proj);
  writeFileSync(join(env.dir, '.claude.json'), JSON.stringify({
    hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [KEY.slice(-20)], rejected: [] },
  }));
  const config = env.config({
    monitor_poll_interval: 0.2, status_poll_interval: 0.2, enter_delay_ms: 400, window_width: 120, window_height: 40,
    agent_a_config_dir: join(env.dir, '.claude'),
    // Manual permission mode: 2.1's default "auto" mode would decide on the tool call itself.
    providers: { agent_a: { command: `${CLAUDE} --permission-mode manual`, yolo_flags: '--dangerously-skip-permissions' } },
  });
  server = await startTestServer(config, {
    ...gatewayFeatures(new LiveService()),
    tmuxEnv: { HOME: env.dir, ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}, 90_000);

afterAll(() => teardown(() => browser?.close(), () => server?.stop(), () => mock?.stop(), env.cleanup));

const badgeText = (page: Page) => page.locator('#session-list li[data-channel="cc-web"] .badge').textContent();
const bubbles = (page: Page) => page.locator('.bubble').allTextContents();

/**
 * Clicks the (first) option button matching `label` until the prompt is gone, as a person
 * clicks again when the CLI dropped a key while it was still drawing the dialog.
 */
async function answer(page: Page, question: RegExp, label: RegExp): Promise<void> {
  await waitFor(async () => question.test((await page.locator('#prompt-question').textContent()) ?? '') && page.isVisible('#prompt'), `prompt ${question}`, 45_000);
  for (let tries = 0; await page.isVisible('#prompt'); tries++) {
    expect(tries).toBeLessThan(6);
    await page.locator('#prompt-options button', { hasText: label }).first().click();
    await waitFor(async () => !(await page.isVisible('#prompt')), 'the prompt to go', 5_000).catch(() => undefined);
  }
}

describe.skipIf(!available)('the real Claude Code through the web console', () => {
  it('answers the trust prompt with a button, chats in bubbles, and allows a tool with a button', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/`);
    await page.selectOption('#provider', 'claude');
    await page.fill('#work-dir', proj);
    await page.fill('#channel', 'cc-web');
    await page.click('#create-form button[type=submit]');

    await answer(page, /trust/, /^\d+\. Yes/);
    await waitFor(async () => (await badgeText(page)) === 'idle', 'idle after trusting the folder', 45_000);

    await page.fill('#input-text', 'say pong');
    await page.click('#input-form button');
    await waitFor(async () => (await bubbles(page)).includes('PONG-from-mock'), 'the reply bubble', 45_000);
    expect(await page.locator('.bubble.user').allTextContents()).toContain('say pong');

    await page.fill('#input-text', 'RUN_TOOL now');
    await page.click('#input-form button');
    await answer(page, /Do you want to proceed\?/, /^1\. Yes$/);
    await waitFor(async () => (await bubbles(page)).includes('TOOL-DONE-from-mock'), 'the reply after the tool', 45_000);
    expect(await page.locator('.bubble.tool_use pre').allTextContents()).toContain('**Bash**(touch created-by-tool.txt)');
    expect(existsSync(join(proj, 'created-by-tool.txt'))).toBe(true);

    await page.click('#stop');
    await page.waitForSelector('#session-list li[data-channel="cc-web"]', { state: 'detached' });
    await page.context().close();
  }, 240_000);
});
