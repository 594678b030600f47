import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createServer, connect, type Socket } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { HeuristicAgent } from '../mahjong/src/engine/ai';
import { faceShare, gameToken, launchBrowser, screenshot } from '../mahjong/test/web/browser';
import { waitFor } from '../shared/src/testing';

// The play and battle pages of issue #14 §1, in Chromium on a real server: results, seat plates,
// the automatic play, the table's layout, reconnection and the language. Deterministic games come
// from seeds (found by playing them: heuristic AIs, East only):
// - human_ai seed 13, the human on auto-win + auto-pass: hand 1 an exhaustive draw with P1 and P2
//   tenpai; hand 2 P1's (the dealer's) riichi tsumo with 1 honba and 3 riichi sticks, ura dora;
// - human_ai seed 1, same: hand 1 P2 makes an added kan and wins by tsumo with it;
// - human_ai seed 14, the human played by the heuristic through clicks: tenpai and riichi at its
//   8th decision, a pon offered at the 13th and taken later, furiten at the 43rd;
// - 4ai seed 13: hand 1 an exhaustive draw with P2 and P3 tenpai.
const ADMIN = { 'x-session-token': 'table-test-admin-token' };
const app = createApp({ adminToken: ADMIN['x-session-token'] }).listen({ hostname: '127.0.0.1', port: 0 });
const port = app.server!.port!;
const base = `http://127.0.0.1:${port}`;
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

/** A page at `path` of `origin` with the language and automatic-play choices of earlier tests forgotten. */
async function freshPage(path: string, size = { width: 1440, height: 900 }, origin = base): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.setViewportSize(size);
  await page.goto(`${origin}/api/health`);
  await page.evaluate(() => { localStorage.removeItem('mj-lang'); localStorage.removeItem('mj-auto'); });
  await page.goto(`${origin}${path}`);
  return page;
}

/** Starts a human_ai game from the page's dialog. */
async function startHuman(page: Page, seed: number, ai = 'heuristic'): Promise<string> {
  await page.waitForSelector('#start-game');
  await page.selectOption('#ai-kind', ai);
  await page.fill('#seed', String(seed));
  await page.selectOption('#length', '0');
  await page.click('#start-game');
  await waitFor(() => mj(page, 'window.__mj.state && window.__mj.hits.length >= 13'), 'the first state drawn', 15_000);
  return mj(page, 'window.__mj.session');
}

/** Share of the canvas pixels in a rect (CSS px) close to an RGB colour. */
function colourShare(page: Page, r: { x: number; y: number; w: number; h: number }, rgb: [number, number, number], tol = 30): Promise<number> {
  return page.evaluate(({ r, rgb, tol }) => {
    const c = document.getElementById('table') as HTMLCanvasElement;
    const k = c.width / c.getBoundingClientRect().width;
    const d = c.getContext('2d')!.getImageData(Math.round(r.x * k), Math.round(r.y * k), Math.max(1, Math.round(r.w * k)), Math.max(1, Math.round(r.h * k))).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i]! - rgb[0]) < tol && Math.abs(d[i + 1]! - rgb[1]) < tol && Math.abs(d[i + 2]! - rgb[2]) < tol) n++;
    return n / (d.length / 4);
  }, { r, rgb, tol });
}

