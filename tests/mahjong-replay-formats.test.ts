/**
 * The replay page in Chromium with logs in every format: a gzipped mjlog uploaded as a file is
 * sent as bytes (not text) and replayed; the download buttons give the loaded game as Tenhou
 * XML, tenhou.net/6 JSON and mjai lines, and each download loads back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { launchBrowser } from '../mahjong/test/web/browser';
import { waitFor } from '../shared/src/testing';

const dir = mkdtempSync(join(tmpdir(), 'mahjong-formats-'));
const app = createApp({ samplesDir: join(dir, 'none') }).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
const XML = readFileSync(join(import.meta.dir, '../mahjong/samples/tenhou-2016052515gm-00a9-0000-c4d72066.xml'));
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app.stop(true);
  app.decorator.games.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('replay page: log formats', () => {
  it('replays a gzipped .mjlog upload and downloads the game in each format', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/replay`);
    expect(await page.isDisabled('[data-export="mjai"]')).toBe(true);
    await page.setInputFiles('#file', { name: 'game.mjlog', mimeType: 'application/octet-stream', buffer: Buffer.from(Bun.gzipSync(XML)) });
    await waitFor(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 'steps of the gzip upload', 20_000);
    expect(await page.textContent('#status')).toContain('game.mjlog (xml)');
    expect(await page.evaluate(() => (window as any).__mj.steps.at(-1).event_type)).toBe('game_end');
    const total = await page.evaluate(() => (window as any).__mj.steps.length);

    for (const [format, ext] of [['xml', 'mjlog'], ['tenhou6', 'json'], ['mjai', 'jsonl']] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`[data-export="${format}"]`)]);
      expect(download.suggestedFilename()).toBe(`game.${ext}`);
      const file = join(dir, `game.${ext}`);
      await download.saveAs(file);
      // The downloaded file, uploaded again, replays to the same number of steps.
      await page.setInputFiles('#file', file);
      await waitFor(async () => (await page.textContent('#status'))?.includes(`(${format})`), `${format} upload`, 20_000);
      expect(await page.evaluate(() => (window as any).__mj.steps.length)).toBe(total);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('drops a bidi override or an invisible character from a player\'s name in an uploaded log', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    const evil = XML.toString('utf8').replace(/n0="[^"]*"/, `n0="${encodeURIComponent('Ali\u202ece\u200b')}"`);
    await page.setInputFiles('#file', { name: 'names.xml', mimeType: 'text/xml', buffer: Buffer.from(evil) });
    await waitFor(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 'steps of the upload', 20_000);
    // Forward until the description names seat 0.
    for (let i = 0; i < 60 && !(await page.textContent('#describe'))?.includes('Alice'); i++) await page.click('#forward');
    const shown = `${await page.textContent('#describe')} ${await page.textContent('#players')}`;
    expect(shown).toContain('Alice');
    expect(shown).not.toMatch(/[\u202e\u200b]/);
    await page.close();
  }, 60_000);
});
