import { afterAll, describe, expect, it } from 'bun:test';
import { waitFor } from '@devhub/shared/testing';
import { createApp } from '../../src/app';
import { parseMjaiBots } from '../../src/mjai/config';
import { playToEnd, post } from './helpers';

// A configured mjai bot (a real Python process speaking mjai) fills the empty seats of a room.
const BOT = `${import.meta.dir}/../fixtures/mjai/bot.py`;
const app = createApp({
  mjaiBots: parseMjaiBots(`bots:\n  pybot: { command: "python3 ${BOT}", description: "test bot" }\n`, 'test'),
  roomSettings: { botDelayMs: 0, handPauseMs: 0 },
}).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
afterAll(async () => {
  app.decorator.rooms.closeStreams();
  await app.stop(true);
});

describe('mjai bots in a room', () => {
  it('refuses an unknown bot and plays a whole game with a configured one in the empty seats', async () => {
    const unknown = await post(base, '/api/rooms', { name: 'Ona', bots: 'mjai:nobody' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'UNKNOWN_BOT']);
    const a = await post(base, '/api/rooms', { name: 'Ona', max_round: 0, bots: 'mjai:pybot' });
    expect(a.status).toBe(200);
    const id = a.body.room.room_id;
    const b = await post(base, `/api/rooms/${id}/seats`, { name: 'Pim' });
    const started = await post(base, `/api/rooms/${id}/start`, {}, a.body.token);
    expect(started.body.seats.map((s: any) => s.ai)).toEqual([null, null, 'mjai:pybot', 'mjai:pybot']);
    await playToEnd(base, id, [a.body.token, b.body.token], 90_000);
    const game = await waitFor(async () => ((await (await fetch(`${base}/api/room-games`)).json()) as any).games.find((g: any) => g.game_id === id), 'the stored game');
    expect(game.bots).toEqual([null, null, 'mjai:pybot', 'mjai:pybot']);
    expect(game.scores.reduce((x: number, y: number) => x + y, 0)).toBe(100_000);
    const mjai = await (await fetch(`${base}/api/room-games/${id}/export?format=mjai`)).text();
    expect(mjai.split('\n').filter((l) => l.includes('"type":"dahai"') && l.includes('"actor":2')).length).toBeGreaterThan(10);
  }, 120_000);
});
