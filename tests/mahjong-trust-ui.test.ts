import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { useTempDirs, waitFor } from '../shared/src/testing';
import { join } from 'node:path';
import { memoryBackend, DEFAULT_LIMITS } from '../mahjong/src/modules/backend/memory';
import { SqliteGameStore } from '../mahjong/src/modules/backend/sqlite';
import { createApp } from '../mahjong/src/app';
import { gameToken, launchBrowser, screenshot } from '../mahjong/test/web/browser';
import { HeuristicAgent } from '../mahjong/src/engine/ai';
import { Game } from '../mahjong/src/engine/game';
import { newWallSecret } from '../mahjong/src/engine/table/secure-wall';

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

describe('the end of a game: download links, and how the walls were made', () => {
  const dir = temp.make('mj-trust-ui-');
  const stored = createApp({ backend: memoryBackend(DEFAULT_LIMITS, new SqliteGameStore(join(dir, 'games.sqlite'))) }).listen({ hostname: '127.0.0.1', port: 0 });
  const at = `http://127.0.0.1:${stored.server!.port}`;
  afterAll(async () => {
    await stored.decorator.games.close();
    await stored.stop(true);
  });

  it('a seeded game: download links carry no token and work with the game cookie; the dialog and the history say it is a seeded practice game', async () => {
    const page = await context.newPage();
    const id = await finishedOnPage(page, at, '5');
    const token = await gameToken(context, id);
    for (const format of ['xml', 'tenhou6', 'mjai']) {
      const href = (await page.getAttribute(`#download-${format}`, 'href'))!;
      expect(href).not.toContain(token);
      expect(href).not.toContain('token');
      // The page's own request carries the game's HttpOnly cookie.
      expect(await page.evaluate((h) => fetch(h).then((r) => r.status), href)).toBe(200);
      // Without the cookie or the header the record is not given away, even once the game is over.
      expect((await fetch(`${at}${href}`)).status).toBe(401);
      expect((await fetch(`${at}${href}`, { headers: { 'x-session-token': token } })).status).toBe(200);
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

  it('the live river shades tsumogiri discards and keeps called tiles as visible as the rest (the replay dims them)', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    // Three copies of 1m: a hand discard, one another seat called, one discarded from the draw.
    const mean = (dimCalled: boolean) => page.evaluate((dimCalled) => {
      const c = document.createElement('canvas');
      c.width = 200; c.height = 80;
      const ctx = c.getContext('2d')!;
      const river = [{ tile: 0 }, { tile: 1, called: true }, { tile: 2, tsumogiri: true }];
      (window as any).MJTable.drawRiver(ctx, river, 0, 0, 40, 56, { cols: 6, rows: 3, maxLast: 6, markLast: false, slide: 1, markTsumogiri: true, dimCalled });
      // The left half of each tile (the tsumogiri corner mark is top right).
      return [0, 1, 2].map((i) => {
        const d = ctx.getImageData(i * 40 + 4, 6, 16, 44).data;
        let sum = 0;
        for (let k = 0; k < d.length; k += 4) sum += d[k]! + d[k + 1]! + d[k + 2]!;
        return sum / (d.length / 4);
      });
    }, dimCalled);
    const [plain, called, tsumogiri] = await mean(false);
    expect(called).toBe(plain!);
    expect(tsumogiri!).toBeLessThan(plain! * 0.9);
    const [plainR, calledR] = await mean(true);
    expect(calledR!).toBeLessThan(plainR! * 0.9);
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

describe('the replay page checks the wall commitment of a loaded log', () => {
  it('verifies a finished unseeded game and says FAILED for a changed secret, a changed commitment or a hidden secret', async () => {
    const game = new Game({ secret: newWallSecret(), maxRound: 0 });
    const agents = [0, 1, 2, 3].map(() => new HeuristicAgent());
    while (!game.isOver()) {
      const seat = game.actor();
      if (seat < 0) { game.nextHand(); continue; }
      game.step(seat, agents[seat]!.decide(game.stateView(seat, { shallow: true })));
    }
    const xml = game.toMjlog();
    const c = game.commitment!, secret = game.secret!;
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    const load = async (name: string, text: string) => {
      // Hidden first, so the verdict read is the one of this log.
      await page.evaluate(() => { document.getElementById('wall-check')!.hidden = true; });
      await page.setInputFiles('#file', { name, mimeType: 'application/xml', buffer: Buffer.from(text) });
      await page.waitForSelector('#wall-check:not([hidden])', { timeout: 20_000 });
      return { cls: await page.getAttribute('#wall-check', 'class'), text: (await page.textContent('#wall-check'))! };
    };
    const good = await load('good.mjlog', xml);
    expect(good.cls).toBe('ok');
    expect(good.text).toContain(`hashes to ${c}`);
    const cases: [string, string, RegExp][] = [
      ['secret.mjlog', xml.replace(secret, newWallSecret()), /does not hash to the commitment/],
      ['commitment.mjlog', xml.replace(`devhub-v2,${c}`, `devhub-v2,${'0'.repeat(64)}`), /does not hash to the commitment/],
      ['hidden.mjlog', xml.replace(`,${secret}`, ''), /does not reveal the wall secret/],
    ];
    for (const [name, text, why] of cases) {
      expect(text).not.toBe(xml);
      const r = await load(name, text);
      expect(r.cls).toBe('bad');
      expect(r.text).toContain('Wall check FAILED');
      expect(r.text).toMatch(why);
    }
    await page.close();
  }, 60_000);
});

describe('buttons only for a decision that is really the human\'s', () => {
  it('once auto-win and auto-pass are on (the server takes every decision) the page never offers one while it plays the events back', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/?anim=40`);
    await page.evaluate(() => localStorage.removeItem('mj-auto'));
    await page.reload();
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

/** Page rects (left, top, right, bottom) overlap. */
const overlap = (a: number[], b: number[]) => a[0]! < b[2]! && b[0]! < a[2]! && a[1]! < b[3]! && b[1]! < a[3]!;

/**
 * Plays seat 0 by clicking (the heuristic chooses) until `until` (an expression over the page's
 * state `s`) holds at seat 0's decision; returns the rects of the toggles, the action bar, the
 * canvas and the own melds then.
 */
async function playUntil(page: Page, until: string): Promise<{ tools: number[]; bar: number[]; canvas: number[]; melds: any[] }> {
  const human = new HeuristicAgent();
  for (let guard = 0; guard < 3000; guard++) {
    const seen = await waitFor(() => mj(page, `(() => {
      const vis = (id) => { const e = document.getElementById(id); return e && e.offsetParent !== null ? e : null; };
      const at = (e) => { const b = e.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; };
      if (vis('final-new')) return { done: true };
      if (vis('result-ok')) return { result: at(vis('result-ok')) };
      if (document.querySelector('.overlay')) return null;
      const ui = window.__mj, s = ui.state;
      if (!s || s.turn !== 0 || ui.busy || ui.drawn !== s || !(s.valid_actions || []).length) return null;
      const r = document.getElementById('table').getBoundingClientRect();
      const box = (id) => { const b = document.getElementById(id).getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
      if (${until}) return { found: { tools: box('seat-tools'), bar: box('actions'), canvas: [r.left, r.top, r.right, r.bottom], melds: MJTable.last.seats[0].melds } };
      const tiles = ui.hits.map((h) => ({ action: MJ.discardIndex(h.tile), x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2 }));
      const buttons = [...document.querySelectorAll('#actions button')].map((b) => ({ action: Number(b.dataset.action), ...at(b) }));
      return { state: s, tiles, buttons, version: ui.version };
    })()`), 'something to do', 30_000);
    if (seen.found) return seen.found;
    if (seen.done) throw new Error(`the game ended before ${until}`);
    if (seen.result) { await page.mouse.click(seen.result.x, seen.result.y); continue; }
    const action = human.decide(seen.state);
    const target = seen.buttons.find((b: any) => b.action === action) ?? (action <= 36 ? [...seen.tiles].reverse().find((t: any) => t.action === action) : null);
    expect(target).toBeTruthy();
    await page.mouse.click(target.x, target.y);
    await waitFor(() => mj(page, `window.__mj.version !== ${seen.version}`), 'the next state', 15_000);
  }
  throw new Error('no end');
}

async function startOn(page: Page, size: { width: number; height: number }, seed: string): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(`${base}/?anim=0`);
  // The toggles are kept per browser: another test may have left the automatic play on.
  await page.evaluate(() => localStorage.removeItem('mj-auto'));
  await page.reload();
  await page.selectOption('#ai-kind', 'heuristic');
  await page.fill('#seed', seed);
  await page.selectOption('#length', '0');
  await page.click('#start-game');
}

describe('nothing above the hand covers anything else', () => {
  it('1440 × 900: the riichi hint does not cover the Auto-pass toggle', async () => {
    const page = await context.newPage();
    await startOn(page, { width: 1440, height: 900 }, '3');
    const r = await playUntil(page, 's.riichi_tiles.length > 0 && !s.riichi_stage2 && document.querySelector("#describe")');
    expect(overlap(r.tools, r.bar)).toBe(false);
    await screenshot(page, 'trust-riichi-hint-1440');
    await page.close();
  }, 90_000);

  it('390 × 844: call buttons do not cover the toggles', async () => {
    const page = await context.newPage();
    await startOn(page, { width: 390, height: 844 }, '3');
    const r = await playUntil(page, 's.valid_actions.some((a) => a >= 37 && a <= 44) && document.querySelector("#actions button")');
    expect(overlap(r.tools, r.bar)).toBe(false);
    await screenshot(page, 'trust-call-buttons-390');
    await page.close();
  }, 90_000);

  it('1440 × 900: "Your turn" does not cover the own added kan\'s stacked tile', async () => {
    const page = await context.newPage();
    // Seed 1 (heuristic AIs, East only, seat 0 played by the heuristic): seat 0 adds a kan in the third hand.
    await startOn(page, { width: 1440, height: 900 }, '1');
    const r = await playUntil(page, 's.players[0].melds.some((m) => m.type === "kakan") && document.querySelector("#describe")');
    const added = r.melds.find((m: any) => m.type === 'kakan').rects.find((t: any) => t.added);
    const tile = [r.canvas[0]! + added.x, r.canvas[1]! + added.y, r.canvas[0]! + added.x + added.w, r.canvas[1]! + added.y + added.h];
    expect(overlap(r.bar, tile)).toBe(false);
    expect(overlap(r.tools, r.bar)).toBe(false);
    await screenshot(page, 'trust-kakan-1440');
    await page.close();
  }, 120_000);
});

describe('replay on a phone', () => {
  it('390 × 844: the table and the analysis of the viewed seat are on screen together, not under the control bars', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/replay`);
    await page.waitForSelector('#sample option[value^="tenhou-"]', { state: 'attached' });
    const sample = await page.evaluate(() => [...(document.getElementById('sample') as HTMLSelectElement).options].map((o) => o.value).find((v) => v.startsWith('tenhou-'))!);
    await page.selectOption('#sample', sample);
    await page.click('#load-sample');
    await waitFor(async () => ((await page.textContent('#analysis')) ?? '').includes('shanten'), 'the analysis', 30_000);
    for (let i = 0; i < 20; i++) await page.click('#forward');
    const box = (q: string) => page.evaluate((q) => { const b = document.querySelector(q)!.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, height: b.height }; }, q);
    const table = await box('.table-wrap');
    const analysis = await box('#analysis');
    const controls = await box('body > .bar:last-of-type');
    // Both without scrolling: the whole table, and at least 100 px of the analysis above the controls.
    expect(table.top).toBeGreaterThanOrEqual(0);
    expect(table.bottom).toBeLessThanOrEqual(analysis.top + 1);
    expect(table.height).toBeGreaterThan(300);
    expect(Math.min(analysis.bottom, controls.top) - analysis.top).toBeGreaterThan(100);
    expect(controls.bottom).toBeLessThanOrEqual(844 + 1);
    await screenshot(page, 'trust-replay-390');
    await page.close();
  }, 60_000);
});

describe('a game that is really gone', () => {
  it('ended on the server while the page plays it: a dialog offers the history and a new game, and nothing stays clickable', async () => {
    const page = await context.newPage();
    await startOn(page, { width: 1100, height: 800 }, '6');
    await waitFor(() => mj(page, 'window.__mj.state && window.__mj.state.turn === 0 && !!document.querySelector("#describe")'), 'our turn', 15_000);
    const id: string = await mj(page, 'window.__mj.session');
    const token = await gameToken(context, id);
    expect((await fetch(`${base}/api/game/${id}`, { method: 'DELETE', headers: { 'x-session-token': token } })).status).toBe(200);
    await page.waitForSelector('#gone-new', { timeout: 20_000 });
    expect(await page.textContent('#gone-text')).toContain('no longer on the server');
    expect(await page.isVisible('#gone-history')).toBe(true);
    expect(await mj(page, 'document.querySelectorAll("#actions button").length')).toBe(0);
    expect(await mj(page, '(document.querySelector("#describe") || {}).textContent || ""')).not.toContain('click a tile');
    await page.click('#gone-history');
    await page.waitForURL(/\/history$/);
    // A reload of a game that is gone says the same.
    await page.goto(`${base}/?session=${id}`);
    await page.waitForSelector('#gone-new', { timeout: 10_000 });
    await page.click('#gone-new');
    await page.waitForSelector('#start-game');
    await page.close();
  }, 60_000);
});
