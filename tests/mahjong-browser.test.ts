import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { HeuristicAgent } from '../mahjong/src/engine/ai';
import { canvasStats, faceShare, launchBrowser, screenshot } from '../mahjong/test/web/browser';
import { waitFor } from '../shared/src/testing';

// Browser tests: Debian's chromium (installed by .ci/run) drives the three pages of a real
// server on a free port; every interaction is a click, a select or a file upload.
// The test reads the session list as an administrator would.
const ADMIN = { 'x-session-token': 'browser-test-admin-token' };
const app = createApp({ adminToken: ADMIN['x-session-token'] }).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app.stop(true);
});

const mj = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;

/** The game-over dialog links the finished game in each log format (no token in the link), and each link serves it. */
async function expectDownloads(page: Page): Promise<void> {
  for (const [format, marker] of [['xml', '<mjloggm'], ['tenhou6', '"log"'], ['mjai', '"start_game"']] as const) {
    const href = await page.getAttribute(`#download-${format}`, 'href');
    expect(href).toContain(`export?format=${format}`);
    expect(href).not.toContain('token');
    // Fetched as the link would be: by the page, with the game's cookie.
    const res = await page.evaluate((h) => fetch(h).then(async (r) => ({ status: r.status, text: await r.text() })), href!);
    expect(res.status).toBe(200);
    expect(res.text).toContain(marker);
  }
}

describe('human versus AI page', () => {
  it('plays a whole seeded East-only game to the end by clicking tiles and buttons', async () => {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
    await page.goto(`${base}/?anim=0`);
    await page.waitForSelector('#start-game');
    await page.selectOption('#ai-kind', 'random');
    await page.fill('#seed', '3');
    await page.selectOption('#length', '0');
    const before = await canvasStats(page);
    await page.click('#start-game');
    await waitFor(() => mj(page, 'window.__mj.state && window.__mj.state.players'), 'first state', 15_000);
    const shot = await screenshot(page, 'human');
    expect(shot.colours).toBeGreaterThan(50);
    // The player's own tiles are drawn face up (a back has no face colour at all).
    const ownHand = await waitFor(() => mj(page, 'window.__mj.hits.length >= 13 && window.__mj.hits'), 'hand hit rects', 10_000);
    for (const h of ownHand) expect(await faceShare(page, h)).toBeGreaterThan(0.3);
    // A reload resumes the same game from the URL.
    const hand = JSON.stringify(await mj(page, 'window.__mj.state.players[0].hand'));
    expect(page.url()).toContain('session=');
    await page.reload();
    await waitFor(async () => JSON.stringify(await mj(page, 'window.__mj.state && window.__mj.state.players[0].hand')) === hand, 'the resumed game', 15_000);
    // The state arrives before the next animation frame draws it: wait for the drawing.
    await waitFor(async () => (await canvasStats(page)).colours > before.colours, 'the table drawn', 10_000);
    let clicks = 0, handResults = 0, riichiConfirms = 0, confirmedByTile = 0;
    // Seat 0's choices come from the engine's heuristic reading the page's own state; every
    // choice is then made by clicking the tile on the canvas or the action button.
    const human = new HeuristicAgent();
    const look = () => mj(page, `(() => {
      const vis = (id) => { const e = document.getElementById(id); return e && e.offsetParent !== null ? e : null; };
      const at = (e) => { const b = e.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; };
      if (vis('final-new')) return { done: true };
      if (vis('result-ok')) return { result: at(vis('result-ok')) };
      if (document.querySelector('.overlay')) return null;
      const ui = window.__mj, s = ui.state;
      if (!s || s.turn !== 0 || ui.busy || ui.drawn !== s || !(s.valid_actions || []).length) return null;
      const r = document.getElementById('table').getBoundingClientRect();
      const tiles = ui.hits.map((h) => ({ action: MJ.discardIndex(h.tile), x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2 }));
      const buttons = [...document.querySelectorAll('#actions button')].map((b) => ({ action: Number(b.dataset.action), ...at(b) }));
      return { state: s, tiles, buttons, version: ui.version };
    })()`);
    for (let guard = 0; guard < 5000; guard++) {
      const seen = await waitFor(look, 'something to do', 20_000);
      if (seen.done) break;
      if (seen.result) {
        if (handResults === 0) expect((await screenshot(page, 'human-hand-result')).colours).toBeGreaterThan(50);
        await page.mouse.click(seen.result.x, seen.result.y);
        handResults++;
        continue;
      }
      const action = human.decide(seen.state);
      // Spec, client behaviour 2: during a pending riichi a click on a hand tile confirms (48);
      // the first riichi is confirmed that way, later ones with the button.
      const byTile = action === 48 && riichiConfirms === 0 ? seen.tiles.find((t: any) => t.action === seen.state.riichi_tile) : null;
      const target = byTile ?? seen.buttons.find((b: any) => b.action === action) ?? (action <= 36 ? [...seen.tiles].reverse().find((t: any) => t.action === action) : null);
      expect(target).toBeTruthy();
      if (action === 48) riichiConfirms++;
      if (byTile) confirmedByTile++;
      await page.mouse.click(target.x, target.y);
      clicks++;
      // One click per decision: wait for the page to show the next state.
      await waitFor(() => mj(page, `window.__mj.version !== ${seen.version}`), 'the next state', 10_000);
    }
    expect(await page.isVisible('#final-new')).toBe(true);
    expect(handResults).toBeGreaterThanOrEqual(4);
    expect(riichiConfirms).toBeGreaterThan(0);
    expect(confirmedByTile).toBe(1);
    expect(clicks).toBeGreaterThan(20);
    const text = await page.textContent('.dialog');
    expect(text).toContain('place');
    await expectDownloads(page);
    await screenshot(page, 'human-final');
    await page.click('#final-close');
    await page.close();
  }, 170_000);
});