describe('hand results on the play page', () => {
  it('shows an exhaustive draw with the tenpai hands face up on the table and in the dialog, then a win with indicators, yaku, han/fu and the tsumo split with honba and sticks', async () => {
    const page = await freshPage('/?anim=0');
    const session = await startHuman(page, 13);
    // The human plays itself from here: every event of the game reaches the page.
    await page.click('#auto-win');
    await page.click('#auto-pass');
    await page.waitForSelector('#result-ok', { timeout: 30_000 });
    const draw = await page.textContent('.dialog');
    expect(draw).toContain('Draw: exhaustive draw');
    expect(draw).toContain('Tenpai: P1 (South), P2 (West)');
    expect(await page.$$eval('.dialog .shown-hand', (els) => els.map((e) => (e as HTMLElement).dataset.seat))).toEqual(['1', '2']);
    // Scores before, the change and after, per seat.
    const rows = await page.$$eval('.dialog table.scores tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td,th')].map((c) => c.textContent)));
    expect(rows[0]).toEqual(['player', 'before', 'change', 'after']);
    expect(rows[2]).toEqual(['P1 (South)', '24000', '+1500', '25500']);
    // On the table: the tenpai hands face up and marked, the noten ones face down.
    await waitFor(() => mj(page, 'window.__mj.drawn === window.__mj.state && window.__mj.state.phase === 16'), 'the finished hand drawn', 5_000);
    const seats = await mj(page, 'MJTable.last.seats');
    expect(seats.map((s: any) => s.label)).toEqual(['noten', 'tenpai', 'tenpai', 'noten']);
    for (const seat of [1, 2]) for (const t of seats[seat].tiles.slice(0, 10)) expect(await faceShare(page, t)).toBeGreaterThan(0.3);
    for (const t of seats[3].tiles.slice(0, 10)) expect(await faceShare(page, t)).toBeLessThan(0.05);
    await screenshot(page, 'table-result-draw');

    await page.click('#result-ok');
    await waitFor(() => page.evaluate(() => document.querySelector('.dialog .win') !== null), 'the win', 30_000);
    const win = page.locator('.dialog .win').first();
    expect(await win.locator('h3').textContent()).toBe('P1 (East) wins by tsumo');
    expect(await win.locator('.payment').textContent()).toBe('Tsumo 1300 all +300 honba +3000 riichi sticks = 7200');
    expect(await win.locator('.points').textContent()).toBe('3 han 20 fu · 3900 points');
    expect(await win.locator('ul.yaku li').allTextContents()).toEqual(['Menzen tsumo — 1 han', 'Riichi — 1 han', 'Pinfu — 1 han']);
    // Dora and ura indicators as tiles; the winning tile apart and outlined after the hand.
    expect(await win.locator('.indicators.dora canvas').count()).toBe(1);
    expect(await win.locator('.indicators.ura canvas').count()).toBe(1);
    const tiles = JSON.parse((await win.locator('.hand canvas').getAttribute('data-tiles'))!);
    expect(tiles).toHaveLength(14);
    expect(tiles.at(-1).win).toBe(true);
    expect(tiles.at(-1).x - tiles.at(-2).x).toBeGreaterThan(26); // a gap before it
    // The riichi stick of the winner lies on the table as a stick: white with a red dot.
    await waitFor(() => mj(page, 'window.__mj.drawn === window.__mj.state && window.__mj.state.phase === 16'), 'the finished hand drawn', 5_000);
    const stick = (await mj(page, 'MJTable.last.seats'))[1].stick;
    expect(stick).toBeTruthy();
    expect(await colourShare(page, stick, [247, 244, 234], 20)).toBeGreaterThan(0.3);
    expect(await colourShare(page, { x: stick.x + stick.w / 2 - 2, y: stick.y + stick.h / 2 - 2, w: 4, h: 4 }, [214, 44, 26], 40)).toBeGreaterThan(0.3);
    await screenshot(page, 'table-result-win');
    const log = (await (await fetch(`${base}/api/game/${session}/log`)).text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(log.filter((l) => l.player === 0).every((l) => l.by === 'auto')).toBe(true);
    await page.close();
  }, 90_000);

  it('lays out a winning hand\'s added kan with the added tile on the sideways one, in the dialog and on the table', async () => {
    const page = await freshPage('/?anim=0');
    await startHuman(page, 1);
    await page.click('#auto-win');
    await page.click('#auto-pass');
    await waitFor(() => page.evaluate(() => document.querySelector('.dialog .win') !== null), 'the win', 30_000);
    const melds = JSON.parse((await page.locator('.dialog .win .hand canvas').getAttribute('data-melds'))!);
    const kakan = melds.find((m: any) => m.type === 'kakan');
    expect(kakan.rects).toHaveLength(4);
    const sideways = kakan.rects.filter((r: any) => r.sideways);
    expect(sideways).toHaveLength(2);
    const [called, added] = [sideways.find((r: any) => !r.added), sideways.find((r: any) => r.added)];
    expect(added.x).toBe(called.x);
    expect(added.y).toBeCloseTo(called.y - called.h, 5);
    // On the table too: P2's meld (the top seat) with the fourth tile stacked, not a fourth in the row.
    await waitFor(() => mj(page, 'window.__mj.drawn === window.__mj.state && window.__mj.state.phase === 16'), 'the finished hand drawn', 5_000);
    const table = (await mj(page, 'MJTable.last.seats'))[2].melds.find((m: any) => m.type === 'kakan');
    const [a, b] = table.rects.filter((r: any) => r.sideways);
    expect(Math.abs(a.x - b.x)).toBeLessThan(1);
    expect(Math.abs(a.y - b.y)).toBeCloseTo(a.h, 0);
    const xs = new Set(table.rects.map((r: any) => Math.round(r.x)));
    expect(xs.size).toBe(3); // three places in the row, not four
    await screenshot(page, 'table-result-kakan');
    await page.close();
  }, 60_000);
});

