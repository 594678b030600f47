import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { join } from 'node:path';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { launchChromium } from '@devhub/shared/testing-chromium';

/**
 * The web console in Debian's Chromium against a real gateway (live services, a private tmux
 * server): everything is done by clicking and typing in the page. Page screenshots are written to
 * a temporary directory that is removed at the end.
 */
const FAKE = join(import.meta.dir, '../live/helpers/fake-assistant.ts');
const env = testEnv('console');
// AGENTGW_CONSOLE_SHOTS=<dir> keeps the page screenshots there to look at; otherwise a temp dir.
const kept = process.env.AGENTGW_CONSOLE_SHOTS;
const artefacts = kept ? (mkdirSync(kept, { recursive: true }), kept) : useTempDirs(afterAll).make('agentgw-console-shots-');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const config = env.config({
    status_poll_interval: 0.1, monitor_poll_interval: 0.1, autoclose_done_minutes: 0, window_width: 100, window_height: 30,
    agent_a_config_dir: join(env.dir, '.claude'),
    providers: { agent_a: { command: `bun ${FAKE}`, yolo_flags: '' } },
  });
  server = await startTestServer(config, gatewayFeatures(new LiveService()));
  browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
}, 60_000);

afterAll(() => teardown(() => browser?.close(), () => server?.stop(), env.cleanup));

/** What the page's Content-Security-Policy refused, per page (Chromium reports it on the console). */
const refused = new WeakMap<Page, string[]>();

async function open(viewport = { width: 1280, height: 900 }, url = server.url): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  const violations: string[] = [];
  refused.set(page, violations);
  page.on('console', (m) => { if (m.text().includes('Content Security Policy')) violations.push(m.text()); });
  await page.goto(`${url}/`);
  await page.waitForSelector('#create-form');
  return page;
}

/** Waits until the elements' texts match (all of them for an array), then asserts it. */
async function expectText(locator: Locator, expected: string | RegExp | string[], timeoutMs = 30_000): Promise<void> {
  const matches = (texts: string[]) => Array.isArray(expected)
    ? JSON.stringify(texts) === JSON.stringify(expected)
    : texts.length > 0 && (typeof expected === 'string' ? texts[0] === expected : expected.test(texts[0]!));
  let texts: string[] = [];
  await waitFor(async () => matches((texts = (await locator.allTextContents()).map((t) => t.trim()))), `${locator} to read ${expected}`, timeoutMs).catch(() => undefined);
  if (Array.isArray(expected)) expect(texts).toEqual(expected);
  else if (typeof expected === 'string') expect(texts[0]).toBe(expected);
  else expect(texts[0]).toMatch(expected);
}

