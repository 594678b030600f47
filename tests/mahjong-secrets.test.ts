import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { createLogger } from '../shared/src/logger';
import { useTempDirs, waitFor } from '../shared/src/testing';
import { createApp } from '../mahjong/src/app';
import { memoryBackend } from '../mahjong/src/modules/backend/memory';
import { SqliteGameStore } from '../mahjong/src/modules/backend/sqlite';
import { gameToken, launchBrowser } from '../mahjong/test/web/browser';

// README, "Security model": a seat's token never reaches the browser's storage, a script, a URL
// or the server's log. Real Chromium plays a game on the human-vs-AI page, reloads it, downloads
// it, opens the history and the replay; then everything the browser kept and requested is searched
// for the token. A page of another origin on the same host (another loopback port: the same
// "site", so SameSite=Strict still sends the cookie) tries to act with it and is refused.
const temp = useTempDirs(afterAll);
const logged: string[] = [];
const log = createLogger('mahjong', 999);
log.setReporters([{ log: (entry) => { logged.push(JSON.stringify(entry.args)); } }]);
const store = new SqliteGameStore(join(temp.make('mj-secrets-'), 'games.sqlite'));
const app = createApp({ log, backend: memoryBackend(undefined, store) }).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
// The other origin: a page of its own, nothing else.
const evil = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('<!doctype html><title>elsewhere</title><p>elsewhere</p>', { headers: { 'content-type': 'text/html' } }) });
const evilBase = `http://127.0.0.1:${evil.port}`;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

/** Every URL the browser asked for, every redirect target and Referer it sent. */
const urls: string[] = [];

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
  context.on('request', (r) => { urls.push(r.url()); const ref = r.headers()['referer']; if (ref) urls.push(ref); });
  context.on('response', (r) => { const to = r.headers()['location']; if (to) urls.push(to); });
});
afterAll(async () => {
  await closeBrowser?.();
  await app.stop(true);
  evil.stop(true);
});

const mj = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;

/** Everything scripts of the page's origin can read: both storages, the cookies, IndexedDB's names, every link. */
const readable = (page: Page) => page.evaluate(async () => JSON.stringify({
  local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie,
  idb: (await indexedDB.databases()).map((d) => d.name),
  links: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href), url: location.href,
}));

/** Plays seat 0 through the page's own api() (the cookie goes along) for `steps` decisions or to the end. */
const play = (page: Page, id: string, steps: number) => page.evaluate(async ({ id, steps }) => {
  const MJ = (window as any).MJ;
  let state = await MJ.api(`/api/game/${id}/state?for_player=0`);
  for (let i = 0; i < steps && !state.game.finished; i++) {
    const v: number[] = state.valid_actions;
    if (!v.length) { await new Promise((r) => setTimeout(r, 10)); state = await MJ.api(`/api/game/${id}/state?for_player=0`); continue; }
    const action = v.includes(50) ? 50 : v.includes(49) ? 49 : v[0];
    state = (await MJ.api(`/api/game/${id}/action`, { player_id: 0, action_idx: action })).state;
  }
  return !!state.game.finished;
}, { id, steps });

const steps = async (id: string, token: string) => (await (await fetch(`${base}/api/game/${id}/log`, { headers: { 'x-session-token': token } })).text()).trim().split('\n').length;

