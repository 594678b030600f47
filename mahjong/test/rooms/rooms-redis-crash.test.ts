import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { useTempDirs, waitFor } from '@devhub/shared/testing';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { autoChoice, openStream, playToEnd, post } from './helpers';

// Two `mahjong serve` on one real redis-server; a room's players on both. The server that drives
// the room (bots, deals) is killed with -9 mid-game: the other takes the room over and the game
// ends, rated, with nothing lost.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

async function serve(redisUrl: string): Promise<{ base: string; proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'> }> {
  const proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--redis', redisUrl, '--room-bot-delay-ms', '0', '--room-hand-pause-ms', '0'], {
    env: { ...process.env, MAHJONG_DIR: temp.make('mj-rooms-crash-'), NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
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
  if (!base) throw new Error(`server did not start:\n${text}`);
  return { base, proc };
}

let redis: RunningRedis;
let one: Awaited<ReturnType<typeof serve>>;
let two: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  redis = await startRedis(temp.make('mj-rooms-crash-redis-'));
  [one, two] = await Promise.all([serve(redis.url), serve(redis.url)]);
}, 60_000);
afterAll(async () => {
  for (const s of [one, two]) { s?.proc.kill('SIGKILL'); await s?.proc.exited; }
  await redis?.stop();
});

describe('a room on two servers, one killed', () => {
  it('goes on through the other server to a rated end', async () => {
    const a = await post(one.base, '/api/rooms', { name: 'Uma', max_round: 1, bots: 'heuristic' });
    const id = a.body.room.room_id;
    const b = await post(two.base, `/api/rooms/${id}/seats`, { name: 'Vic' });
    const tokens = [a.body.token as string, b.body.token as string];
    const uma = await openStream(one.base, id, tokens[0]);
    const vic = await openStream(two.base, id, tokens[1]);
    // Server one starts the room, so it drives it first.
    await post(one.base, `/api/rooms/${id}/start`, {}, tokens[0]);
    // Both play (each on its own server) until the bots have moved: server one has been driving.
    await waitFor(async () => {
      for (const [base, token] of [[one.base, tokens[0]!], [two.base, tokens[1]!]] as const) {
        const s = (await (await fetch(`${base}/api/rooms/${id}/state`, { headers: { 'x-seat-token': token } })).json()) as any;
        const move = autoChoice(s, s.viewer);
        if (move !== null) await post(base, `/api/rooms/${id}/action`, { action_idx: move }, token);
      }
      return vic.events().filter((e) => e.event === 'action' && e.data.by === 'ai').length > 4;
    }, 'bot moves seen on server two', 30_000, 1);
    one.proc.kill('SIGKILL');
    await one.proc.exited;
    uma.close();
    // Server two answers the table as Vic's seat sees it. A refusal in the instant after the other
    // server died is retried as a client would; the last one is named if it never clears.
    let refused = '';
    const mid = await waitFor(async () => {
      const res = await fetch(`${two.base}/api/rooms/${id}/state`, { headers: { 'x-seat-token': tokens[1]! } });
      const body = (await res.json()) as any;
      if (res.ok) return body;
      refused = `${res.status} ${JSON.stringify(body)}`;
      return null;
    }, 'server two to answer the state', 5_000, 50).catch((error: Error) => { throw new Error(`${error.message}; last answer: ${refused}`); });
    expect(mid.is_over).toBe(false);
    // Uma's client now reaches server two (as through a balancer); both play on there.
    const umaAgain = await openStream(two.base, id, tokens[0]);
    await playToEnd(two.base, id, tokens, 120_000);
    const game = await waitFor(async () => ((await (await fetch(`${two.base}/api/room-games`)).json()) as any).games.find((g: any) => g.game_id === id), 'the stored game');
    expect(game.rated).toBe(true);
    expect(game.ratings.map((c: any) => c.name)).toEqual(['Uma', 'Vic']);
    // Vic's stream on server two saw the whole game, every step once.
    expect(vic.events().some((e) => e.event === 'game_over')).toBe(true);
    vic.close();
    umaAgain.close();
  }, 150_000);
});
