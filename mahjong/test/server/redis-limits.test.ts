import { afterAll, describe, expect, it } from 'bun:test';
import { useTempDirs } from '@devhub/shared/testing';
import { redisBackend } from '../../src/modules/backend/redis';
import type { Backend, SessionRecord } from '../../src/modules/backend/types';
import { RedisRoomStore } from '../../src/modules/rooms/redis-store';
import type { RoomRecord } from '../../src/modules/rooms/types';
import { startRedis, type RunningRedis } from '../support/redis-server';

// `--max-sessions` with several servers on one Redis is a cap on them all together (README,
// "Running more than one server": "Limits and expiry are global"), also when they create at once.
const temp = useTempDirs(afterAll);
const silent = { warn: () => undefined };
const settled = async (ps: Promise<unknown>[]) => (await Promise.allSettled(ps)).map((r) => r.status === 'fulfilled' ? 'ok' : (r.reason as { code?: string }).code);

describe('caps shared by several servers, under concurrent creation', () => {
  let redis: RunningRedis;
  const closing: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const c of closing) await c.close();
    await redis?.stop();
  });
  const start = async () => (redis ??= await startRedis(temp.make('mj-redis-limits-')));

  it('sessions: exactly --max-sessions of 24 simultaneous creations on three servers get in', async () => {
    const { url } = await start();
    const servers: Backend[] = await Promise.all([0, 1, 2].map(() => redisBackend({ url, prefix: 'caps-s:', limits: { maxSessions: 5, ttlMs: 60_000 }, log: silent })));
    closing.push(...servers);
    const record = (i: number) => ({ id: `s${i}`, mode: '4ai', delayMs: 0 }) as unknown as SessionRecord;
    const results = await settled(Array.from({ length: 24 }, (_, i) => servers[i % 3]!.sessions.add(record(i))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'TOO_MANY_SESSIONS')).toBe(true);
  });

  it('rooms: exactly the cap of 24 simultaneous creations on three servers get in', async () => {
    const { url } = await start();
    const stores = await Promise.all([0, 1, 2].map(() => RedisRoomStore.connect(url, 'caps-r:', 4, 60_000, undefined, silent)));
    closing.push(...stores);
    const record = (i: number) => ({ id: `r${i}` }) as unknown as RoomRecord;
    const results = await settled(Array.from({ length: 24 }, (_, i) => stores[i % 3]!.create(record(i))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(4);
    expect(results.filter((r) => r !== 'ok').every((r) => r === 'TOO_MANY_ROOMS')).toBe(true);
  });
});
