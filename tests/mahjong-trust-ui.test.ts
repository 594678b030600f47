import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { waitFor } from '../shared/src/testing';
import { createApp } from '../mahjong/src/app';
import { launchBrowser } from '../mahjong/test/web/browser';

// Issue #27 §4 on the play page, in Chromium against an in-process server.
const app = createApp().listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app.decorator.games.close();
  await app.stop(true);
});

const mj = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;

describe('buttons only for a decision that is really the human\'s', () => {
  it('once auto-win and auto-pass are on (the server takes every decision) the page never offers one while it plays the events back', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/?anim=40`);
    // Every moment the bar offers something to do is recorded as it happens (once watching).
    await page.evaluate(() => {
      const w = window as any;
      w.__offers = [];
      w.__watch = false;
      const bar = document.getElementById('actions')!;
      new MutationObserver(() => {
        if (!w.__watch) return;
        const buttons = [...bar.querySelectorAll('button')].map((b) => b.textContent);
        const describe = bar.querySelector('#describe')?.textContent ?? '';
        if (buttons.length || /click a tile/.test(describe)) w.__offers.push({ buttons, describe, turn: w.__mj.state?.turn, valid: w.__mj.state?.valid_actions });
      }).observe(bar, { childList: true, subtree: true, characterData: true });
    });
    await page.selectOption('#ai-kind', 'heuristic');
    await page.fill('#seed', '8');
    await page.selectOption('#length', '0');
    await page.click('#start-game');
    await waitFor(() => mj(page, 'window.__mj.state && window.__mj.state.turn === 0 && document.querySelector("#describe")'), 'our first turn', 15_000);
    await page.click('#auto-win');
    await waitFor(() => mj(page, 'window.__mj.auto.win'), 'auto-win on', 10_000);
    // From here the server plays the human seat: the rest of the game arrives as one burst of events.
    await page.evaluate(() => { (window as any).__watch = true; document.getElementById('auto-pass')!.click(); });
    // The first hand, played back event by event (AI riichi, the server's tsumogiri for the human, calls skipped).
    await waitFor(() => page.isVisible('#result-ok'), 'the first hand\'s result', 60_000);
    const played = await mj(page, 'window.__mj.autoMoves');
    expect(played).toBeGreaterThan(3);
    expect(await mj(page, 'window.__offers')).toEqual([]);
    await page.close();
  }, 90_000);
});