describe('the battle page at a hand\'s end', () => {
  it('shows the result in a panel over the table and turns the tenpai hands face up, while the game goes on', async () => {
    const page = await freshPage('/ai_battle?delay=30');
    await page.selectOption('#ai-kind', 'heuristic');
    await page.fill('#seed', '13');
    await page.selectOption('#length', '0');
    await page.selectOption('#follow', '2');
    // Slow down for the end of the first hand so that its last table stays up long enough to look
    // at: the page itself presses "Slow" as soon as it draws a state with two tiles left.
    await page.evaluate(`(() => { const t = setInterval(() => { const s = window.__mj.state; if (s && s.tiles_left <= 2) { clearInterval(t); document.getElementById('speed-slow').click(); } }, 5); })()`);
    await page.click('#start');
    await page.waitForSelector('#result-panel:not([hidden])', { timeout: 30_000 });
    const panel = await page.textContent('#result-panel');
    expect(panel).toContain('East 1');
    expect(panel).toContain('Tenpai: P2 (West), P3 (North)');
    expect(await page.$$eval('#result-panel .shown-hand', (els) => els.map((e) => (e as HTMLElement).dataset.seat))).toEqual(['2', '3']);
    const seats = await waitFor(() => mj(page, 'window.__mj.state.phase === 16 && MJTable.last.seats'), 'the finished hand drawn', 5_000);
    expect(seats.map((s: any) => s.label)).toEqual(['noten', 'noten', 'tenpai', 'tenpai']);
    // Following P2: P3's hand is turned face up for the result, P0 and P1 stay face down.
    for (const t of seats[3].tiles.slice(0, 8)) expect(await faceShare(page, t)).toBeGreaterThan(0.3);
    for (const t of seats[1].tiles.slice(0, 8)) expect(await faceShare(page, t)).toBeLessThan(0.05);
    await screenshot(page, 'table-battle-draw');
    await fetch(`${base}/api/game/${await mj(page, 'window.__mj.session')}`, { method: 'DELETE', headers: ADMIN });
    await page.close();
  }, 90_000);
});