const terminalText = (page: Page) => page.locator('#terminal .xterm-rows').textContent().then((t) => t ?? '');
/** Waits until the terminal view shows the shell's prompt line, as tmux has it. */
async function showsPrompt(page: Page, url: string, channel: string, key = ''): Promise<void> {
  const pane = async () => {
    const res = await fetch(`${url}/api/v1/sessions/${channel}/pane`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    return ((await res.json()) as { content: string }).content.trim();
  };
  await waitFor(async () => {
    const prompt = await pane();
    return prompt && (await terminalText(page)).includes(prompt);
  }, `the prompt of ${channel} in the terminal view`, 30_000);
}

const badge = (page: Page, channel: string) => page.locator(`#session-list li[data-channel="${channel}"] .badge`);

async function createFromForm(page: Page, provider: string, channel: string, workDir: string): Promise<void> {
  await page.selectOption('#provider', provider);
  await page.fill('#work-dir', workDir);
  await page.fill('#channel', channel);
  await page.click('#create-form button[type=submit]');
  await page.waitForSelector(`#session-list li[data-channel="${channel}"]`, { state: 'attached' });
  await page.waitForSelector('#session-view:not([hidden])');
}

describe('web console', () => {
  it('creates a shell session, shows its terminal live, types into it, shows the status, downloads a screenshot and stops it', async () => {
    const work = join(env.dir, 'work');
    mkdirSync(work);
    const page = await open();
    // The directory field suggests subdirectories of what has been typed.
    await page.fill('#work-dir', `${env.dir}/`);
    await waitFor(async () => (await page.locator('#work-dirs option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).includes(work), 'the directory suggestion', 10_000);
    await createFromForm(page, 'shell', 'web', work);
    await expectText(badge(page, 'web'), 'idle', 30_000);
    await showsPrompt(page, server.url, 'web');

    // Keystrokes in the terminal view go to the pane; its output comes back into the view.
    await page.click('#terminal');
    await page.keyboard.type('echo web-$((6*7))');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await terminalText(page)).includes('web-42'), 'command output in the terminal view', 30_000);

    // The message box and the key buttons, as on a phone.
    await page.fill('#input-text', 'sleep 30');
    await page.click('#input-form button');
    await expectText(badge(page, 'web'), 'working', 30_000);
    await expectText(page.locator('#status-label'), 'Running sleep');
    await page.click('#keys button[data-key="C-c"]');
    await expectText(badge(page, 'web'), 'idle', 30_000);
    await page.screenshot({ path: join(artefacts, 'desktop-shell.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#screenshot')]);
    expect(download.suggestedFilename()).toBe('web.png');
    const saved = join(artefacts, 'pane.png');
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    page.once('dialog', (dialog) => void dialog.accept()); // Stop asks first
    await page.click('#stop');
    await page.waitForSelector('#session-list li[data-channel="web"]', { state: 'detached' });
    await page.waitForSelector('#session-view', { state: 'hidden' });
    expect((await fetch(`${server.url}/api/v1/sessions/web`)).status).toBe(404);

    // All of the above ran under the page's Content-Security-Policy; a script injected inline does not run.
    expect(refused.get(page)).toEqual([]);
    const injected = await page.evaluate(() => {
      document.head.append(Object.assign(document.createElement('script'), { textContent: 'window.__injected = 1' }));
      return (window as unknown as { __injected?: number }).__injected ?? null;
    });
    expect(injected).toBeNull();
    await page.context().close();
  }, 120_000);

  it('shows the transcript as chat bubbles and a prompt\'s options as buttons that answer it', async () => {
    const proj = join(env.dir, 'proj');
    mkdirSync(proj);
    const page = await open();
    await createFromForm(page, 'claude', 'fake', proj);
    await expectText(page.locator('.bubble.user'), ['make the marker file'], 30_000);
    await expectText(page.locator('.bubble.assistant').first(), 'FAKE-REPLY: on it');
    await expectText(badge(page, 'fake'), 'working', 30_000);

    await page.fill('#input-text', 'go');
    await page.click('#input-form button');
    await expectText(badge(page, 'fake'), 'interactive', 30_000);
    await expectText(page.locator('#prompt-question'), 'Do you want to proceed?');
    await expectText(page.locator('#prompt-options button'), ['1. Yes', '2. No']);
    await page.screenshot({ path: join(artefacts, 'desktop-prompt.png') });

    await page.click('#prompt-options button:has-text("Yes")');
    await expectText(badge(page, 'fake'), 'done', 30_000);
    await page.locator('#prompt').waitFor({ state: 'hidden' });
    await expectText(page.locator('.bubble.assistant').last(), /^FAKE-DONE: answered/, 30_000);
    await page.context().close();

    // A page opened later shows the conversation so far (transcript.get), not only what comes next.
    const later = await open();
    await later.click('#session-list li[data-channel="fake"] button.open');
    await expectText(later.locator('.bubble'), ['make the marker file', 'FAKE-REPLY: on it', 'FAKE-DONE: answered 1. Yes (keys: "\\r")'], 30_000);
    await later.context().close();
  }, 120_000);
});

describe('web console with an API key, on a phone', () => {
  it('logs in once with the key, keeps only an HttpOnly cookie, and fits a 390 px wide screen (the terminal scrolls inside its frame)', async () => {
    const keyed = testEnv('console-key');
    const secured = await startTestServer(keyed.config({ api_key: 'console-secret-key' }));
    try {
      const page = await open({ width: 390, height: 844 }, secured.url);
      const urls: string[] = [];
      page.on('request', (r) => urls.push(r.url()));
      page.on('websocket', (ws) => urls.push(ws.url()));
      await page.waitForSelector('#key-dialog[open]');
      // A wrong key: asked again.
      await page.fill('#key-input', 'not-the-key');
      await page.click('#key-form button');
      await page.waitForSelector('#key-dialog[open]');
      await page.fill('#key-input', 'console-secret-key');
      await page.click('#key-form button');
      await page.locator('#empty').waitFor({ state: 'visible', timeout: 10_000 });
      // The browser holds a random session cookie that scripts cannot read, never the key.
      const cookies = await page.context().cookies();
      expect(cookies).toEqual([expect.objectContaining({ name: 'agentgw_session', httpOnly: true, sameSite: 'Strict' })]);
      expect(cookies[0]!.value).not.toContain('console-secret-key');
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)).not.toContain('console-secret-key');

      await createFromForm(page, 'shell', 'phone', keyed.dir);
      await showsPrompt(page, secured.url, 'phone', 'console-secret-key');
      // One column: the list is hidden while a session is open, and nothing but the terminal scrolls sideways.
      expect(await page.isHidden('#sessions-pane')).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.fill('#input-text', 'echo phone-$((2+3))');
      await page.click('#input-form button');
      await waitFor(async () => (await terminalText(page)).includes('phone-5'), 'output on the phone', 30_000);
      await page.screenshot({ path: join(artefacts, 'phone.png') });
      await page.click('#back');
      await page.locator('#session-list li[data-channel="phone"]').waitFor({ state: 'visible' });

      // A reload keeps the login: no dialog, the session is still listed.
      await page.reload();
      await page.locator('#session-list li[data-channel="phone"]').waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.isVisible('#key-dialog[open]')).toBe(false);
      // Neither a page, a call nor a socket URL ever carried the key.
      expect(urls.some((u) => u.includes('/api/v1/ws'))).toBe(true);
      expect(urls.filter((u) => u.includes('console-secret-key') || u.includes('token='))).toEqual([]);
      // Log out: the login ends on the server, and the page asks for the key again.
      await page.click('#logout-button');
      await page.waitForSelector('#key-dialog[open]');
      expect(await page.context().cookies()).toEqual([]);
      await page.context().close();
    } finally {
      await teardown(() => secured.stop(), keyed.cleanup);
    }
  }, 120_000);
});

describe('web console across a gateway restart', () => {
  it('says offline while the gateway is down, then reconnects and streams the same session again', async () => {
    const own = testEnv('console-restart');
    let running: RunningServer | undefined = await startTestServer(own.config());
    try {
      const port = running.port;
      const page = await open(undefined, running.url);
      await createFromForm(page, 'shell', 'again', own.dir);
      await showsPrompt(page, running.url, 'again');
      await running.stop();
      running = undefined;
      await page.waitForSelector('body.offline');
      // The same state directory and port: the session (a tmux window) is still there.
      running = await startTestServer(own.config({ api_port: port }));
      await page.waitForSelector('body:not(.offline)', { timeout: 30_000 });
      // The open session's view resumes by itself.
      await page.fill('#input-text', 'echo back-$((40+2))');
      await page.click('#input-form button');
      await waitFor(async () => (await terminalText(page)).includes('back-42'), 'output after the restart', 30_000);
      await page.context().close();
    } finally {
      await teardown(() => running?.stop(), own.cleanup);
    }
  }, 120_000);
});