describe('human versus AI page, keyboard only', () => {
  it('discards with the table focused, ← / → to pick a tile and Enter, the picked tile going to the river', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/?anim=0`);
    await page.selectOption('#ai-kind', 'random');
    await page.fill('#seed', '11');
    await page.click('#start-game');
    // Our turn with discards offered, drawn on the canvas.
    const mine = () => mj(page, `(() => { const ui = window.__mj, s = ui.state;
      return s && s.turn === 0 && !s.riichi_stage2 && ui.drawn === s && (s.valid_actions || []).some((a) => a <= 36) ? { version: ui.version, river: s.players[0].river.length } : null; })()`);
    const before = await waitFor(mine, 'our turn', 15_000);
    await page.focus('#table');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('table');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const picked = await mj(page, 'window.__mj.hover');
    expect(picked).toBeGreaterThanOrEqual(0);
    const tile = await mj(page, `window.__mj.hits.find((h) => h.index === ${picked}).tile`);
    await page.keyboard.press('Enter');
    await waitFor(() => mj(page, `window.__mj.state.players[0].river.length > ${before.river}`), 'the discard', 10_000);
    expect(await mj(page, `window.__mj.state.players[0].river[${before.river}].tile`)).toBe(tile);
    await page.close();
  }, 60_000);
});

describe('phone-sized viewport', () => {
  it('keeps a long dialog\'s buttons on screen on a landscape phone', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 667, height: 375 });
    await page.goto(`${base}/?anim=0`);
    await page.waitForSelector('#start-game');
    // A hand result is about as tall as this: tiles, yaku, points and four score rows.
    await page.evaluate(() => {
      const { MJ } = window as any;
      MJ.dialog('Hand result', Array.from({ length: 12 }, (_, i) => MJ.el('p', {}, `line ${i}`)), [{ label: 'Continue', value: 1, id: 'long-ok', primary: true }]);
    });
    const box = (await page.locator('#long-ok').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(375);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await page.locator('#long-ok').count()).toBe(0);
    await page.close();
  });

  it('fits the human and battle pages into 375 × 667 with tiles big enough to tap', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${base}/?anim=0`);
    await page.selectOption('#ai-kind', 'random');
    await page.click('#start-game');
    await waitFor(() => mj(page, 'window.__mj.hits && window.__mj.hits.length >= 13'), 'hand drawn', 15_000);
    const widest = await mj(page, 'Math.min(...window.__mj.hits.map((h) => h.w))');
    expect(widest).toBeGreaterThanOrEqual(18);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect((await screenshot(page, 'human-phone')).colours).toBeGreaterThan(50);
    // "New game" replaces the running game and ends it on the server.
    const old = await mj(page, 'window.__mj.session');
    await page.click('#new-game');
    await page.click('#start-game');
    await waitFor(async () => (await mj(page, 'window.__mj.session')) !== old, 'the new game', 15_000);
    const live = ((await (await fetch(`${base}/api/sessions`, { headers: ADMIN })).json()) as any).sessions.map((x: any) => x.session_id);
    expect(live).not.toContain(old);
    expect(live).toContain(await mj(page, 'window.__mj.session'));
    await page.goto(`${base}/ai_battle`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });
});