describe('seat tokens in the browser', () => {
  it('never reach storage, scripts, URLs or the log; a reload resumes the game; downloads, history and replay work with the cookie', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/?anim=0`);
    await page.selectOption('#ai-kind', 'random');
    await page.fill('#seed', '7');
    await page.selectOption('#length', '0');
    await page.click('#start-game');
    const id: string = await waitFor(() => mj(page, 'window.__mj.session'), 'the game', 15_000);
    const token = await gameToken(context, id);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // Two cookies of the game, both out of scripts' reach and other sites' requests: its own API path and the history's.
    const jar = (await context.cookies()).filter((c) => c.name === `mj_game_${id}`);
    expect(jar.map((c) => c.path).sort()).toEqual([`/api/game/${id}`, '/api/games']);
    for (const c of jar) expect([c.httpOnly, c.sameSite, c.value]).toEqual([true, 'Strict', token]);

    expect(await play(page, id, 6)).toBe(false);
    const before = await steps(id, token);

    // A reload of /?session=<id> takes the game up again, the seat's hand included (the cookie is all it has).
    expect(page.url()).toContain(`session=${id}`);
    await page.reload();
    await waitFor(() => mj(page, `(() => { const s = window.__mj.state; return window.__mj.session === '${id}' && !!s && s.players[0].hand.length > 0; })()`), 'the resumed game with its hand', 15_000);
    expect(await page.isVisible('#gone-new')).toBe(false);
    expect(await steps(id, token)).toBe(before);

    expect(await play(page, id, 2000)).toBe(true);
    // Each hand's result is dismissed until the game-over dialog shows its download links.
    await waitFor(async () => {
      if (await page.isVisible('#result-ok')) await page.click('#result-ok').catch(() => undefined);
      return page.isVisible('#download-xml');
    }, 'the game-over dialog', 30_000);
    // The game-over link downloads through the cookie.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-xml')]);
    const saved = join(temp.make('mj-secrets-dl-'), 'game.xml');
    await download.saveAs(saved);
    expect(await Bun.file(saved).text()).toStartWith('<mjloggm');
    const seen = [await readable(page)];

    // The history lists it (its cookie for /api/games); its download and replay work the same way.
    await store.list({ owners: 'all' });
    await waitFor(async () => (await store.get(id)) !== null, 'the stored game', 10_000);
    await page.goto(`${base}/history`);
    await page.waitForSelector(`tr[data-game="${id}"]`, { timeout: 10_000 });
    const [mjai] = await Promise.all([page.waitForEvent('download'), page.click(`tr[data-game="${id}"] a.download-mjai`)]);
    expect(mjai.suggestedFilename()).toBe(`mahjong-${id}.jsonl`);
    seen.push(await readable(page));
    await page.click(`tr[data-game="${id}"] a.replay-link`);
    await waitFor(() => page.textContent('#status').then((t) => /steps, \d+ hands/.test(t ?? '')), 'the replay', 15_000);
    seen.push(await readable(page));

    for (const text of [...seen, ...urls, ...logged]) expect(text).not.toContain(token);
    // (what was searched: the stream, the history's list, the replay's record among them)
    for (const part of [`/api/game/${id}/events`, '/api/games?limit=', `/api/games/${id}/export?format=xml`]) expect(urls.some((u) => u.includes(part))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('a page of another origin on the same host cannot act with the cookies: game and room', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/?anim=0`);
    const g = await page.evaluate(() => (window as any).MJ.api('/api/game/new', { mode: 'human_ai', ai_model: 'random', seed: 3, max_round: 0 }));
    const token = await gameToken(context, g.session_id);
    const room = await page.evaluate(() => fetch('/api/rooms', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ann', max_round: 0 }) }).then((r) => r.json()));
    const seat = (await context.cookies()).find((c) => c.name === `mj_seat_${room.room.room_id}`)!;
    expect(seat.httpOnly).toBe(true);
    // A second player (an API client), so the creator could start the room.
    expect((await fetch(`${base}/api/rooms/${room.room.room_id}/seats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bob' }) })).status).toBe(200);
    const before = await steps(g.session_id, token);

    const other = await context.newPage();
    const answers: Response[] = [];
    other.on('response', (r) => { if (r.url().startsWith(base)) answers.push(r); });
    await other.goto(evilBase);
    const action = g.state.valid_actions[0];
    await other.evaluate(async ({ base, id, action, room }) => {
      const opaque = { mode: 'no-cors' as const, credentials: 'include' as const };
      // What a page may send anywhere without asking (no preflight): a "simple" POST, as a form would.
      await fetch(`${base}/api/game/${id}/action`, { ...opaque, method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ player_id: 0, action_idx: action }) }).catch(() => null);
      await fetch(`${base}/api/rooms/${room}/start`, { ...opaque, method: 'POST' }).catch(() => null);
      // A read of the seat's view, sent with the cookie (CORS would hide the answer; the server does not even give it).
      await fetch(`${base}/api/game/${id}/state?for_player=0`, opaque).catch(() => null);
    }, { base, id: g.session_id, action, room: room.room.room_id });
    await waitFor(() => answers.length >= 3, 'the three answers', 10_000);
    // Nothing changed: the game has the same steps, the room has not started.
    expect(await steps(g.session_id, token)).toBe(before);
    const view = await (await fetch(`${base}/api/rooms/${room.room.room_id}`)).json() as { status: string };
    expect(view.status).toBe('open');
    // Refused for where they came from (the action's text body alone would not have done; a bodiless POST would).
    const status = (part: string) => answers.find((r) => r.url().includes(part))!.status();
    expect(status('/start')).toBe(403);
    expect(status('/action')).toBe(403);
    expect(status('/state')).toBe(401);
    // Nor can it lay the play page under its own to steer the player's clicks: the page refuses to be framed.
    await other.evaluate((url) => new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.onload = resolve;
      frame.src = url;
      document.body.append(frame);
    }), `${base}/?session=${g.session_id}`);
    const framed = other.frames().find((f) => f !== other.mainFrame())!;
    expect(await framed.evaluate(() => !!document.getElementById('table')).catch(() => false)).toBe(false);
    // The same requests from the game's own origin do act.
    expect(await page.evaluate((id) => fetch(`/api/game/${id}/state?for_player=0`).then((r) => r.status), g.session_id)).toBe(200);
    expect(await page.evaluate((room) => fetch(`/api/rooms/${room}/start`, { method: 'POST' }).then((r) => r.status), room.room.room_id)).toBe(200);
    await other.close();
    await page.close();
  }, 60_000);

  it('a token an earlier version kept in localStorage moves into the cookies and leaves the storage; the game resumes', async () => {
    const g = await (await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'human_ai', ai_model: 'random', seed: 9, max_round: 0 }) })).json() as any;
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    await page.evaluate(({ id, token }) => { localStorage.setItem(`mj-token:${id}`, token); localStorage.setItem('mj-admin-token', 'old-admin'); }, { id: g.session_id, token: g.token });
    await page.goto(`${base}/?session=${g.session_id}&anim=0`);
    await waitFor(() => mj(page, `(() => { const s = window.__mj.state; return window.__mj.session === '${g.session_id}' && !!s && s.players[0].hand.length > 0; })()`), 'the game with its hand', 15_000);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/mj-token|mj-admin-token|old-admin/);
    expect(await gameToken(context, g.session_id)).toBe(g.token);
    expect(await page.evaluate(() => document.cookie)).not.toContain(g.token);
    await page.close();
  }, 30_000);

  it('refuses a token in a URL, and keeps the header for API clients', async () => {
    const g = await (await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'human_ai', ai_model: 'random', seed: 4, max_round: 0 }) })).json() as any;
    const res = await fetch(`${base}/api/game/${g.session_id}/state?for_player=0&token=${g.token}`);
    expect(res.status).toBe(400);
    expect((await res.json() as any).code).toBe('TOKEN_IN_URL');
    expect((await fetch(`${base}/api/game/${g.session_id}/state?for_player=0`, { headers: { 'x-session-token': g.token } })).status).toBe(200);
    expect((await fetch(`${base}/api/game/${g.session_id}/state?for_player=0`, { headers: { authorization: `Bearer ${g.token}` } })).status).toBe(200);
    // A cookie from a request that says it comes from another site is not the player's.
    const cookie = `mj_game_${g.session_id}=${g.token}`;
    expect((await fetch(`${base}/api/game/${g.session_id}/state?for_player=0`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${base}/api/game/${g.session_id}/state?for_player=0`, { headers: { cookie, 'sec-fetch-site': 'same-site' } })).status).toBe(401);
  });
});
