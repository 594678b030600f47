import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { useTempDirs, waitFor } from '@devhub/shared/testing';
import { autoChoice, playToEnd, post } from './helpers';

// One `mahjong serve` (no Redis) killed with -9 mid-game and started again on the same data
// directory: the room, its seats and its game are back, and the game goes on to its end.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

async function serve(dataDir: string): Promise<{ base: string; proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'> }> {
  const proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--room-bot-delay-ms', '0', '--room-hand-pause-ms', '0'], {
    env: { ...process.env, NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
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

const state = async (base: string, id: string, token: string) =>
  (await fetch(`${base}/api/rooms/${id}/state`, { headers: { 'x-seat-token': token } })).json() as Promise<any>;
const table = (s: any) => JSON.stringify({ players: s.players, tiles_left: s.tiles_left, dora: s.dora, game: s.game.hand_index });

describe('a room survives kill -9', () => {
  it('comes back with its seats and its game, which finishes and is rated', async () => {
    const dir = temp.make('mj-rooms-restart-');
    let server = await serve(dir);
    try {
      const a = await post(server.base, '/api/rooms', { name: 'Kai', max_round: 0, bots: 'heuristic' });
      const id = a.body.room.room_id;
      const b = await post(server.base, `/api/rooms/${id}/seats`, { name: 'Lea' });
      const tokens = [a.body.token as string, b.body.token as string];
      await post(server.base, `/api/rooms/${id}/start`, {}, tokens[0]);
      // At least 30 rounds of moves, and on until the game has moved on from its first deal: a loaded
      // machine may deal the first hand only after the first polls.
      const movedOn = (s: any) => s.game.hand_index > 0 || s.tiles_left < 69;
      const until = Date.now() + 20_000;
      let before: any;
      for (let i = 0; ; i++) {
        if (i >= 30) await Bun.sleep(50);
        for (const t of tokens) {
          const s = await state(server.base, id, t);
          const move = autoChoice(s, s.viewer);
          if (move !== null) await post(server.base, `/api/rooms/${id}/action`, { action_idx: move }, t);
        }
        before = await state(server.base, id, tokens[0]!);
        if ((i >= 30 && movedOn(before)) || Date.now() > until) break;
      }
      expect(movedOn(before)).toBe(true);
      server.proc.kill('SIGKILL');
      await server.proc.exited;

      server = await serve(dir);
      const room = await (await fetch(`${server.base}/api/rooms/${id}`, { headers: { 'x-seat-token': tokens[1]! } })).json() as any;
      expect([room.status, room.you, room.seats.map((s: any) => s.name)]).toEqual(['playing', 1, ['Kai', 'Lea', null, null]]);
      const after = await state(server.base, id, tokens[0]!);
      // The same table, or further on if a bot was to move (a bot that had drawn discards without
      // moving the wall, and bots may play on to the next hand): nothing played is lost.
      if (table(after) !== table(before)) {
        if (after.game.hand_index === before.game.hand_index) {
          expect(after.tiles_left).toBeLessThanOrEqual(before.tiles_left);
          const tiles = (s: any) => s.players.map((p: any) => p.river.map((r: any) => r.tile));
          expect(tiles(after).map((river: number[], seat: number) => river.slice(0, tiles(before)[seat].length))).toEqual(tiles(before));
        } else expect(after.game.hand_index).toBeGreaterThan(before.game.hand_index);
      }
      await playToEnd(server.base, id, tokens);
      const game = await waitFor(async () => ((await (await fetch(`${server.base}/api/room-games`)).json()) as any).games.find((g: any) => g.game_id === id), 'the stored game');
      expect(game.rated).toBe(true);
    } finally {
      server.proc.kill('SIGKILL');
      await server.proc.exited;
    }
  }, 90_000);
});