describe('seats, automatic play and the call buttons on the play page', () => {
  it('names and marks each seat, shows waits and furiten, discards in riichi by itself, and puts the call buttons next to the hand', async () => {
    const page = await freshPage('/?anim=0');
    await startHuman(page, 14);
    // Plates: the human is "You", the AIs by name; East 1's dealer (P0) has the red wind.
    const plates = await mj(page, 'MJTable.last.plates');
    expect(plates.map((p: any) => p.text)).toEqual(['東 You 25000', '南 P1 heuristic 25000', '西 P2 heuristic 25000', '北 P3 heuristic 25000']);
    expect(plates.map((p: any) => p.dealer)).toEqual([true, false, false, false]);
    expect(await colourShare(page, plates[0].badge, [192, 57, 43])).toBeGreaterThan(0.4);
    expect(await colourShare(page, plates[1].badge, [192, 57, 43])).toBeLessThan(0.1);
    expect((await mj(page, 'MJTable.last.centre')).tilesLeft).toBe(`${await mj(page, 'window.__mj.state.tiles_left')} tiles left`);

    const human = new HeuristicAgent();
    const look = () => mj(page, `(() => {
      if (document.getElementById('result-ok')) return { dialog: true };
      if (document.querySelector('.overlay')) return null;
      const ui = window.__mj, s = ui.state;
      if (!s || s.turn !== 0 || ui.busy || ui.drawn !== s || !s.valid_actions.length) return null;
      const r = document.getElementById('table').getBoundingClientRect();
      const tiles = ui.hits.map((h) => ({ action: MJ.discardIndex(h.tile), x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2 }));
      const buttons = [...document.querySelectorAll('#actions button')].map((b) => { const x = b.getBoundingClientRect(); return { action: Number(b.dataset.action), x: x.left + x.width / 2, y: x.top + x.height / 2, box: { top: x.top - r.top, bottom: x.bottom - r.top, left: x.left - r.left, right: x.right - r.left } }; });
      const waits = document.getElementById('waits');
      return { state: s, tiles, buttons, version: ui.version, waits: waits.hidden ? null : JSON.parse(waits.dataset.kinds), furiten: !document.getElementById('furiten').hidden,
        me: MJTable.last.seats[0], handTop: MJTable.last.layout.handTop, autoMoves: ui.autoMoves || 0 };
    })()`);
    let sawWaits = 0, sawFuriten = false, callOffers = 0, afterCall = 0, riichiAsked = 0;
    let prevCall = false;
    for (let decisions = 0; decisions < 60; decisions++) {
      const seen = await waitFor(look, 'a decision', 20_000);
      if (seen.dialog) { await page.click('#result-ok'); continue; }
      const s = seen.state, me = s.players[0];
      // Waits of a tenpai hand and furiten, as the server tells them.
      if (me.waits.length) { expect(seen.waits).toEqual(me.waits); sawWaits++; }
      expect(seen.furiten).toBe(me.furiten);
      if (me.furiten && !sawFuriten) {
        sawFuriten = true;
        await screenshot(page, 'table-furiten');
      }
      // In riichi the server cuts each drawn tile: the page is asked only for a tsumo or a kan.
      if (me.riichi && s.phase === 0) { riichiAsked++; expect(s.valid_actions.some((a: number) => a === 50 || a === 45)).toBe(true); }
      // After a pon or chi the hand's last tile is not drawn apart as if drawn.
      if (prevCall) {
        afterCall++;
        expect(seen.me.drawnApart).toBe(false);
        const xs = seen.me.tiles.map((t: any) => t.x);
        const step = xs[1] - xs[0];
        for (let i = 2; i < xs.length; i++) expect(xs[i] - xs[i - 1]).toBeCloseTo(step, 3);
        if (afterCall === 1) await screenshot(page, 'table-after-pon');
      }
      // Call buttons sit just above the hand, within its width.
      const calls = seen.buttons.filter((b: any) => b.action >= 37 && b.action <= 44);
      if (calls.length) {
        callOffers++;
        for (const b of seen.buttons) {
          expect(b.box.bottom).toBeLessThanOrEqual(seen.handTop);
          expect(b.box.bottom).toBeGreaterThan(seen.handTop - 60);
          expect(b.box.right).toBeLessThanOrEqual(seen.me.row.x + seen.me.row.w + 2);
        }
        if (callOffers === 1) await screenshot(page, 'table-call-buttons');
      }
      const action = human.decide(s);
      prevCall = action >= 37 && action <= 44;
      const target = seen.buttons.find((b: any) => b.action === action) ?? (action <= 36 ? [...seen.tiles].reverse().find((t: any) => t.action === action) : null);
      expect(target).toBeTruthy();
      await page.mouse.click(target.x, target.y);
      await waitFor(() => mj(page, `window.__mj.version !== ${seen.version}`), 'the next state', 10_000);
    }
    expect(sawWaits).toBeGreaterThan(0);
    expect(sawFuriten).toBe(true);
    expect(callOffers).toBeGreaterThan(0);
    expect(afterCall).toBeGreaterThan(0);
    // The riichi discards came from the server as the human's automatic moves.
    expect(await mj(page, 'window.__mj.autoMoves || 0')).toBeGreaterThan(0);
    expect(riichiAsked).toBeLessThan(await mj(page, 'window.__mj.autoMoves'));
    await page.close();
  }, 150_000);

  it('keeps the toggles for the next game and sends them to the server; no-calls skips every call offer', async () => {
    const page = await freshPage('/?anim=0');
    const session = await startHuman(page, 14);
    await page.click('#no-calls');
    await waitFor(() => mj(page, 'window.__mj.auto.no_calls'), 'no-calls on', 5_000);
    // Seed 14 offers the human a pon at its 13th decision: with no-calls it is skipped by the server.
    const human = new HeuristicAgent();
    for (let i = 0; i < 24; i++) {
      const s = await waitFor(() => mj(page, '(() => { const u = window.__mj; if (document.getElementById("result-ok")) return "dialog"; return u.state && u.state.turn === 0 && !u.busy && u.drawn === u.state && !document.querySelector(".overlay") && u.state; })()'), 'a decision', 20_000);
      if (s === 'dialog') { await page.click('#result-ok'); continue; }
      expect(s.valid_actions.some((a: number) => a >= 37 && a <= 44)).toBe(false);
      const version = await mj(page, 'window.__mj.version');
      const r = await page.evaluate(() => document.getElementById('table')!.getBoundingClientRect());
      const action = human.decide(s);
      const hit = await mj(page, `window.__mj.hits.slice().reverse().find((h) => MJ.discardIndex(h.tile) === ${action})`);
      if (hit) await page.mouse.click(r.left + hit.x + hit.w / 2, r.top + hit.y + hit.h / 2);
      else await page.click(`#act-${action}`);
      await waitFor(() => mj(page, `window.__mj.version !== ${version}`), 'the next state', 10_000);
    }
    // The game goes on, so its log shows the human's own skips to the human's token only.
    const token = await gameToken(context, session);
    const log = (await (await fetch(`${base}/api/game/${session}/log`, { headers: { 'x-session-token': token } })).text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(log.some((l) => l.player === 0 && l.by === 'auto' && l.action === 53)).toBe(true);
    // The choice is kept: a reload (or the next game) starts with it on.
    await page.reload();
    await waitFor(() => mj(page, 'window.__mj.state'), 'the resumed game', 15_000);
    expect(await page.isChecked('#no-calls')).toBe(true);
    expect(await page.isChecked('#auto-pass')).toBe(false);
    await page.close();
  }, 90_000);
});

describe('the table uses the screen', () => {
  for (const [w, h, name] of [[1440, 900, 'desktop'], [390, 844, 'phone']] as const) {
    it(`spreads over the whole canvas of a ${w} × ${h} ${name}, the play and the battle page alike`, async () => {
      const page = await freshPage('/?anim=0', { width: w, height: h });
      await startHuman(page, 3, 'random');
      const check = async (tag: string) => {
        const info = await mj(page, 'MJTable.last');
        const { w: cw, h: ch } = info.canvas;
        const L = info.layout;
        // The play page keeps a strip above the hand for its toggles and call buttons.
        const strip = L.strip ? [{ x: 0, y: L.stripTop, w: cw, h: L.strip }] : [];
        const boxes = [info.field, ...info.seats.map((s: any) => s.row), ...strip];
        const minX = Math.min(...boxes.map((b: any) => b.x)), maxX = Math.max(...boxes.map((b: any) => b.x + b.w));
        const minY = Math.min(...boxes.map((b: any) => b.y)), maxY = Math.max(...boxes.map((b: any) => b.y + b.h));
        // Hands at the edges: at most 3 % of the width and 4 % of the height left over at each side.
        expect(minX).toBeLessThan(cw * 0.03);
        expect(maxX).toBeGreaterThan(cw * 0.97);
        expect(minY).toBeLessThan(ch * 0.04);
        expect(maxY).toBeGreaterThan(ch * 0.96);
        // The height in use: rows of the canvas crossed by the hands or the river field (was ~70 % on a phone).
        const spans = boxes.map((b: any) => [b.y, b.y + b.h]).sort((a: number[], b: number[]) => a[0]! - b[0]!);
        let used = 0, end = -1;
        for (const [a, b] of spans) { if (b! > end) { used += b! - Math.max(a!, end); end = b!; } }
        expect(used / ch).toBeGreaterThan(0.8);
        // The felt reaches the side margins the square table left empty.
        const felt = await colourShare(page, { x: 2, y: ch / 2 - 20, w: 3, h: 40 }, [0x16, 0x35, 0x2a], 8) + await faceShare(page, { x: 2, y: ch / 2 - 20, w: 3, h: 40 });
        expect(felt).toBeGreaterThan(0.3);
        await screenshot(page, `table-layout-${name}-${tag}`);
      };
      await check('play');
      // Tiles a finger can hit on the phone.
      expect(Math.min(...(await mj(page, 'window.__mj.hits')).map((t: any) => t.w))).toBeGreaterThanOrEqual(20);
      await page.goto(`${base}/ai_battle?delay=3000`);
      await page.selectOption('#ai-kind', 'random');
      await page.click('#start');
      await waitFor(() => mj(page, 'window.__mj.state && MJTable.last && MJTable.last.seats.length === 4'), 'battle table', 15_000);
      await check('battle');
      await fetch(`${base}/api/game/${await mj(page, 'window.__mj.session')}`, { method: 'DELETE', headers: ADMIN });
      await page.close();
    }, 60_000);
  }
});

describe('drawn tiles and kans on the table', () => {
  it('draws no drawn-tile gap after a call, and an added kan as a stacked pon', async () => {
    const page = await freshPage('/ai_battle');
    const out = await page.evaluate(() => {
      const W = window as any;
      const player = (seat: number, over: object) => ({ seat, wind: 'ESWN'[seat], is_oya: seat === 0, score: 25000, hand: 13, drawn: null, river: [], melds: [], riichi: false, furiten: false, waits: [], ...over });
      const pon = { type: 'pon', tiles: [108, 109, 110], called: 110, added: null, from: 3, m: 0 };
      const kakan = { type: 'kakan', tiles: [112, 113, 114, 115], called: 114, added: 115, from: 2, m: 0 };
      const state = {
        phase: 0, turn: 0, oya: 0, round_wind: 'East', honba: 0, kyotaku: 0, tiles_left: 50, dora: [1], ura_dora: [], viewer: 0,
        valid_actions: [], valid_actions_mask: [], riichi_stage2: false, riichi_tile: null, target: null, riichi_tiles: [], is_over: false, result: null,
        game: { scores: [25000, 25000, 25000, 25000], round: 0, round_label: 'East 1', hand_index: 0, max_round: 0, finished: false, log: [], owari: null },
        // P0 just called pon (11 tiles, no draw); P1 holds a drawn tile; P2 has an added kan.
        players: [player(0, { hand: [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40], melds: [pon] }), player(1, { hand: 14 }), player(2, { hand: 10, melds: [kakan] }), player(3, {})],
      };
      W.MJTable.draw(document.getElementById('table'), state, { viewer: 0, showAll: true, last: { player: 0, action: 43 } });
      return W.MJTable.last.seats;
    });
    expect(out[0].drawnApart).toBe(false);
    const xs = out[0].tiles.map((t: any) => t.x);
    for (let i = 1; i < xs.length; i++) expect(xs[i] - xs[i - 1]).toBeCloseTo(out[0].tiles[0].w, 3);
    expect(out[1].drawnApart).toBe(true); // a hidden hand that drew: its 14th tile apart
    const k = out[2].melds[0];
    const sideways = k.rects.filter((r: any) => r.sideways);
    expect(sideways).toHaveLength(2);
    expect(Math.abs(sideways[0].x - sideways[1].x)).toBeLessThan(1);
    expect(new Set(k.rects.map((r: any) => Math.round(r.x))).size).toBe(3);
    expect(await faceShare(page, sideways.find((r: any) => r.added))).toBeGreaterThan(0.3);
    await screenshot(page, 'table-kakan-and-pon');
    await page.close();
  });
});

/** A TCP relay to the server that can drop every connection and refuse new ones, as a lost network does. */
function relay(target: number) {
  let cut = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (cut) { client.destroy(); return; }
    const upstream = connect(target, '127.0.0.1');
    for (const s of [client, upstream]) { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => { client.destroy(); upstream.destroy(); }); }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    cut() { cut = true; for (const s of sockets) s.destroy(); },
    restore() { cut = false; },
    close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

describe('a lost connection', () => {
  it('says so, reconnects the event stream by itself and shows the game as the server has it', async () => {
    const net = relay(port);
    const origin = `http://127.0.0.1:${await net.listen()}`;
    const page = await freshPage('/?anim=0', { width: 1100, height: 800 }, origin);
    const session = await startHuman(page, 5, 'random');
    expect(await page.isHidden('#conn-lost')).toBe(true);
    net.cut();
    await waitFor(() => page.isVisible('#conn-lost'), 'the connection notice', 15_000);
    expect(await page.textContent('#conn-lost')).toBe('Connection lost — reconnecting…');
    await screenshot(page, 'table-connection-lost');
    // Meanwhile the game moves on (played straight on the server).
    const token = await gameToken(context, session);
    const before = await (await fetch(`${base}/api/game/${session}/state?for_player=0`, { headers: { 'x-session-token': token! } })).json() as any;
    const discard = before.valid_actions.find((a: number) => a <= 36);
    const moved = await (await fetch(`${base}/api/game/${session}/action`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-session-token': token! }, body: JSON.stringify({ player_id: 0, action_idx: discard }),
    })).json() as any;
    expect(moved.state.tiles_left).toBeLessThan(before.tiles_left);
    net.restore();
    // Back: the notice goes, and the page shows the server's table without a reload.
    await waitFor(() => mj(page, 'window.__mj.es.open'), 'reconnected', 20_000);
    await waitFor(() => page.isHidden('#conn-lost'), 'the notice gone', 5_000);
    await waitFor(async () => (await mj(page, 'window.__mj.state.tiles_left')) === moved.state.tiles_left, 'the resynchronised table', 10_000);
    expect(await mj(page, 'window.__mj.state.players[0].hand')).toEqual(moved.state.players[0].hand);
    expect(await mj(page, 'window.__mj.es.open')).toBe(true);
    await screenshot(page, 'table-reconnected');
    await page.close();
    await net.close();
  }, 60_000);
});

