/**
 * The /ladder page on a 390 × 844 phone: its tables (standings, published runs, the release's
 * figures) are wider than the screen, so each scrolls sideways inside its own box and the page
 * itself does not (before, the whole page was about 900 px wide: the standings' last columns and
 * the text beside them were off screen).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { BrowserContext } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { launchBrowser } from '../mahjong/test/web/browser';
import { createLogger } from '../shared/src/logger';

const app = createApp({ log: createLogger('mahjong', -999) }).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app.stop(true);
  app.decorator.games.close();
});

describe('ladder page on a phone', () => {
  it('keeps the page within 390 px: wide tables scroll inside their own box', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/ladder`);
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      tables: [...document.querySelectorAll('table')].map((t) => {
        const box = t.parentElement!;
        return { id: t.id, table: t.scrollWidth, box: box.getBoundingClientRect().right, scrolls: getComputedStyle(box).overflowX };
      }),
    }));
    expect(sizes.page).toBeLessThanOrEqual(390);
    // The release's figures are always there, and wider than a phone.
    expect(sizes.tables.some((t) => t.id === 'release-runs' && t.table > 390)).toBe(true);
    for (const t of sizes.tables) {
      expect(t.box).toBeLessThanOrEqual(390);
      expect(t.scrolls).toBe('auto');
    }
    await page.close();
  }, 60_000);
});