describe('AI battle page', () => {
  it('runs a 4ai game to its result dialog while following a seat', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/ai_battle?delay=3000`);
    await page.selectOption('#ai-kind', 'random');
    await page.fill('#seed', '5');
    await page.selectOption('#length', '0');
    await page.selectOption('#follow', '2');
    await page.click('#start');
    await waitFor(() => mj(page, 'window.__mj.session'), 'session', 15_000);
    const session = await mj(page, 'window.__mj.session');
    // The followed seat sits at the bottom, its hand face up (checked at 3 s per action, so the
    // row does not move meanwhile; the first twelve stay covered even if it does).
    const followed = await waitFor(() => mj(page, 'window.__mj.hits && window.__mj.hits.length >= 13 && window.__mj.hits'), 'followed hand', 10_000);
    for (const h of followed.slice(0, 12)) expect(await faceShare(page, h)).toBeGreaterThan(0.3);
    await page.click('#speed-fast');
    await waitFor(async () => {
      const list = await (await fetch(`${base}/api/sessions`, { headers: ADMIN })).json() as any;
      return list.sessions.find((s: any) => s.session_id === session)?.delay_ms === 300;
    }, 'speed 300', 10_000);
    const early = await screenshot(page, 'battle');
    expect(early.colours).toBeGreaterThan(50);

    // The speed buttons work; finish the game at full speed.
    await fetch(`${base}/api/game/${session}/speed`, { method: 'POST', headers: { 'content-type': 'application/json', ...ADMIN }, body: '{"delay_ms":0}' });
    await page.waitForSelector('#final-close', { timeout: 120_000 });
    const final = await page.textContent('.dialog');
    expect(final).toContain('place');
    await expectDownloads(page);
    // The last hand's result (winner and yaku, or the draw) sits above the final scores.
    expect(final).toContain('Last hand');
    expect(final).toMatch(/wins by|Draw/);
    expect(await mj(page, 'window.__mj.follow')).toBe('2');
    const shot = await screenshot(page, 'battle-final');
    expect(shot.colours).toBeGreaterThan(50);
    // The finished game opens in the replay page.
    await page.click('#final-replay');
    await waitFor(() => page.evaluate(() => location.pathname === '/replay' && (window as any).__mj?.steps?.length > 0), 'the game in the replay page', 15_000);
    expect(await page.evaluate(() => (window as any).__mj.steps.at(-1).event_type)).toBe('game_end');
    await page.close();
  }, 150_000);
});

describe('AI battle page, AI per seat', () => {
  it('offers the listed AIs for each seat and sends them as ai_models', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/ai_battle?delay=3000`);
    await waitFor(() => page.evaluate(() => (document.querySelector('#ai-seat-2') as HTMLSelectElement).options.length >= 4), 'seat options', 10_000);
    const names = await page.evaluate(() => [...(document.querySelector('#ai-seat-2') as HTMLSelectElement).options].map((o) => o.value));
    expect(names).toEqual(['', 'strong', 'heuristic', 'random']);
    await page.selectOption('#ai-kind', 'random');
    await page.selectOption('#ai-seat-2', 'strong');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/game/new') && r.method() === 'POST');
    await page.click('#start');
    expect(JSON.parse((await sent).postData()!)).toMatchObject({ ai_model: 'random', ai_models: [null, null, 'strong', null] });
    await waitFor(() => mj(page, 'window.__mj.session'), 'session', 15_000);
    await fetch(`${base}/api/game/${await mj(page, 'window.__mj.session')}`, { method: 'DELETE' });
    await page.close();
  });
});

