import { join } from 'node:path';
import { TempDirs } from '@devhub/shared/testing';
import { pngColours } from './png';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromiumContext } from '@devhub/shared/testing-chromium';

export { CHROMIUM } from '@devhub/shared/testing-chromium';

/** Debian's chromium, headless, with a fresh profile; nothing reaches the network but our server. */
export async function launchBrowser(extraArgs: string[] = []): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profiles = new TempDirs('mahjong-chromium-');
  const profile = profiles.make();
  const context = await launchChromiumContext(profile, {
    headless: true,
    viewport: { width: 1100, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...extraArgs],
  });
  // Every page of every browser test runs under the pages' Content-Security-Policy (README,
  // "Security model"): anything it refuses is a page that would break for a user, reported when the
  // file's browser closes. Framing refusals are what the framing tests provoke and check.
  const refused: string[] = [];
  const watch = (page: Page) => page.on('console', (m) => {
    const text = m.text();
    if (text.includes('Content Security Policy') && !text.includes('frame-ancestors')) refused.push(`${page.url()}: ${text}`);
  });
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    close: async () => {
      await context.close();
      profiles.removeAll();
      if (refused.length > 0) throw new Error(`the pages' Content-Security-Policy refused:\n${refused.join('\n')}`);
    },
  };
}

/** Pixel statistics of the page's table canvas: distinct colours and a hash, to see it drew and changed. */
export function canvasStats(page: Page): Promise<{ colours: number; hash: number; width: number; height: number }> {
  return page.evaluate(() => {
    const c = document.getElementById('table') as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set<number>();
    let hash = 0;
    for (let i = 0; i < data.length; i += 16) {
      const v = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      seen.add(v);
      hash = (Math.imul(hash, 31) + v) | 0;
    }
    return { colours: seen.size, hash, width: c.width, height: c.height };
  });
}

/** Screenshots are kept as test artefacts under the git-ignored dist/ (or where MAHJONG_SCREENSHOTS says). */
export const SCREENSHOT_DIR = process.env.MAHJONG_SCREENSHOTS ?? join(import.meta.dir, '../../../dist/test-artifacts/mahjong');

/** Saves a PNG of the page as a test artefact and returns its colour count (blank ≈ 1–3). */
export async function screenshot(page: Page, name: string): Promise<{ path: string; width: number; height: number; colours: number }> {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  const buf = await page.screenshot({ path });
  return { path, ...pngColours(buf) };
}

/** Share of the canvas pixels inside a CSS-pixel rect that have the tile-face colour (#f4efe1). */
export function faceShare(page: Page, r: { x: number; y: number; w: number; h: number }): Promise<number> {
  return page.evaluate((r) => {
    const c = document.getElementById('table') as HTMLCanvasElement;
    const k = c.width / c.getBoundingClientRect().width;
    const d = c.getContext('2d')!.getImageData(Math.round(r.x * k), Math.round(r.y * k), Math.max(1, Math.round(r.w * k)), Math.max(1, Math.round(r.h * k))).data;
    let face = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - 0xf4) < 12 && Math.abs(d[i + 1]! - 0xef) < 12 && Math.abs(d[i + 2]! - 0xe1) < 12) face++;
    return face / (d.length / 4);
  }, r);
}

/** A game's token as the browser holds it: its HttpOnly cookie (no page script can read it; the test's CDP can). */
export async function gameToken(context: BrowserContext, id: string): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === `mj_game_${id}`);
  if (!cookie) throw new Error(`the browser holds no cookie for game ${id}`);
  return cookie.value;
}
