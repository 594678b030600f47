import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../shared/src/logger';
import { useTempDirs, waitFor } from '../shared/src/testing';
import { createApp } from '../mahjong/src/app';
import { parseLogText } from '../mahjong/src/formats';
import { memoryBackend } from '../mahjong/src/modules/backend/memory';
import { SqliteGameStore } from '../mahjong/src/modules/backend/sqlite';
import { gameToken, launchBrowser, screenshot } from '../mahjong/test/web/browser';

// The history page in Debian's chromium: a server storing finished games in SQLite, games the
// browser played (their tokens in its HttpOnly cookies) listed with a replay link and downloads.
const temp = useTempDirs(afterAll);
const ADMIN = 'history-browser-admin-token';
const store = new SqliteGameStore(join(temp.make('mj-history-'), 'games.sqlite'));
const app = createApp({ adminToken: ADMIN, log: createLogger('mahjong', -999), backend: memoryBackend(undefined, store) }).listen({ hostname: '127.0.0.1', port: 0 });
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

/** Plays a human_ai game to its end from inside the page, through the pages' own api() (the game's cookie goes along). */
async function playInPage(page: Page, seed: number): Promise<string> {
  return page.evaluate(async (seed) => {
    const MJ = (window as any).MJ;
    const g = await MJ.api('/api/game/new', { mode: 'human_ai', ai_model: 'random', seed, max_round: 0 });
    let state = g.state;
    for (let i = 0; i < 1000 && !state.game.finished; i++) {
      const v = state.valid_actions;
      const action = v.includes(50) ? 50 : v.includes(49) ? 49 : v[0];
      state = (await MJ.api(`/api/game/${g.session_id}/action`, { player_id: 0, action_idx: action })).state;
    }
    return g.session_id as string;
  }, seed);
}