describe('language', () => {
  it('names tiles, yaku, calls and the table in Japanese or Chinese when chosen, and keeps the choice', async () => {
    const page = await freshPage('/?anim=0');
    await startHuman(page, 13);
    expect(await page.inputValue('#lang')).toBe('en');
    expect((await mj(page, 'MJTable.last.centre')).round).toBe('East 1');
    await page.selectOption('#lang', 'ja');
    await waitFor(async () => (await mj(page, 'MJTable.last.centre')).round === '東1局', 'the table in Japanese', 5_000);
    expect((await mj(page, 'MJTable.last.centre')).tilesLeft).toMatch(/^残り \d+ 枚$/);
    expect(await page.textContent('#auto-win + span')).toBe('自動和了');
    expect(await page.evaluate(() => (window as any).MJ.actionName(43))).toBe('ポン');
    // A hand result in Japanese: yaku and limits by their Japanese names.
    await page.click('#auto-win');
    await page.click('#auto-pass');
    await page.waitForSelector('#result-ok', { timeout: 30_000 });
    expect(await page.textContent('.dialog h3')).toBe('流局: 流局');
    await page.click('#result-ok');
    await waitFor(() => page.evaluate(() => document.querySelector('.dialog .win') !== null), 'the win', 30_000);
    const text = await page.textContent('.dialog .win');
    expect(text).toContain('立直 1飜');
    expect(text).toContain('ツモ 1300オール');
    await screenshot(page, 'table-lang-ja');
    // Kept over a reload; Chinese on request.
    await page.reload();
    await waitFor(() => mj(page, 'window.__mj.state'), 'the resumed game', 15_000);
    expect(await page.inputValue('#lang')).toBe('ja');
    await page.selectOption('#lang', 'zh');
    await waitFor(async () => /^东\d局$/.test((await mj(page, 'MJTable.last.centre')).round), 'the table in Chinese', 5_000);
    expect(await page.evaluate(() => (window as any).MJI18n.tileName(52))).toBe('红5筒');
    await screenshot(page, 'table-lang-zh');
    await page.evaluate(() => localStorage.removeItem('mj-lang'));
    await page.close();
  }, 90_000);
});
