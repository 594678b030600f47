import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { useTempDirs, waitFor } from '../shared/src/testing';
import { createApp } from '../mahjong/src/app';
import { gameToken, launchBrowser, screenshot } from '../mahjong/test/web/browser';
import { startRedis, type RunningRedis } from '../mahjong/test/support/redis-server';

// A lost event stream (issue #14 §1): the play and battle pages show a notice, reconnect with
// backoff, read the state again and hide the notice; a game that is gone meanwhile breaks nothing.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../mahjong/src/cli/index.ts');
const EVENTS = '**/api/game/*/events*';
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
});

const mj = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;
const noticeShown = (page: Page) => page.evaluate(() => {
  const box = document.getElementById('conn-lost');
  // (a fixed element has no offsetParent: its box says whether it is drawn)
  return !!box && !box.hidden && box.getBoundingClientRect().width > 0;
});
const tokenOf = (page: Page, id: string) => gameToken(page.context(), id);
/** What both sides must agree on: everything on the table. */
const table = (s: any) => JSON.stringify({ turn: s.turn, phase: s.phase, tiles_left: s.tiles_left, players: s.players, dora: s.dora, scores: s.game.scores });

describe('battle page, stream dropped by the server', () => {
  const app = createApp().listen({ hostname: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${app.server!.port}`;
  afterAll(async () => {
    app.decorator.games.close();
    await app.stop(true);
  });

  it('shows the notice while the stream is down, resumes the game after it, and says so when the game is gone', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/ai_battle?delay=150`);
    await page.selectOption('#ai-kind', 'random');
    await page.fill('#seed', '7');
    await page.selectOption('#length', '0');
    await page.click('#start');
    const id: string = await waitFor(() => mj(page, 'window.__mj.session'), 'session', 15_000);
    await waitFor(() => mj(page, 'window.__mj.es && window.__mj.es.open && window.__mj.state.tiles_left < 68'), 'the game running', 15_000);
    expect(await noticeShown(page)).toBe(false);

    // New streams are refused and the open one is ended from the server side.
    await page.route(EVENTS, (route) => route.abort('connectionrefused'));
    app.decorator.games.closeStreams();
    await waitFor(() => noticeShown(page), 'the notice', 10_000);
    expect(await page.textContent('#conn-lost')).toBe('Connection lost — reconnecting…');
    await screenshot(page, 'reconnect-battle-lost');
    // Nobody watches a 4ai game meanwhile, so it waits; the page has read its state again.
    const paused = await waitFor(() => mj(page, 'window.__mj.state.tiles_left'), 'state', 5_000);
    await page.unroute(EVENTS);
    await waitFor(async () => !(await noticeShown(page)), 'the notice hidden', 20_000);
    expect(await mj(page, 'window.__mj.es.open')).toBe(true);
    // The game goes on over the new stream.
    await waitFor(() => mj(page, `window.__mj.state.tiles_left < ${paused} || window.__mj.state.phase === 16`), 'actions after reconnecting', 15_000);

    // The game ends (deleted) while the page is cut off: the notice goes, the status says why.
    await page.route(EVENTS, (route) => route.abort('connectionrefused'));
    const token = await tokenOf(page, id);
    expect((await fetch(`${base}/api/game/${id}`, { method: 'DELETE', headers: { 'x-session-token': token! } })).status).toBe(200);
    await waitFor(async () => (await page.textContent('#status')) === 'That game is no longer on the server', 'the game reported gone', 20_000);
    expect(await noticeShown(page)).toBe(false);
    await page.unroute(EVENTS);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});

interface Server { base: string; proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'> }

/** A real `mahjong serve` child (its own MAHJONG_DIR), on `port` (0 = any). */
async function serve(port: number, redisUrl?: string): Promise<Server> {
  const proc = Bun.spawn(['bun', CLI, 'serve', '--port', String(port), ...(redisUrl ? ['--redis', redisUrl] : [])], {
    env: { ...process.env, MAHJONG_DIR: temp.make('mj-reconnect-'), NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
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

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.proc.exitCode !== null) return;
  server.proc.kill('SIGTERM');
  await server.proc.exited;
}

describe('play page, server restarted', () => {
  let redis: RunningRedis;
  let server: Server | undefined;
  beforeAll(async () => {
    redis = await startRedis(temp.make('mj-reconnect-redis-'));
  }, 30_000);
  afterAll(async () => {
    await stop(server);
    await redis?.stop();
  });

  it('reconnects to a restarted mahjong serve and shows what happened while it was away; a restart without the game breaks nothing', async () => {
    // Sessions live in Redis, so the game outlives its server process.
    server = await serve(0, redis.url);
    const port = Number(new URL(server.base).port);
    const base = server.base;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/?anim=0`);
    await page.selectOption('#ai-kind', 'random');
    await page.fill('#seed', '5');
    await page.selectOption('#length', '0');
    await page.click('#start-game');
    const id: string = await waitFor(() => mj(page, 'window.__mj.session'), 'session', 15_000);
    const token = (await tokenOf(page, id))!;
    await waitFor(() => mj(page, 'window.__mj.es.open && window.__mj.state.turn === 0 && window.__mj.state.valid_actions.some((a) => a <= 36)'), 'our turn', 15_000);

    // The server stops: the page notices.
    await stop(server);
    await waitFor(() => noticeShown(page), 'the notice', 10_000);
    await screenshot(page, 'reconnect-human-lost');

    // It comes back on the same port, but the page's stream stays cut off while the game moves on
    // without it: our discard (made elsewhere, over HTTP) and the AI turns after it.
    await page.route(EVENTS, (route) => route.abort('connectionrefused'));
    server = await serve(port, redis.url);
    const headers = { 'content-type': 'application/json', 'x-session-token': token };
    const before = await (await fetch(`${base}/api/game/${id}/state?for_player=0`, { headers })).json() as any;
    const discard = before.valid_actions.find((a: number) => a <= 36);
    const acted = await fetch(`${base}/api/game/${id}/action`, { method: 'POST', headers, body: JSON.stringify({ player_id: 0, action_idx: discard }) });
    expect(acted.status).toBe(200);
    const now = await waitFor(async () => {
      const s = await (await fetch(`${base}/api/game/${id}/state?for_player=0`, { headers })).json() as any;
      return s.players[0].river.length > before.players[0].river.length && (s.turn === 0 || s.phase === 16) ? s : null;
    }, 'the AIs to play on', 20_000);
    expect(await noticeShown(page)).toBe(true);

    // The stream is let through: the notice hides and the page shows the server's table.
    await page.unroute(EVENTS);
    await waitFor(async () => !(await noticeShown(page)), 'the notice hidden', 30_000);
    await waitFor(async () => table(await mj(page, 'window.__mj.state')) === table(now), 'the page in step with the server', 10_000);
    expect(await mj(page, 'window.__mj.es.open')).toBe(true);
    await screenshot(page, 'reconnect-human-back');

    // A server without the game (no Redis: sessions in memory): no endless notice, the status says so.
    await stop(server);
    await waitFor(() => noticeShown(page), 'the notice again', 10_000);
    server = await serve(port);
    await waitFor(async () => (await page.textContent('#status')) === 'That game is no longer on the server', 'the game reported gone', 30_000);
    expect(await noticeShown(page)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);
});
