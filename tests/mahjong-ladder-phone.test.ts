/**
 * The /ladder page on a 390 × 844 phone: its tables (standings, published runs, the release's
 * figures) are wider than the screen, so each scrolls sideways inside its own box and the page
 * itself does not (before, the whole page was about 900 px wide: the standings' last columns and
 * the text beside them were off screen).
 */
import { describe, expect, it } from 'bun:test';
import { pageServer } from '../mahjong/test/web/page-server';

const { base, context } = pageServer();
describe('ladder page on a phone', () => {
  it('keeps the page within 390 px: wide tables scroll inside their own box', async () => {
    const page = await context().newPage();
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
