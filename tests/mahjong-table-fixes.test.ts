import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { BrowserContext } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { launchBrowser } from '../mahjong/test/web/browser';

// Table fixes checked in Chromium on the real pages of a server on a free port.
const app = createApp().listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  app.decorator.games.close();
  await app.stop(true);
});

describe('battle page speed buttons', () => {
  it('a hovered or tapped chosen speed keeps its primary fill; other buttons still light up on hover', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/ai_battle`);
    const chosen = page.locator('button.primary[data-ms]').first();
    await chosen.waitFor();
    const fill = () => chosen.evaluate((b) => getComputedStyle(b).backgroundColor);
    const idle = await fill();
    await chosen.hover();
    const hovered = await fill();
    // The primary fills are the two yellows; the plain button's hover green is rgb(47, 92, 74).
    expect([idle, hovered]).toEqual(['rgb(183, 149, 11)', 'rgb(212, 172, 13)']);
    const plain = page.locator('button[data-ms]:not(.primary)').first();
    await plain.hover();
    expect(await plain.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(47, 92, 74)');
    await page.close();
  });
});

describe('red fives', () => {
  it('a red 5p stands out from a plain 5p at phone size (a red corner besides the red dots)', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/ai_battle`);
    // Pure-ish red (#e74c3c) pixels in the top-right corner of each tile, drawn 24 × 32 as on a phone.
    const redPixels = await page.evaluate(() => {
      const count = (id: number) => {
        const c = document.createElement('canvas');
        c.width = 30; c.height = 40;
        const ctx = c.getContext('2d')!;
        (window as any).MJTiles.drawTile(ctx, id, 2, 2, 24, 32);
        const d = ctx.getImageData(19, 2, 7, 7).data; // the tile's top-right corner
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i]! > 200 && d[i + 1]! < 110 && d[i + 2]! < 100) n++;
        return n;
      };
      return { plain: count(53), red: count(52) };
    });
    expect(redPixels.plain).toBe(0);
    expect(redPixels.red).toBeGreaterThan(15);
    await page.close();
  });
});

