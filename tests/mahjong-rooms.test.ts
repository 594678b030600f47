import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { useTempDirs, waitFor } from '../shared/src/testing';
import { screenshot } from '../mahjong/test/web/browser';
import { startRedis, type RunningRedis } from '../mahjong/test/support/redis-server';
import { launchChromium } from '../shared/src/testing-chromium';

// Issue #27 §3: four friends in four browsers (Chromium contexts: separate cookies) play one whole
// hanchan in one room. Three use one `mahjong serve`, the fourth another, both on one real
// redis-server. Every move goes through the pages (their Auto box makes the page itself choose and
// post the move, as a click would); one player closes the page mid-hand, is auto-played by the
// server, comes back with the same seat; the finished game is rated.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../mahjong/src/cli/index.ts');

interface Server { base: string; proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'> }

async function serve(redisUrl: string, name: string): Promise<Server> {
  const proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--redis', redisUrl, '--redis-prefix', 'rooms-test:',
    '--room-bot-delay-ms', '30', '--room-hand-pause-ms', '100', '--room-spectator-delay-ms', '0'], {
    env: { ...process.env, MAHJONG_DIR: temp.make(`mj-rooms-${name}-`), NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
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
  void proc.stderr.pipeTo(new WritableStream()).catch(() => undefined);
  const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
  if (!base) throw new Error(`server ${name} did not start:\n${text}`);
  return { base, proc };
}

let redis: RunningRedis;
let one: Server;
let two: Server;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  redis = await startRedis(temp.make('mj-rooms-redis-'));
  [one, two] = await Promise.all([serve(redis.url, 'one'), serve(redis.url, 'two')]);
  browser = await launchChromium({ headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  for (let i = 0; i < 4; i++) contexts.push(await browser.newContext({ viewport: { width: 1000, height: 700 } }));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const s of [one, two]) {
    if (!s) continue;
    s.proc.kill('SIGTERM');
    await s.proc.exited;
  }
  await redis?.stop();
});

const room = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;
const seatList = (page: Page) => page.$$eval('#seat-list li', (lis) => lis.map((li) => ({
  seat: Number(li.getAttribute('data-seat')), kind: li.getAttribute('data-kind'), connected: li.getAttribute('data-connected') === 'true', text: li.textContent,
})));

async function seatIn(context: BrowserContext, url: string, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.fill('#join-name', name);
  await page.click('#join');
  await waitFor(() => room(page, 'window.__room.you !== null && window.__room.room.you !== null'), `${name} seated`);
  return page;
}

describe('a room of four browsers on two servers', () => {
  it('plays a whole hanchan: invite, seats, start, a player away and back, ratings', async () => {
    const errors: string[] = [];
    // The creator, on server one.
    const ann = await contexts[0]!.newPage();
    ann.on('pageerror', (e) => errors.push(e.message));
    await ann.goto(`${one.base}/room`);
    await ann.fill('#create-name', 'Ann');
    await ann.selectOption('#create-length', '1');
    await ann.click('#create-room');
    await waitFor(() => ann.url().includes('/room?id='), 'the room page');
    const invite = await waitFor(() => ann.inputValue('#invite'), 'the invitation link');
    // Only the room id travels in the link; the seat token is an HttpOnly cookie no script can read.
    expect(invite).toMatch(/\/room\?id=[0-9a-f-]{36}$/);
    const roomId = new URL(invite).searchParams.get('id')!;
    expect(await ann.evaluate('document.cookie')).toBe('');
    const cookies = await contexts[0]!.cookies();
    expect(cookies.find((c) => c.name.startsWith('mj_seat_'))?.httpOnly).toBe(true);
    expect(await ann.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toMatch(/[0-9a-f]{32}/);

    const bea = await seatIn(contexts[1]!, invite, 'Bea');
    const cai = await seatIn(contexts[2]!, invite, 'Cai');
    // The fourth friend opens the same link on the other server.
    const dan = await seatIn(contexts[3]!, invite.replace(one.base, two.base), 'Dan');
    for (const p of [bea, cai, dan]) p.on('pageerror', (e) => errors.push(e.message));
    expect(await room(dan, 'window.__room.you')).toBe(3);

    // Everyone is shown connected, across both servers.
    await waitFor(async () => (await seatList(ann)).every((s) => s.kind === 'human' && s.connected), 'four connected humans on Ann\'s page', 15_000);
    await waitFor(async () => (await seatList(dan)).every((s) => s.kind === 'human' && s.connected), 'four connected humans on Dan\'s page', 15_000);
    expect(await bea.isHidden('#start')).toBe(true);
    await ann.click('#start');
    await waitFor(() => room(dan, 'window.__room.state && window.__room.room.status === "playing"'), 'the game on Dan\'s page', 15_000);
    // Each seat sees its own hand and no other.
    for (const [page, seat] of [[ann, 0], [bea, 1], [cai, 2], [dan, 3]] as const) {
      // Dan's page has the game; the others may still be reading their first state.
      await waitFor(() => room(page, 'window.__room.state !== null && window.__room.state !== undefined'), `the game on seat ${seat}'s page`, 15_000);
      const hands = await room(page, 'window.__room.state.players.map((p) => Array.isArray(p.hand))');
      expect(hands).toEqual([0, 1, 2, 3].map((s) => s === seat));
    }
    for (const p of [ann, bea, cai, dan]) await p.check('#auto');
    // A spectator on the other server: the table, no concealed hand.
    const watcher = await contexts[3]!.newPage();
    watcher.on('pageerror', (e) => errors.push(e.message));
    await watcher.goto(`${invite.replace(one.base, two.base)}&watch=1`);
    await waitFor(() => room(watcher, 'window.__room.state && window.__room.state.tiles_left < 66'), 'the spectator\'s table', 30_000);
    expect(await room(watcher, 'window.__room.you')).toBeNull();
    expect(await room(watcher, 'window.__room.state.players.map((p) => typeof p.hand)')).toEqual(['number', 'number', 'number', 'number']);
    await screenshot(ann, 'rooms-ann');
    await screenshot(watcher, 'rooms-spectator');
    await watcher.close();

    // Bea closes her page in the middle of the first hand: she is shown away and the server plays her seat.
    await waitFor(() => room(ann, 'window.__room.state && window.__room.state.tiles_left < 60'), 'the first hand under way', 30_000);
    await bea.close();
    await waitFor(async () => (await seatList(ann)).find((s) => s.seat === 1)?.connected === false, 'Bea shown away', 15_000);
    await waitFor(() => room(ann, 'window.__room.log.some((m) => m.player === 1 && m.by === "auto")'), 'a move the server made for Bea', 15_000);
    // She comes back (same browser, so the same cookie) to the same seat.
    const bea2 = await contexts[1]!.newPage();
    bea2.on('pageerror', (e) => errors.push(e.message));
    await bea2.goto(invite);
    await waitFor(() => room(bea2, 'window.__room.state && window.__room.you === 1'), 'Bea back in seat 1', 15_000);
    await waitFor(async () => (await seatList(ann)).find((s) => s.seat === 1)?.connected === true, 'Bea shown connected again', 15_000);
    await bea2.check('#auto');

    for (const p of [ann, bea2, cai, dan]) await waitFor(() => room(p, 'window.__room.over'), 'game over on every page', 240_000, 200);
    const finalState = await room(dan, 'window.__room.state');
    expect(finalState.is_over).toBe(true);
    expect(finalState.game.max_round).toBe(1);
    // Bea's own moves after her return went through her page.
    expect(await room(ann, 'window.__room.log.filter((m) => m.player === 1 && m.by === "human").length')).toBeGreaterThan(0);

    // Rated: four humans, an unseeded wall.
    const games = await waitFor(async () => {
      const list = await (await fetch(`${two.base}/api/room-games`)).json() as any;
      return list.games.find((g: any) => g.game_id === roomId);
    }, 'the stored room game');
    expect(games.rated).toBe(true);
    expect(games.names).toEqual(['Ann', 'Bea', 'Cai', 'Dan']);
    expect(games.ratings.map((c: any) => c.name).sort()).toEqual(['Ann', 'Bea', 'Cai', 'Dan']);
    const first = games.ratings.find((c: any) => c.place === 1);
    expect(first.delta).toBeGreaterThan(0);
    const ratings = await (await fetch(`${one.base}/api/ratings`)).json() as any;
    expect(ratings.ratings.find((r: any) => r.name === first.name).rating).toBe(first.after);
    await waitFor(() => room(ann, 'window.__room.room.ratings && window.__room.room.ratings.length === 4'), 'the rating changes on the room page', 15_000);
    // The history page lists the ratings and the room game.
    await ann.goto(`${one.base}/history`);
    await waitFor(() => ann.$$eval('#ratings tbody tr', (rows) => rows.length === 4), 'four ratings on the history page');
    expect(await ann.textContent(`#room-games tr[data-game="${roomId}"]`)).toContain(`R ${first.delta > 0 ? '+' : ''}${first.delta}`);
    await screenshot(ann, 'rooms-history');
    expect(errors).toEqual([]);
  }, 300_000);
});
