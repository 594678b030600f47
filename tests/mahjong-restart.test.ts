import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { useTempDirs, waitFor } from '../shared/src/testing';
import { createApp } from '../mahjong/src/app';
import { HeuristicAgent } from '../mahjong/src/engine/ai';
import { gameToken, launchBrowser, screenshot } from '../mahjong/test/web/browser';

// Issue #27 §2: games survive a restart. A real `mahjong serve` keeps its games in progress in
// sessions.sqlite; it is killed with -9 in the middle of a game and started again on the same
// port and data directory; the page (real Chromium) reconnects to the same game and finishes it
// by clicking, and the record equals the same game played on a server that never stopped.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../mahjong/src/cli/index.ts');
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
});

interface Server { base: string; proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'> }

async function serve(dir: string, port: number): Promise<Server> {
  const proc = Bun.spawn(['bun', CLI, 'serve', '--port', String(port)], {
    env: { ...process.env, MAHJONG_DIR: dir, NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
  });
  let text = '';
  const reader = proc.stdout.getReader();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !/listening on http/.test(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  void proc.stdout.pipeTo(new WritableStream()).catch(() => undefined);
  const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
  if (!found) throw new Error(`mahjong serve did not start:\n${text}\n${await new Response(proc.stderr).text()}`);
  return { base: found, proc };
}

const mj = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;
const noticeShown = (page: Page) => page.evaluate(() => {
  const box = document.getElementById('conn-lost');
  return !!box && !box.hidden && box.getBoundingClientRect().width > 0;
});

/** What the page can do now: a result to dismiss, the end, or seat 0's decision with tile and button positions. */
const look = (page: Page) => mj(page, `(() => {
  const vis = (id) => { const e = document.getElementById(id); return e && e.offsetParent !== null ? e : null; };
  const at = (e) => { const b = e.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; };
  if (vis('final-new')) return { done: true };
  if (vis('gone-new')) return { gone: true };
  if (vis('result-ok')) return { result: at(vis('result-ok')) };
  if (document.querySelector('.overlay')) return null;
  const ui = window.__mj, s = ui.state;
  if (!s || s.turn !== 0 || ui.busy || ui.drawn !== s || !(s.valid_actions || []).length || (ui.es && !ui.es.open)) return null;
  const r = document.getElementById('table').getBoundingClientRect();
  const tiles = ui.hits.map((h) => ({ action: MJ.discardIndex(h.tile), x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2 }));
  const buttons = [...document.querySelectorAll('#actions button')].map((b) => ({ action: Number(b.dataset.action), ...at(b) }));
  return { state: s, tiles, buttons, version: ui.version };
})()`);

/** Plays seat 0 by clicking (the heuristic chooses) until `stop` clicks were made or the game is over. */
async function playByClicks(page: Page, stop: number): Promise<{ clicks: number; done: boolean }> {
  const human = new HeuristicAgent();
  let clicks = 0;
  for (let guard = 0; guard < 5000 && clicks < stop; guard++) {
    const seen = await waitFor(() => look(page), 'something to do', 30_000);
    if (seen.gone) throw new Error('the page says the game is gone');
    if (seen.done) return { clicks, done: true };
    if (seen.result) { await page.mouse.click(seen.result.x, seen.result.y); continue; }
    const action = human.decide(seen.state);
    const target = seen.buttons.find((b: any) => b.action === action) ?? (action <= 36 ? [...seen.tiles].reverse().find((t: any) => t.action === action) : null);
    expect(target).toBeTruthy();
    await page.mouse.click(target.x, target.y);
    clicks++;
    await waitFor(() => mj(page, `window.__mj.version !== ${seen.version}`), 'the next state', 15_000);
  }
  return { clicks, done: false };
}

describe('a game in progress survives kill -9 of mahjong serve', () => {
  let server: Server | undefined;
  afterAll(async () => {
    if (server && server.proc.exitCode === null) { server.proc.kill('SIGTERM'); await server.proc.exited; }
  });

  it('the page resumes the same game after the restart and finishes it; the record equals the game played without one', async () => {
    const dir = temp.make('mj-restart-');
    server = await serve(dir, 0);
    const port = Number(new URL(server.base).port);
    const base = server.base;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/?anim=0`);
    await page.selectOption('#ai-kind', 'heuristic');
    await page.fill('#seed', '31');
    await page.selectOption('#length', '0');
    await page.click('#start-game');
    const id: string = await waitFor(() => mj(page, 'window.__mj.session'), 'session', 15_000);
    const token = await gameToken(context, id);
    const first = await playByClicks(page, 12);
    expect(first.done).toBe(false);
    const headers = { 'x-session-token': token };
    const before = await (await fetch(`${base}/api/game/${id}/state`, { headers })).json() as any;

    // kill -9: no chance to save anything more; then the same port and data directory again.
    server.proc.kill('SIGKILL');
    await server.proc.exited;
    await waitFor(() => noticeShown(page), 'the connection-lost notice', 15_000);
    server = await serve(dir, port);
    const after = await (await fetch(`${base}/api/game/${id}/state`, { headers })).json() as any;
    expect(JSON.stringify(after.players)).toBe(JSON.stringify(before.players));
    await waitFor(async () => !(await noticeShown(page)), 'the page reconnected', 30_000);
    expect(await page.isVisible('#gone-new')).toBe(false);
    await screenshot(page, 'restart-resumed');
    // A reload after the restart: the page holds nothing but the game's HttpOnly cookie (the same
    // token whose hash sessions.sqlite keeps), and it opens the seat again.
    await page.reload();
    await waitFor(() => mj(page, `(() => { const s = window.__mj.state; return window.__mj.session === '${id}' && !!s && s.players[0].hand.length > 0; })()`), 'the game after a reload', 15_000);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)).not.toContain(token);

    // The page finishes the game on the restarted server.
    const rest = await playByClicks(page, 5000);
    expect(rest.done).toBe(true);
    expect(errors).toEqual([]);
    const record = await (await fetch(`${base}/api/game/${id}/mjlog`, { headers })).text();
    const steps = (await (await fetch(`${base}/api/game/${id}/log`, { headers })).text()).trim().split('\n').map((l) => JSON.parse(l));
    await page.close();

    // The same seed and the same human moves on a server that never stopped.
    const ref = createApp();
    try {
      const call = async (path: string, body?: unknown, h: Record<string, string> = {}) => {
        const res = await ref.handle(new Request(`http://localhost${path}`, body === undefined ? { headers: h } : { method: 'POST', headers: { 'content-type': 'application/json', ...h }, body: JSON.stringify(body) }));
        return { status: res.status, text: await res.text() };
      };
      const g = JSON.parse((await call('/api/game/new', { mode: 'human_ai', seed: 31, max_round: 0, ai_model: 'heuristic', auto: { win: false, no_calls: false, pass: false } })).text);
      const h = { 'x-session-token': g.token };
      for (const s of steps.filter((s) => s.by === 'human')) {
        expect((await call(`/api/game/${g.session_id}/action`, { player_id: 0, action_idx: s.action }, h)).status).toBe(200);
      }
      expect((await call(`/api/game/${g.session_id}/mjlog`, undefined, h)).text).toBe(record);
    } finally {
      await ref.decorator.games.close();
    }
  }, 240_000);
});
