import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { RedisClient } from 'bun';
import { join } from 'node:path';
import { useTempDirs, waitFor } from '@devhub/shared/testing';
import { parseLogText } from '../../src/formats';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { readEvents } from './sse';

// Two real `mahjong serve` processes sharing one real redis-server, behind one address (a small
// round-robin proxy here, as a load balancer would be): a game created on one is played on the
// other, and its events reach subscribers on both.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const ADMIN = 'two-servers-admin-token';

interface Server { base: string; proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>; output: () => string }

async function serve(redisUrl: string, name: string): Promise<Server> {
  const proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--redis', redisUrl, '--admin-token', ADMIN], {
    env: { ...process.env, MAHJONG_DIR: temp.make(`mj-${name}-`), NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
  });
  let text = '';
  const reader = proc.stdout.getReader();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    if (/listening on http/.test(text)) break;
  }
  reader.releaseLock();
  void proc.stdout.pipeTo(new WritableStream({ write: (c) => { text += new TextDecoder().decode(c); } })).catch(() => undefined);
  void proc.stderr.pipeTo(new WritableStream({ write: (c) => { text += new TextDecoder().decode(c); } })).catch(() => undefined);
  const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
  if (!base) throw new Error(`server ${name} did not start:\n${text}`);
  return { base, proc, output: () => text };
}

let redis: RunningRedis;
let a: Server;
let b: Server;
let front: ReturnType<typeof Bun.serve>;
/** Which server the proxy sent each request to. */
const routed: string[] = [];

beforeAll(async () => {
  redis = await startRedis(temp.make('mj-redis-'));
  [a, b] = await Promise.all([serve(redis.url, 'a'), serve(redis.url, 'b')]);
  let n = 0;
  // One address for both: requests alternate between the two servers.
  front = Bun.serve({
    hostname: '127.0.0.1', port: 0, idleTimeout: 30,
    fetch: async (req) => {
      const target = n++ % 2 === 0 ? a : b;
      routed.push(target === a ? 'a' : 'b');
      const url = new URL(req.url);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
      const headers = new Headers(req.headers);
      headers.delete('host');
      return fetch(`${target.base}${url.pathname}${url.search}`, { method: req.method, headers, body });
    },
  });
}, 60_000);

afterAll(async () => {
  front?.stop(true);
  for (const s of [a, b]) {
    if (!s) continue;
    s.proc.kill('SIGTERM');
    await s.proc.exited;
  }
  await redis?.stop();
});

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const post = (base: string, path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-session-token': token } : {}) }, body: JSON.stringify(body) }).then(json);

/** Collects a server's event stream for a session until `game_over`. */
function collect(base: string, id: string, token: string) {
  const seen: any[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(`${base}/api/game/${id}/events`, { signal: controller.signal, headers: { 'x-session-token': token } });
    expect(res.status).toBe(200);
    for await (const ev of readEvents(res.body!)) {
      seen.push(ev.data);
      if (ev.event === 'game_over') break;
    }
    controller.abort();
  })().catch((err) => { if ((err as Error).name !== 'AbortError') throw err; });
  return { seen, done, stop: () => controller.abort() };
}

/** The human's choice: a win when offered, else the first legal action (deterministic). */
const choose = (state: any): number => (state.valid_actions.includes(50) ? 50 : state.valid_actions.includes(49) ? 49 : state.valid_actions[0]);

