import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { claudeAvailable, claudeSetup } from '../live/helpers/claude';
import { type MockAnthropic, startMockAnthropic } from '../live/helpers/mock-anthropic';
import { launchChromium } from '@devhub/shared/testing-chromium';

/**
 * The real Claude Code CLI (npm @anthropic-ai/claude-code, offline against the local Messages API
 * mock) driven only through the web console in Chromium: the trust prompt and a tool permission
 * answered with the page's option buttons, a prompt typed in the message box, the reply as bubbles.
 */

const env = testEnv('console-claude');
const proj = join(env.dir, 'proj');
let mock: MockAnthropic;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!claudeAvailable) return;
  mock = startMockAnthropic();
  mkdirSync(proj);
  const { config, tmuxEnv } = claudeSetup(env, mock);
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService()), tmuxEnv });
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
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

/**
 * Types `text` in the message box until `done`: a CLI that has just drawn its input box may drop
 * what arrives while it mounts, and a person who sees nothing happen types again — or, when the
 * text sits in the input box, presses Enter (an extra Enter on an empty prompt does nothing).
 */
async function send(page: Page, text: string, done: () => Promise<boolean>, what: string): Promise<void> {
  await page.fill('#input-text', text);
  await page.click('#input-form button');
  for (let tries = 1; !(await waitFor(done, what, 15_000).then(() => true, () => false)); tries++) {
    const pane = ((await (await fetch(`${server.url}/api/v1/sessions/cc-web/pane`)).json()) as { content: string }).content;
    if (tries >= 3) throw new Error(`no ${what} after typing "${text}"; pane:\n${pane}\nbubbles: ${JSON.stringify(await bubbles(page))}`);
    if (pane.includes(text)) {
      await page.click('#keys button[data-key="Enter"]');
    } else {
      await page.fill('#input-text', text);
      await page.click('#input-form button');
    }
  }
}

describe.skipIf(!claudeAvailable)('the real Claude Code through the web console', () => {
  it('answers the trust prompt with a button, chats in bubbles, and allows a tool with a button', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${server.url}/`);
    await page.selectOption('#provider', 'claude');
    await page.fill('#work-dir', proj);
    await page.fill('#channel', 'cc-web');
    await page.click('#create-form button[type=submit]');

    await answer(page, /trust/, /^\d+\. Yes/);
    await waitFor(async () => (await badgeText(page)) === 'idle', 'idle after trusting the folder', 45_000).catch(async (error) => {
      // Seen once in a loaded randomized run: say what the badge and the pane showed.
      const pane = ((await (await fetch(`${server.url}/api/v1/sessions/cc-web/pane`)).json()) as { content?: string }).content;
      throw new Error(`${(error as Error).message}; badge: ${await badgeText(page)}; pane:\n${pane}`);
    });

    await send(page, 'say pong', async () => (await bubbles(page)).includes('PONG-from-mock'), 'the reply bubble');
    expect(await page.locator('.bubble.user').allTextContents()).toContain('say pong');

    await send(page, 'RUN_TOOL now', () => page.isVisible('#prompt'), 'the permission prompt');
    await answer(page, /Do you want to proceed\?/, /^1\. Yes$/);
    await waitFor(async () => (await bubbles(page)).includes('TOOL-DONE-from-mock'), 'the reply after the tool', 45_000);
    expect(await page.locator('.bubble.tool_use pre').allTextContents()).toContain('**Bash**(touch created-by-tool.txt)');
    expect(existsSync(join(proj, 'created-by-tool.txt'))).toBe(true);

    page.once('dialog', (dialog) => void dialog.accept()); // Stop asks first
    await page.click('#stop');
    await page.waitForSelector('#session-list li[data-channel="cc-web"]', { state: 'detached' });
    await page.context().close();
  }, 240_000);
});