describe('replay page', () => {
  it('loads a built-in sample, steps forward and back, seeks, and jumps hands', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    await waitFor(() => page.locator('#sample option').count().then((n) => n > 1), 'sample list', 15_000);
    const blank = await canvasStats(page);
    await page.selectOption('#sample', 'tenhou-2019060813gm-00a9-0000-08bb0ec3.xml');
    await page.click('#load-sample');
    await waitFor(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 'steps', 15_000);
    // The analysis arrives after the steps and fills the side panel, which can move the table: the
    // checks below read the table once the page has settled.
    await waitFor(() => page.evaluate(() => !!((window as any).__mj.analysis || (window as any).__mj.analysisError)), 'the analysis', 15_000);
    const first = await canvasStats(page);
    expect(first.colours).toBeGreaterThan(blank.colours);
    for (const h of await mj(page, 'window.__mj.hits')) expect(await faceShare(page, h)).toBeGreaterThan(0.3);
    expect(await page.textContent('#counter')).toBe(`1 / ${await page.evaluate(() => (window as any).__mj.steps.length)}`);

    await page.click('#forward');
    await page.click('#forward');
    expect(await page.textContent('#counter')).toStartWith('3 /');
    const third = await canvasStats(page);
    expect(third.hash).not.toBe(first.hash);
    expect(await page.textContent('#describe')).toMatch(/discards|draws/);
    await page.click('#back');
    expect(await page.textContent('#counter')).toStartWith('2 /');

    await page.locator('#progress').fill('300');
    expect(await page.textContent('#counter')).toStartWith('301 /');
    // An arrow key on the focused slider moves one step, not two (slider and page shortcut both).
    await page.focus('#progress');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#counter')).toStartWith('302 /');
    await page.keyboard.press('ArrowLeft');
    expect(await page.textContent('#counter')).toStartWith('301 /');
    const seeked = await canvasStats(page);
    expect(seeked.hash).not.toBe(third.hash);

    await page.click('#next-hand');
    const pos = await page.evaluate(() => (window as any).__mj.pos);
    const kyoku = await page.evaluate(() => (window as any).__mj.kyokuIndices);
    expect(kyoku).toContain(pos);
    expect(pos).toBeGreaterThan(300);

    await page.click('#play');
    await waitFor(() => page.evaluate((p) => (window as any).__mj.pos > p, pos), 'playback to advance', 10_000);
    await page.click('#play');
    const shot = await screenshot(page, 'replay');
    expect(shot.colours).toBeGreaterThan(50);
    await page.close();
  });

  it('uploads an XML file and reports a malformed one', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    const xml = await Bun.file(join(import.meta.dir, '../mahjong/samples/tenhou-2016052515gm-00a9-0000-c4d72066.xml')).text();
    await page.setInputFiles('#file', { name: 'game.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
    await waitFor(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 'uploaded steps', 15_000);
    expect(await page.textContent('#status')).toContain('game.xml');
    // A log with a header and no hand replaces it and says there is nothing to replay (the page
    // used to ask for a log to be loaded, under the old game's counter).
    const empty = '<mjloggm ver="2.3"><SHUFFLE/><GO type="169"/><UN n0="%E5%A4%AA%E9%83%8E" n1="b" n2="c" n3="d"/></mjloggm>';
    await page.setInputFiles('#file', { name: 'ünïcødé 麻雀.xml', mimeType: 'text/xml', buffer: Buffer.from(empty) });
    await waitFor(() => page.evaluate(() => (window as any).__mj.steps.length === 0), 'the empty log loaded', 15_000);
    expect(await page.textContent('#status')).toBe('ünïcødé 麻雀.xml: no hand to replay (the log deals none)');
    expect(await page.textContent('#counter')).toBe('0 / 0');
    expect(await page.textContent('#describe')).toBe('');
    await page.setInputFiles('#file', { name: 'bad.xml', mimeType: 'text/xml', buffer: Buffer.from('<mjloggm>\n<INIT seed=') });
    await page.waitForSelector('#error-ok', { timeout: 10_000 });
    expect(await page.textContent('.dialog')).toMatch(/line/i);
    await page.click('#error-ok');
    await page.close();
  });

  it('fits a phone-sized viewport', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${base}/replay`);
    await waitFor(() => page.locator('#sample option').count().then((n) => n > 1), 'sample list', 15_000);
    await page.selectOption('#sample', { index: 1 });
    await page.click('#load-sample');
    await waitFor(() => page.evaluate(() => (window as any).__mj.steps.length > 0), 'steps', 15_000);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    const shot = await screenshot(page, 'replay-phone');
    expect(shot.width).toBe(375);
    expect(shot.colours).toBeGreaterThan(50);
    // The canvas follows the window: turned to landscape, it redraws at the new size (the width
    // beside the analysis panel, which moves from below the table to its side).
    await page.setViewportSize({ width: 900, height: 600 });
    const wrapWidth = () => page.evaluate(() => Math.round(document.querySelector('.table-wrap')!.getBoundingClientRect().width * devicePixelRatio));
    await waitFor(async () => (await canvasStats(page)).width === (await wrapWidth()), 'canvas at the new width', 10_000);
    expect(await wrapWidth()).toBeGreaterThan(375);
    expect((await canvasStats(page)).colours).toBeGreaterThan(50);
    await page.close();
  });
});