describe('two mahjong servers sharing one Redis', () => {
  it('plays a human_ai game created on one server on the other; both servers\' subscribers get every event', async () => {
    const created = await post(a.base, '/api/game/new', { mode: 'human_ai', ai_model: 'random', seed: 17, max_round: 0 });
    expect(created.status).toBe(200);
    const { session_id: id, token } = created.body;
    const onA = collect(a.base, id, token);
    const onB = collect(b.base, id, token);
    await waitFor(() => onA.seen.length > 0 && onB.seen.length > 0, 'both snapshots');

    // Every action alternates between the servers, straight and through the shared address.
    let state = created.body.state;
    let moves = 0;
    for (; !state.game.finished && moves < 1000; moves++) {
      const base = [b.base, a.base, `http://127.0.0.1:${front.port}`][moves % 3]!;
      const res = await post(base, `/api/game/${id}/action`, { player_id: 0, action_idx: choose(state) }, token);
      expect(res.status).toBe(200);
      state = res.body.state;
    }
    expect(state.game.finished).toBe(true);
    await Promise.all([onA.done, onB.done]);

    for (const seen of [onA.seen, onB.seen]) {
      expect(seen[0].type).toBe('snapshot');
      expect(seen.filter((e) => e.type === 'player_action').length).toBe(moves);
      expect(seen.at(-1).type).toBe('game_over');
      expect(seen.at(-1).state.game.owari).toEqual(state.game.owari);
    }
    // Both streams carried the same events in the same order.
    const shape = (seen: any[]) => seen.slice(1).map((e) => `${e.type}:${e.player ?? ''}:${e.action ?? ''}`);
    expect(shape(onA.seen)).toEqual(shape(onB.seen));

    // Each server's view of the finished game is the same, and so is its record.
    const [viaA, viaB] = await Promise.all([a, b].map((s) => fetch(`${s.base}/api/game/${id}/paipu`, { headers: { 'x-session-token': token } }).then((r) => r.json())));
    expect(viaA).toEqual(viaB);
    // The finished game went to the shared store: both servers list it, and its log reads back.
    for (const s of [a, b]) {
      const list = await waitFor(async () => {
        const r = await fetch(`${s.base}/api/games`, { headers: { 'x-session-token': token } }).then(json);
        return r.body.games?.length ? r.body : null;
      }, 'the stored game');
      expect(list).toMatchObject({ store: 'redis', total: 1, games: [{ game_id: id, mode: 'human_ai', seed: 17, ais: [null, 'random', 'random', 'random'] }] });
      const t6 = await fetch(`${s.base}/api/games/${id}/export?format=tenhou6`, { headers: { 'x-session-token': token } }).then((r) => r.text());
      expect(parseLogText(t6).paipu.owari?.scores).toEqual(state.game.owari.scores);
    }
    expect(new Set(routed)).toEqual(new Set(['a', 'b']));
  }, 60_000);

  it('paces a 4ai game created on one server for watchers on the other; watchers who move to the first follow it to the end', async () => {
    const created = await post(b.base, '/api/game/new', { mode: '4ai', ai_model: 'random', seed: 5, max_round: 0, delay_ms: 5 });
    const { session_id: id, token } = created.body;
    // Watched on A only: A paces it (B has nobody watching).
    const first = collect(a.base, id, token);
    await waitFor(() => first.seen.filter((e) => e.type === 'ai_action').length >= 20, 'A playing the game');
    first.stop();
    await first.done;
    // Now watched on B only: B takes over where A left off.
    const second = collect(b.base, id, token);
    await second.done;
    expect(second.seen[0].type).toBe('snapshot');
    expect(second.seen.at(-1).type).toBe('game_over');
    const log = await fetch(`${a.base}/api/game/${id}/log`).then((r) => r.text());
    const lines = log.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i));
    expect(lines.length).toBeGreaterThan(first.seen.filter((e) => e.type === 'ai_action').length);
    // The speed, set on one server, is what the session list of the other shows.
    expect((await post(`http://127.0.0.1:${front.port}`, `/api/game/${id}/speed`, { delay_ms: 300 }, token)).status).toBe(200);
    const sessions = await Promise.all([a, b].map((s) => fetch(`${s.base}/api/sessions`, { headers: { 'x-session-token': ADMIN } }).then((r) => r.json()) as Promise<any>));
    for (const list of sessions) expect(list.sessions.find((s: any) => s.session_id === id)).toMatchObject({ delay_ms: 300, is_over: true });
  }, 60_000);

  it('ends a session on every server: a DELETE on one closes the event stream on the other', async () => {
    const created = await post(a.base, '/api/game/new', { mode: '4ai', ai_model: 'random', seed: 6, max_round: 0, delay_ms: 10_000 });
    const { session_id: id, token } = created.body;
    const watcher = collect(b.base, id, token);
    await waitFor(() => watcher.seen.length > 0, 'the snapshot on B');
    const del = await fetch(`${a.base}/api/game/${id}`, { method: 'DELETE', headers: { 'x-session-token': token } });
    expect(del.status).toBe(200);
    await watcher.done;
    expect((await fetch(`${b.base}/api/game/${id}/state`)).status).toBe(404);
  }, 30_000);
});

