import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { useTempDirs, waitFor } from '../shared/src/testing';
import { join } from 'node:path';
import { memoryBackend, DEFAULT_LIMITS } from '../mahjong/src/modules/backend/memory';
import { SqliteGameStore } from '../mahjong/src/modules/backend/sqlite';
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
const temp = useTempDirs(afterAll);

/** Connected blobs of the tsumogiri mark's colour on the table canvas (one per marked river tile). */
function markBlobs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const c = document.getElementById('table') as HTMLCanvasElement;
    const { width: w, height: h } = c;
    const d = c.getContext('2d')!.getImageData(0, 0, w, h).data;
    const hex = (window as any).MJTable.TSUMOGIRI_MARK as string;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const on = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) on[i] = Math.abs(d[i * 4]! - r!) < 24 && Math.abs(d[i * 4 + 1]! - g!) < 24 && Math.abs(d[i * 4 + 2]! - b!) < 24 ? 1 : 0;
    let blobs = 0;
    const stack: number[] = [];
    for (let i = 0; i < w * h; i++) {
      if (!on[i]) continue;
      let size = 0;
      on[i] = 0; stack.push(i);
      while (stack.length) {
        const p = stack.pop()!; size++;
        const x = p % w, y = (p / w) | 0;
        for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) if (q >= 0 && on[q]) { on[q] = 0; stack.push(q); }
      }
      if (size >= 6) blobs++;
    }
    return blobs;
  });
}

/** A game the server plays to its end at once (auto-win and auto-pass on from the start): the page shows the game-over dialog. */
async function finishedOnPage(page: Page, at: string, seed: string): Promise<string> {
  await page.goto(`${at}/?anim=0`);
  await page.evaluate(() => localStorage.setItem('mj-auto', JSON.stringify({ win: true, no_calls: false, pass: true })));
  await page.reload();
  await page.selectOption('#ai-kind', 'heuristic');
  await page.fill('#seed', seed);
  await page.selectOption('#length', '0');
  await page.click('#start-game');
  await waitFor(async () => (await page.isVisible('#final-new')) || ((await page.isVisible('#result-ok')) && (await page.click('#result-ok'), false)), 'the game-over dialog', 30_000);
  return mj(page, 'window.__mj.session');
}

describe('the end of a game: links with the token, and how the walls were made', () => {
  const dir = temp.make('mj-trust-ui-');
  const stored = createApp({ backend: memoryBackend(DEFAULT_LIMITS, new SqliteGameStore(join(dir, 'games.sqlite'))) }).listen({ hostname: '127.0.0.1', port: 0 });
  const at = `http://127.0.0.1:${stored.server!.port}`;
  afterAll(async () => {
    await stored.decorator.games.close();
    await stored.stop(true);
  });

  it('a seeded game: download links carry the seat token and work; the dialog and the history say it is a seeded practice game', async () => {
    const page = await context.newPage();
    const id = await finishedOnPage(page, at, '5');
    const token = await page.evaluate((id) => localStorage.getItem(`mj-token:${id}`), id);
    for (const format of ['xml', 'tenhou6', 'mjai']) {
      const href = (await page.getAttribute(`#download-${format}`, 'href'))!;
      expect(href).toContain(`token=${token}`);
      expect((await fetch(`${at}${href}`)).status).toBe(200);
      // Without the token the record is not given away, even once the game is over.
      expect((await fetch(`${at}${href.replace(/&token=[^&]+/, '')}`)).status).toBe(401);
    }
    expect(await page.textContent('#wall-note')).toContain('Seeded practice game (seed 5)');
    await stored.decorator.games.archive.flush();
    await page.goto(`${at}/history`);
    const row = page.locator(`tr[data-game="${id}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-seeded')).toBe('1');
    expect(await row.textContent()).toContain('seeded practice (seed 5), not rated');
    await page.close();
  }, 60_000);

  it('the live table marks tsumogiri discards; riichi sticks left at the end are explained in the final table', async () => {
    const page = await context.newPage();
    // Seed 34 (heuristic AIs, East only, the server playing seat 0) ends with one riichi stick on the table.
    await finishedOnPage(page, at, '34');
    expect(await page.textContent('#sticks-to-top')).toContain('1000 from 1 riichi stick(s) left on the table at the end go to first place');
    const firstRow = await page.locator('.scores.final tr').nth(1).textContent();
    expect(firstRow).toContain('(+1000)');
    const marked = await mj(page, 'window.__mj.state.players.reduce((n, p) => n + p.river.filter((r) => r.tsumogiri).length, 0)');
    expect(marked).toBeGreaterThan(0);
    expect(await markBlobs(page)).toBe(marked);
    await page.close();
  }, 60_000);

  it('an unseeded game: the dialog reveals the wall secret and its commitment; the history marks nothing', async () => {
    const page = await context.newPage();
    const id = await finishedOnPage(page, at, '');
    const note = (await page.textContent('#wall-note'))!;
    expect(note).toMatch(/Wall secret revealed: [0-9a-f]{64} \(commitment [0-9a-f]{64}\)/);
    await stored.decorator.games.archive.flush();
    await page.goto(`${at}/history`);
    const row = page.locator(`tr[data-game="${id}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-seeded')).toBeNull();
    // The history's Replay link: the replay page checks the revealed secret against the commitment and every wall.
    await page.click(`tr[data-game="${id}"] .replay-link`);
    await page.waitForSelector('#wall-check.ok', { timeout: 20_000 });
    expect(await page.textContent('#wall-check')).toMatch(/^Wall commitment verified.*the revealed secret hashes to [0-9a-f]{64} and deals every tile of \d+ hands?/);
    await page.close();
  }, 60_000);
});

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
