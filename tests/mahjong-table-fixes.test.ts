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