describe('history page', () => {
  it('lists the browser\'s own finished games, replays one and downloads it in every format', async () => {
    // A game someone else played: not this browser's, so not listed (until the admin token is given).
    const other = await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: '4ai', seed: 2, max_round: 0, delay_ms: 0, ai_model: 'random' }) }).then((r) => r.json()) as any;
    const watch = await fetch(`${base}/api/game/${other.session_id}/events`);
    const reader = watch.body!.getReader();
    for (let text = ''; !text.includes('event: game_over');) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();

    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${base}/history`);
    await waitFor(() => page.textContent('#status').then((t) => t?.includes('No games yet')), 'the empty history', 10_000);
    const id = await playInPage(page, 11);
    await waitFor(async () => (await store.list({ owners: 'all' })).total === 2, 'both games stored', 10_000);

    // The date is the browser's own rendering of the finish time: pin its locale and zone to read it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setLocaleOverride', { locale: 'en-US' });
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Tokyo' });
    await page.reload();
    await page.waitForSelector(`tr[data-game="${id}"]`);
    expect(await page.$$eval('#games tbody tr', (rows) => rows.map((r) => r.getAttribute('data-game')))).toEqual([id]);
    const cells = await page.$$eval(`tr[data-game="${id}"] td`, (tds) => tds.map((td) => td.textContent ?? ''));
    const stored = (await store.get(id))!;
    expect(await page.textContent('#games thead th')).toBe('Date');
    // When the game finished, in the browser's locale and time zone (en-US, Tokyo: UTC+9, no DST).
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{1,2}):(\d{2}):(\d{2})\s(AM|PM)$/.exec(cells[0]!);
    expect(m).not.toBeNull();
    const tokyo = new Date(Date.parse(stored.finishedAt) + 9 * 3600_000);
    const [, mo, d, y, h, mi, sec, ampm] = m!;
    expect([Number(y), Number(mo), Number(d), (Number(h) % 12) + (ampm === 'PM' ? 12 : 0), Number(mi), Number(sec)])
      .toEqual([tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1, tokyo.getUTCDate(), tokyo.getUTCHours(), tokyo.getUTCMinutes(), tokyo.getUTCSeconds()]);
    expect(cells[1]).toStartWith('vs AI, East');
    // A seeded game says so (its walls follow the seed; never rated).
    expect(cells[1]).toContain('seeded practice (seed 11), not rated');
    expect(cells[2]).toBe('random, random, random');
    expect(cells[3]).toBe(['1st', '2nd', '3rd', '4th'][stored.placements[0]! - 1]!);
    expect(cells[4]).toContain(String(stored.scores[0]));
    expect(await page.textContent('#status')).toBe('1 game');
    expect((await screenshot(page, 'history')).colours).toBeGreaterThan(20);

    // A download: the browser saves the mjai file, and the formats module reads the same game.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`tr[data-game="${id}"] a.download-mjai`)]);
    const saved = join(temp.make('mj-download-'), 'game.jsonl');
    await download.saveAs(saved);
    expect(download.suggestedFilename()).toBe(`mahjong-${id}.jsonl`);
    const back = parseLogText(readFileSync(saved, 'utf8'));
    expect(back.format).toBe('mjai');
    expect(back.paipu.owari?.scores).toEqual(stored.scores);
    for (const format of ['xml', 'tenhou6']) {
      const href = (await page.getAttribute(`tr[data-game="${id}"] a.download-${format}`, 'href'))!;
      expect(href).not.toContain('token');
      // The link works with the browser's cookie only (this test process holds none).
      expect(parseLogText(await page.evaluate((h) => fetch(h).then((r) => r.text()), href)).format).toBe(format as any);
      expect((await fetch(`${base}${href}`)).status).toBe(401);
    }

    // Replay: the link opens the replay page on this game, even once its session is gone.
    await page.evaluate(async (id) => (window as any).MJ.api(`/api/game/${id}`, undefined, 'DELETE'), id);
    const consoleErrors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    await page.click(`tr[data-game="${id}"] a.replay-link`);
    await page.waitForURL(/\/replay\?game=/);
    await waitFor(() => page.textContent('#status').then((t) => /steps, \d+ hands/.test(t ?? '')), 'the replay loaded', 15_000);
    expect(await page.textContent('#status')).toContain(`${stored.hands} hands`);
    await screenshot(page, 'history-replay');

    // Review: the link opens the replay with its review panel, at the human seat's first mistake
    // when there is one; the stored game's review is served with the game's token only.
    await page.goto(`${base}/history`);
    await page.waitForSelector(`tr[data-game="${id}"] a.review-link`);
    const reviewHref = (await page.getAttribute(`tr[data-game="${id}"] a.review-link`, 'href'))!;
    expect(reviewHref).toContain('review=1');
    expect(reviewHref).not.toContain('token');
    const api = await fetch(`${base}/api/games/${id}/review`, { headers: { 'x-session-token': await gameToken(context, id) } });
    expect(api.status).toBe(200);
    const report = await api.json() as { summary: { seat: number; decisions: number }[]; decisions: { seat: number; step: number; severity: string }[] };
    expect(report.summary.map((x) => x.seat)).toEqual([0, 1, 2, 3]);
    expect(report.summary[0]!.decisions).toBeGreaterThan(0);
    expect((await fetch(`${base}/api/games/${id}/review`)).status).toBe(401);
    await page.click(`tr[data-game="${id}"] a.review-link`);
    await page.waitForURL(/review=1/);
    await waitFor(() => page.evaluate(() => !!(window as any).__mjReview.report), 'the review', 30_000);
    const first = report.decisions.find((x) => x.seat === 0 && x.severity !== 'none');
    if (first) await waitFor(async () => (await page.textContent('#counter'))!.startsWith(`${first.step + 1} /`), 'the first mistake', 10_000);
    expect(await page.$$eval('#review tr[data-seat]', (rows) => rows.length)).toBe(4);
    // Neither link asks for what the browser may no longer read (the play cookie went with the session).
    expect(consoleErrors).toEqual([]);

    // The admin token shows every game.
    await page.goto(`${base}/history`);
    await page.click('#admin summary');
    await page.fill('#admin-token', ADMIN);
    await page.click('#admin-save');
    await waitFor(() => page.$$('#games tbody tr').then((rows) => rows.length === 2), 'both games for the admin', 10_000);
    expect(await page.textContent('#status')).toBe('2 games (admin: every game)');
    expect(await page.textContent(`tr[data-game="${other.session_id}"] td:nth-child(4)`)).toMatch(/^1st: random \((East|South|West|North)\)$/);
    await page.close();
  }, 60_000);

  it('says why when the server keeps no games', async () => {
    const off = createApp({ log: createLogger('mahjong', -999) }).listen({ hostname: '127.0.0.1', port: 0 });
    try {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${off.server!.port}/history`);
      await page.evaluate(() => localStorage.setItem('mj-token:x', 'y'));
      await page.reload();
      await waitFor(() => page.textContent('#status').then((t) => t?.includes('--no-store')), 'the message', 10_000);
      await page.close();
    } finally {
      await off.stop(true);
    }
  });
});