describe('malformed messages and records in the shared Redis', () => {
  it('are dropped and reported once: both servers stay up and keep serving, and the session list skips a damaged record', async () => {
    const created = await post(a.base, '/api/game/new', { mode: 'human_ai', ai_model: 'random', seed: 23, max_round: 0 });
    expect(created.status).toBe(200);
    const { session_id: id, token } = created.body;
    const onB = collect(b.base, id, token);
    await waitFor(() => onB.seen.length > 0, 'the snapshot on B');
    const before = [a, b].map((s) => s.output().length);

    const client = new RedisClient(redis.url);
    const damaged = crypto.randomUUID();
    try {
      for (const [channel, message] of [
        ['mahjong:control', '{"m":null}'], ['mahjong:control', 'null'], ['mahjong:control', '{"o":"x","m":{"type":"speed","id":7}}'],
        ['mahjong:rooms', 'null'], ['mahjong:rooms', '{"o":"x","id":{},"w":"step"}'],
        [`mahjong:ev:${id}`, 'null'], [`mahjong:ev:${id}`, '{"o":"x","s":1}'], [`mahjong:ev:${id}`, '{"o":"x","s":1,"e":{"type":"a\\ndata: forged"}}'],
      ] as const) expect(Number(await client.publish(channel, message))).toBeGreaterThan(0);
      await client.hset(`mahjong:s:${damaged}`, { record: '{"id":1}', delay: '0', hands: '0', over: '0' });
      await client.zadd('mahjong:active', Date.now(), damaged);

      // Both still answer, and the game goes on through either, its events reaching B's stream.
      const state = created.body.state;
      const res = await post(b.base, `/api/game/${id}/action`, { player_id: 0, action_idx: choose(state) }, token);
      expect(res.status).toBe(200);
      await waitFor(() => onB.seen.some((e) => e.type === 'player_action'), 'the action on B\'s stream');
      for (const s of [a, b]) {
        expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
        const list = await fetch(`${s.base}/api/sessions`, { headers: { 'x-session-token': ADMIN } });
        expect(list.status).toBe(200);
        const ids = ((await list.json()) as any).sessions.map((x: any) => x.session_id);
        expect(ids).toContain(id);
        expect(ids).not.toContain(damaged);
      }
      // Reported once per kind (rate-limited), not once per message, and nothing of the messages' text.
      for (const [i, s] of [a, b].entries()) {
        const said = s.output().slice(before[i]);
        expect(said.match(/ignored \d+ messages on mahjong:control/g)?.length).toBe(1);
        expect(said.match(/ignored \d+ messages on mahjong:rooms/g)?.length).toBe(1);
        expect(said).not.toContain('forged');
      }
      expect(b.output().slice(before[1])).toMatch(/ignored \d+ messages on mahjong:ev:\*/);
    } finally {
      await client.del(`mahjong:s:${damaged}`);
      await client.zrem('mahjong:active', damaged);
      client.close();
      onB.stop();
      await onB.done;
      await fetch(`${a.base}/api/game/${id}`, { method: 'DELETE', headers: { 'x-session-token': token } });
    }
  }, 30_000);
});

describe('a pacing server killed with -9', () => {
  it('another server whose watchers remain takes the 4ai game over within a few seconds (the 2 s lease), not after a long stall', async () => {
    const [c, d] = await Promise.all([serve(redis.url, 'c'), serve(redis.url, 'd')]);
    try {
      const created = await post(c.base, '/api/game/new', { mode: '4ai', ai_model: 'random', seed: 9, max_round: 1, delay_ms: 100 });
      const { session_id: id, token } = created.body;
      // Watched on C first, so C holds the lease and paces; then on D too.
      const onC = collect(c.base, id, token);
      await waitFor(() => onC.seen.filter((e) => e.type === 'ai_action').length >= 3, 'C pacing the game');
      const onD = collect(d.base, id, token);
      await waitFor(() => onD.seen.filter((e) => e.type === 'ai_action').length >= 3, 'D receiving C\'s moves');
      // C's own watcher loses its connection with C.
      void onC.done.catch(() => undefined);
      c.proc.kill('SIGKILL');
      await c.proc.exited;
      const seen = onD.seen.length;
      // The old 15 s lease stalled here for 15 s; with the 2 s lease D plays on about 2.5 s after the
      // kill (the bound leaves room for a loaded machine and still fails the old lease).
      await waitFor(() => onD.seen.slice(seen).filter((e) => e.type === 'ai_action').length >= 3, 'D playing on after C died', 10_000);
      onD.stop();
      await onD.done;
      const log = (await fetch(`${d.base}/api/game/${id}/log`).then((r) => r.text())).trim().split('\n').map((l) => JSON.parse(l));
      expect(log.map((l) => l.seq)).toEqual(log.map((_, i) => i));
      await fetch(`${d.base}/api/game/${id}`, { method: 'DELETE', headers: { 'x-session-token': token } });
    } finally {
      for (const s of [c, d]) if (s.proc.exitCode === null) { s.proc.kill('SIGTERM'); await s.proc.exited; }
    }
  }, 60_000);
});

describe('mahjong serve --redis stopped right after it started', () => {
  it('exits on SIGTERM at once, not when its 10 s connection deadline would have passed', async () => {
    const c = await serve(redis.url, 'quick-stop');
    c.proc.kill('SIGTERM');
    // Long enough for any stop, far short of the deadline's 10 s that used to keep the process alive.
    const exited = await Promise.race([c.proc.exited.then(() => true), Bun.sleep(5_000).then(() => false)]);
    if (!exited) c.proc.kill('SIGKILL');
    expect(exited).toBe(true);
    expect(c.proc.exitCode).toBe(0);
  }, 30_000);
});

describe('mahjong serve --redis without a Redis', () => {
  it('exits 1 naming the address, with the password hidden', async () => {
    const { createServer } = await import('node:net');
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); }); });
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--redis', `redis://:hunter2@127.0.0.1:${port}`], {
      env: { ...process.env, MAHJONG_DIR: temp.make('mj-noredis-'), NO_COLOR: '1' }, stdout: 'pipe', stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(1);
    expect(out + err).toContain(`Redis at redis://:***@127.0.0.1:${port} is not answering`);
    expect(out + err).not.toContain('hunter2');
  });
});
