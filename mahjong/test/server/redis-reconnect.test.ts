import { afterAll, describe, expect, it } from 'bun:test';
import { useTempDirs, waitFor } from '@devhub/shared/testing';
import { Elysia } from 'elysia';
import { createConsola } from 'consola';
import { redisBackend } from '../../src/modules/backend/redis';
import { DEFAULT_LIMITS } from '../../src/modules/backend/memory';
import type { Backend } from '../../src/modules/backend/types';
import { errorMapper } from '../../src/server/on-error';
import { startRedis, type RunningRedis } from '../support/redis-server';

// Redis restarted, or away longer than Bun's client keeps reconnecting (README, "Running more than
// one server"): the servers' connections come back, their channels are subscribed again, and a
// request made meanwhile is a 503, not a 500.
const temp = useTempDirs(afterAll);
const silent = { warn: () => undefined };

describe('Redis restarted or away for a while', () => {
  let redis: RunningRedis;
  const backends: Backend[] = [];
  afterAll(async () => {
    for (const b of backends) await b.close();
    await redis?.stop();
  });

  it('events and control messages still reach the other server after a restart, and a connection that gave up comes back', async () => {
    redis = await startRedis(temp.make('mj-redis-reconnect-'));
    // maxRetries 1: Bun's client gives up at once rather than after ~30 s of reconnecting.
    const a = await redisBackend({ url: redis.url, limits: DEFAULT_LIMITS, maxRetries: 1, log: silent });
    const b = await redisBackend({ url: redis.url, limits: DEFAULT_LIMITS, maxRetries: 1, log: silent });
    backends.push(a, b);
    const events: number[] = [];
    const controls: string[] = [];
    await b.events.listen('s1', (seq) => events.push(seq));
    b.events.onControl((m) => controls.push(m.type));
    await a.events.publish('s1', 1, { type: 'ai_action' } as never);
    await waitFor(() => events.length === 1, 'the first event on the other server');

    await redis.stop();
    // Bun's client gave up: a command fails now (it would fail for good without redis-link.ts).
    await waitFor(() => a.sessions.list().then(() => false, () => true), 'a failed command while Redis is away');
    redis = await startRedis(temp.make('mj-redis-reconnect-'), redis.port);

    await waitFor(() => a.sessions.list().then(() => true, () => false), 'commands answered again');
    // Published until it arrives: the subscriber's reconnect and resubscribe take their own time.
    await waitFor(async () => { await a.events.publish('s1', 2, { type: 'ai_action' } as never); return events.includes(2); }, 'an event after the restart');
    await waitFor(async () => { await a.events.control({ type: 'runner-free', id: 's1' }); return controls.length > 0; }, 'a control message after the restart');
    expect(controls[0]).toBe('runner-free');
  }, 30_000);

  it('a request that cannot reach Redis is 503 STORE_UNAVAILABLE', async () => {
    const err = Object.assign(new Error('Connection has failed'), { name: 'RedisError', code: 'ERR_REDIS_CONNECTION_CLOSED' });
    const app = new Elysia().use(errorMapper(createConsola({ level: -999 }))).get('/x', () => { throw err; });
    const res = await app.handle(new Request('http://localhost/x'));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: 'Redis is not answering (Connection has failed); try again shortly', code: 'STORE_UNAVAILABLE' });
  });
});
