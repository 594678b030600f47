import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { canvasStats, launchBrowser, screenshot, until } from '../mahjong/test/web/browser';

// Browser tests: Debian's chromium (installed by .ci/run) drives the three pages of a real
// server on a free port; every interaction is a click, a select or a file upload.
process.env.MAHJONG_DIR = mkdtempSync(join(tmpdir(), 'mahjong-browser-'));
const app = createApp().listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app.stop(true);
});

describe('replay page', () => {
  it('loads a built-in sample, steps forward and back, seeks, and jumps hands', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    await until(() => page.locator('#sample option').count().then((n) => n > 1), 15_000, 'sample list');
    const blank = await canvasStats(page);
    await page.selectOption('#sample', 'tenhou-2019060813gm-00a9-0000-08bb0ec3.xml');
    await page.click('#load-sample');
    await until(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 15_000, 'steps');
    const first = await canvasStats(page);
    expect(first.colours).toBeGreaterThan(blank.colours);
    expect(await page.textContent('#counter')).toBe(`1 / ${await page.evaluate(() => (window as any).__mj.steps.length)}`);

    await page.click('#forward');
    await page.click('#forward');
    expect(await page.textContent('#counter')).toStartWith('3 /');
    const third = await canvasStats(page);
    expect(third.hash).not.toBe(first.hash);
    expect(await page.textContent('#describe')).toMatch(/discards|draws/);
    await page.click('#back');
    expect(await page.textContent('#counter')).toStartWith('2 /');

    await page.locator('#progress').fill('300');
    expect(await page.textContent('#counter')).toStartWith('301 /');
    const seeked = await canvasStats(page);
    expect(seeked.hash).not.toBe(third.hash);

    await page.click('#next-hand');
    const pos = await page.evaluate(() => (window as any).__mj.pos);
    const kyoku = await page.evaluate(() => (window as any).__mj.kyokuIndices);
    expect(kyoku).toContain(pos);
    expect(pos).toBeGreaterThan(300);

    await page.click('#play');
    await until(() => page.evaluate((p) => (window as any).__mj.pos > p, pos), 10_000, 'playback to advance');
    await page.click('#play');
    const shot = await screenshot(page, 'replay');
    expect(shot.colours).toBeGreaterThan(50);
    await page.close();
  });

  it('uploads an XML file and reports a malformed one', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    const xml = await Bun.file(join(import.meta.dir, '../mahjong/samples/tenhou-2016052515gm-00a9-0000-c4d72066.xml')).text();
    await page.setInputFiles('#file', { name: 'game.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
    await until(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 15_000, 'uploaded steps');
    expect(await page.textContent('#status')).toContain('game.xml');
    await page.setInputFiles('#file', { name: 'bad.xml', mimeType: 'text/xml', buffer: Buffer.from('<mjloggm>\n<INIT seed=') });
    await page.waitForSelector('#error-ok', { timeout: 10_000 });
    expect(await page.textContent('.dialog')).toMatch(/line/i);
    await page.click('#error-ok');
    await page.close();
  });

  it('fits a phone-sized viewport', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${base}/replay`);
    await until(() => page.locator('#sample option').count().then((n) => n > 1), 15_000, 'sample list');
    await page.selectOption('#sample', { index: 1 });
    await page.click('#load-sample');
    await until(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 15_000, 'steps');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    const shot = await screenshot(page, 'replay-phone');
    expect(shot.width).toBe(375);
    expect(shot.colours).toBeGreaterThan(50);
    await page.close();
  });
});
