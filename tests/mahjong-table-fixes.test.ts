import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { parseMjaiBots } from '../mahjong/src/mjai/config';
import { launchBrowser } from '../mahjong/test/web/browser';
import { waitFor } from '../shared/src/testing';

// Table fixes checked in Chromium on the real pages of a server on a free port. Deterministic
// games come from seeds (found by playing them): 4ai seed 3 with heuristic AIs, East only: hand 1
// P0's (the dealer's) riichi ron from P1, so hand 2 is East 1 with 1 honba.
// One configured mjai bot, the test bot in its crashing mode, for the replacement notice.
const BOT = `${import.meta.dir}/../mahjong/test/fixtures/mjai/bot.py`;
const app = createApp({ mjaiBots: parseMjaiBots(`bots:\n  crashy: { command: "python3 ${BOT} crash" }\n`, 'test') }).listen({ hostname: '127.0.0.1', port: 0 });
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
  it('a hovered chosen speed keeps its primary fill; other buttons still light up on hover', async () => {
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

describe('battle page speed buttons on a touch screen', () => {
  it('a tapped speed becomes the chosen one and keeps its primary fill after the tap', async () => {
    // A phone: touch events, no mouse; a tap leaves the emulated pointer (and :hover) on the button.
    const phone = await context.browser()!.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`${base}/ai_battle`);
    const plain = page.locator('button[data-ms]:not(.primary)').first();
    await plain.waitFor();
    const ms = await plain.getAttribute('data-ms');
    const tapped = page.locator(`button[data-ms="${ms}"]`);
    await tapped.tap();
    await waitFor(() => tapped.evaluate((b) => b.classList.contains('primary')), 'the tapped speed chosen', 5_000);
    const fill = await tapped.evaluate((b) => getComputedStyle(b).backgroundColor);
    // One of the two primary yellows (idle or hovered), never the plain hover green rgb(47, 92, 74).
    expect(['rgb(183, 149, 11)', 'rgb(212, 172, 13)']).toContain(fill);
    await phone.close();
  });
});

/** Records every text the page's canvases draw (window.__texts), from before the page's own scripts. */
async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as any;
    w.__texts = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      w.__texts.push(String(text));
      return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
    };
  });
}

describe('the battle page: a win in the result panel, then a hand with honba', () => {
  it('shows the winner, yaku, han/fu and the payment; the next hand names its honba once in the centre', async () => {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await recordCanvasText(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/api/health`);
    await page.evaluate(() => localStorage.removeItem('mj-lang'));
    // Fast (60 ms an action): the panel stays up at least 3 s, and the next hand (≈ 130 actions)
    // lasts long enough to look at.
    await page.goto(`${base}/ai_battle?delay=60`);
    await page.selectOption('#ai-kind', 'heuristic');
    await page.fill('#seed', '3');
    await page.selectOption('#length', '0');
    await page.click('#start');
    const mj = (expr: string) => page.evaluate(expr) as Promise<any>;
    // Read the panel in one go the moment it shows the win (it hides itself a few seconds later).
    const panel = (await (await page.waitForFunction(() => {
      const p = document.getElementById('result-panel')!;
      const win = p.querySelector('.win');
      if (p.hidden || !win) return null;
      const text = (sel: string) => win.querySelector(sel)?.textContent ?? null;
      return {
        title: text('h3'), points: text('.points'), payment: text('.payment'),
        yaku: [...win.querySelectorAll('ul.yaku li')].map((li) => li.textContent),
        dora: win.querySelectorAll('.indicators.dora canvas').length,
        hand: win.querySelector('.hand canvas') !== null,
        rows: [...p.querySelectorAll('table.scores tr')].map((tr) => [...tr.querySelectorAll('td,th')].map((c) => c.textContent)),
      };
    }, undefined, { timeout: 90_000, polling: 50 })).jsonValue())!;
    expect(panel.title).toBe('P0 (East) wins by ron from P1 (South)');
    expect(panel.yaku).toEqual(['Riichi — 1 han']);
    expect(panel.points).toBe('1 han 40 fu · 2000 points');
    expect(panel.payment).toBe('Ron 2000 +2000 riichi sticks = 4000');
    expect(panel.dora).toBe(1);
    expect(panel.hand).toBe(true);
    expect(panel.rows.find((r: string[]) => r[0]?.startsWith('P0'))).toEqual(['P0 (East)', '24000', '+4000', '28000']);

    // Hand 2: the dealer kept the seat, one honba. The centre draws "East 1" and "1 honba", each once.
    await waitFor(() => mj('window.__mj.state.honba === 1 && window.__mj.state.phase < 16'), 'the hand with 1 honba', 60_000);
    await page.evaluate(() => { (window as any).__texts = []; });
    await page.setViewportSize({ width: 1400, height: 900 }); // a resize redraws the table
    const texts: string[] = await waitFor(async () => {
      const t: string[] = await mj('window.__texts');
      return t.includes('1 honba') ? t : null;
    }, 'the centre redrawn', 10_000);
    // The table may be drawn more than once meanwhile (a move can arrive with the resize): each
    // drawing names the round once and its honba once, never inside the round's name.
    expect([...new Set(texts.filter((x) => x.includes('honba')))]).toEqual(['1 honba']);
    expect(texts).toContain('East 1');
    expect(texts.filter((x) => x === '1 honba').length).toBe(texts.filter((x) => x === 'East 1').length);
    await fetch(`${base}/api/game/${await mj('window.__mj.session')}`, { method: 'DELETE' });
    await page.close();
  }, 120_000);
});

describe('the battle page names a bot replaced by the built-in AI', () => {
  it('shows the bot_replaced event in the status line', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(() => localStorage.removeItem('mj-lang'));
    await page.goto(`${base}/ai_battle?delay=300`);
    await waitFor(() => page.evaluate(() => [...(document.querySelector('#ai-seat-1') as HTMLSelectElement).options].some((o) => o.value === 'mjai:crashy')), 'the bot offered', 10_000);
    // Every text the status line shows, in order (each AI move replaces it).
    await page.evaluate(() => {
      const w = window as any;
      w.__statuses = [];
      const el = document.getElementById('status')!;
      new MutationObserver(() => w.__statuses.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
    });
    await page.selectOption('#ai-kind', 'heuristic');
    await page.selectOption('#ai-seat-1', 'mjai:crashy');
    await page.click('#start');
    await waitFor(async () => (await page.evaluate(() => (window as any).__statuses as string[])).includes('P1: mjai:crashy replaced by the strong AI (crash)'), 'the replacement shown', 30_000);
    await fetch(`${base}/api/game/${await page.evaluate(() => (window as any).__mj.session)}`, { method: 'DELETE' });
    await page.close();
  }, 60_000);
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

