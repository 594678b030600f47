/**
 * The shared backend: sessions, their events and finished games in Redis, so that several
 * `mahjong serve` processes behind one address serve the same games (README, "Running more than
 * one server"). Bun's built-in client (`RedisClient` from "bun") does commands and pub/sub, so no
 * npm client is needed: one connection for commands, one in subscriber mode.
 *
 * Keys (prefix `mahjong:` by default):
 *   s:{id}        hash: record (JSON), delay, hands, over        steps:{id}  list of steps (JSON)
 *   active        zset: session id → last activity (ms)          subs:{id}   hash: server → subscribers
 *   lock:{id}     the session's lock (a random value, 3 s)       lease:{id}  the server pacing a 4ai game (2 s)
 *   game:{id}, log:{id}, games, owner:{hash}: finished games (redis-games.ts)
 * Channels: ev:{id} (a session's events: {o: server, s: step, e: event}) and control ({o, m}).
 */
import { AppError } from '@devhub/shared';
import { withDeadline } from '@devhub/shared/timers';
import { RedisClient } from 'bun';
import { SessionNotFound, TooManySessions } from '../../server/errors';
import { RedisLocks } from './redis-lock';
import { sessionRecordOf, StoreUnavailable } from './game-store';
import { RedisGameStore } from './redis-games';
import { DropLog, type WarnLog } from './pubsub';
import { RedisEventBus } from './redis-event-bus';
import { connectionOptions, keepConnected, Subscriptions } from './redis-link';
import { RedisKeys } from './redis-keys';
import type { SessionLimits } from './memory';
import { type ControlMessage, type Backend, type SessionActivity, type SessionRecord, type SessionStore, type Step } from './types';

export const DEFAULT_PREFIX = 'mahjong:';
/**
 * A session's lock and a 4ai game's lease lapse this soon after their server stops renewing them
 * (renewed every third of that while held), so another server takes over a dead server's game
 * within about 3 s (the lease, then the lock it may have died holding).
 */
const LOCK_MS = 3_000;
const LOCK_WAIT_MS = 15_000;
export const LEASE_MS = 2_000;

export class SessionBusy extends AppError {
  constructor(id: string) {
    super('SESSION_BUSY', 503, `session ${id} is held by another request for too long; try again`);
  }
}

const APPEND = `if redis.call('EXISTS', KEYS[2]) == 0 then return -2 end
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return -1 end
for i = 2, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
return redis.call('LLEN', KEYS[1])`;

/** A session added only while fewer than `--max-sessions` are active (all servers together). */
const ADD = `if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[2], 'record', ARGV[2], 'delay', ARGV[3], 'hands', '0', 'over', '0')
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[5])
return 1`;

/** What a Redis failure means for the caller: the store is away. */
function unavailable(url: string, err: unknown): StoreUnavailable {
  return new StoreUnavailable(`Redis at ${redactUrl(url)} is not answering: ${(err as Error).message ?? String(err)}`);
}

/** The address without a password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return 'redis (unparsable address)';
  }
}

export class RedisSessionStore implements SessionStore {
  private readonly locks: RedisLocks;

  constructor(
    private readonly redis: RedisClient,
    private readonly k: RedisKeys,
    private readonly limits: SessionLimits,
    private readonly server: string,
    private readonly announce: (m: ControlMessage) => Promise<void>,
    private readonly now: () => number = Date.now,
    private readonly badRecords = new DropLog(undefined, 'session records'),
  ) {
    this.locks = new RedisLocks(redis, { lockMs: LOCK_MS, waitMs: LOCK_WAIT_MS, busy: (id) => new SessionBusy(id), now });
  }

  get maxSessions(): number { return this.limits.maxSessions; }
  get ttlMs(): number { return this.limits.ttlMs; }

  async add(record: SessionRecord): Promise<void> {
    // Counted and added in one script: servers creating at once cannot all pass the count.
    const added = Number(await this.redis.send('EVAL', [ADD, '2', this.k.active(), this.k.session(record.id), String(this.limits.maxSessions), JSON.stringify(record), String(record.delayMs), String(this.now()), record.id]));
    if (added !== 1) throw new TooManySessions(this.limits.maxSessions);
  }

  async get(id: string): Promise<SessionRecord | null> {
    const [json, delay] = await this.redis.hmget(this.k.session(id), ['record', 'delay']);
    const record = json ? this.recordOf(json) : null;
    return record && { ...record, delayMs: Number(delay ?? 0) };
  }

  /** A record that is not one (damaged, or written by something else) counts as no session, and is reported. */
  private recordOf(json: string): SessionRecord | null {
    const record = sessionRecordOf(json);
    if (!record) this.badRecords.drop();
    return record;
  }

  async touch(id: string): Promise<void> {
    await this.redis.send('ZADD', [this.k.active(), 'XX', String(this.now()), id]);
  }

  async steps(id: string, from: number): Promise<Step[]> {
    const items = await this.redis.lrange(this.k.steps(id), from, -1);
    return items.map((s) => JSON.parse(s) as Step);
  }

  async append(id: string, at: number, steps: Step[]): Promise<void> {
    const res = Number(await this.redis.send('EVAL', [APPEND, '2', this.k.steps(id), this.k.session(id), String(at), ...steps.map((s) => JSON.stringify(s))]));
    if (res === -2) throw new SessionNotFound(id);
    if (res === -1) throw new Error(`invariant: session ${id}: the step log moved on while step ${at} was being played`);
  }

  async progress(id: string, handsFinished: number, isOver: boolean): Promise<void> {
    // HSET would bring back a session deleted meanwhile: only while it exists.
    if (await this.redis.exists(this.k.session(id))) await this.redis.hset(this.k.session(id), { hands: String(handsFinished), over: isOver ? '1' : '0' });
  }

  async setDelay(id: string, delayMs: number): Promise<void> {
    if (await this.redis.exists(this.k.session(id))) await this.redis.hset(this.k.session(id), { delay: String(delayMs) });
  }

  async subscribers(id: string, count: number): Promise<void> {
    if (count > 0) {
      await this.redis.hset(this.k.subs(id), { [this.server]: String(count) });
      await this.redis.pexpire(this.k.subs(id), this.limits.ttlMs + 60_000);
    } else await this.redis.hdel(this.k.subs(id), this.server);
  }

  async list(): Promise<SessionActivity[]> {
    const flat = (await this.redis.send('ZRANGE', [this.k.active(), '0', '-1', 'WITHSCORES'])) as unknown as (string | [string, number])[];
    // RESP3 answers pairs, RESP2 a flat list.
    const pairs: [string, number][] = Array.isArray(flat[0])
      ? (flat as [string, number][]).map(([id, s]) => [id, Number(s)])
      : Array.from({ length: flat.length / 2 }, (_, i) => [String(flat[2 * i]), Number(flat[2 * i + 1])]);
    const rows = await Promise.all(pairs.map(async ([id, lastActive]) => {
      const [json, delay, hands, over] = await this.redis.hmget(this.k.session(id), ['record', 'delay', 'hands', 'over']);
      const record = json ? this.recordOf(json) : null;
      if (!record) return null;
      const subs = await this.redis.hvals(this.k.subs(id));
      return {
        record: { ...record, delayMs: Number(delay ?? 0) }, lastActive,
        handsFinished: Number(hands ?? 0), isOver: over === '1', subscribers: subs.reduce((n, v) => n + Number(v), 0),
      };
    }));
    return rows.filter((r): r is SessionActivity => r !== null);
  }

  async remove(id: string): Promise<boolean> {
    const removed = Number(await this.redis.zrem(this.k.active(), id));
    await this.redis.del(this.k.session(id), this.k.steps(id), this.k.subs(id), this.k.lease(id));
    return removed > 0;
  }

  async expire(cutoff: number): Promise<string[]> {
    const ids = await this.redis.send('ZRANGEBYSCORE', [this.k.active(), '-inf', `(${cutoff}`]) as unknown as string[];
    const gone: string[] = [];
    // ZREM decides which server expires a session: only the one that removed it reports it.
    for (const id of ids) if (await this.remove(id)) gone.push(id);
    return gone;
  }

  lock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(this.k.lock(id), id, fn);
  }

  async lease(id: string): Promise<boolean> {
    return this.locks.lease(this.k.lease(id), this.server, LEASE_MS);
  }

  async release(id: string): Promise<void> {
    if (await this.locks.release(this.k.lease(id), this.server)) await this.announce({ type: 'runner-free', id });
  }

  async close(): Promise<void> {}
}

export interface RedisBackendOptions {
  url: string;
  prefix?: string;
  limits: SessionLimits;
  /** Finished games kept (`--max-saved-games`; default DEFAULT_MAX_SAVED_GAMES). */
  maxGames?: number;
  /** Where malformed messages and records are reported (rate-limited, pubsub.ts). */
  log?: WarnLog;
  /** Bun's reconnect attempts before a connection is started again from scratch (redis-link.ts; tests). */
  maxRetries?: number;
}

/** Connects (or throws StoreUnavailable naming the address) and starts listening for control messages. */
export async function redisBackend(options: RedisBackendOptions): Promise<Backend> {
  const k = new RedisKeys(options.prefix ?? DEFAULT_PREFIX);
  const server = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  // A first connection that does not retry: an address with no Redis behind it fails at once.
  const probe = new RedisClient(options.url, { autoReconnect: false, connectionTimeout: 5_000 });
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    throw unavailable(options.url, err);
  } finally {
    probe.close();
  }
  // The working connections reconnect if Redis restarts or comes back after any outage, and the
  // subscriber's channels are subscribed again (redis-link.ts).
  const redis = new RedisClient(options.url, connectionOptions(options));
  const sub = new RedisClient(options.url, connectionOptions(options));
  // withDeadline clears its timer once connected: a pending one kept a stopped server's process
  // alive for the rest of the 10 s.
  try {
    const connected = await withDeadline(Promise.all([redis.connect(), sub.connect()]).then(() => true), 10_000, () => false);
    if (!connected) throw new Error('no answer within 10 s');
  } catch (err) {
    redis.close();
    sub.close();
    throw unavailable(options.url, err);
  }
  const channels = new Subscriptions(sub, (m) => options.log?.warn(m));
  const links = [keepConnected(redis), keepConnected(sub, () => channels.resubscribe())];
  const events = new RedisEventBus(redis, channels, k, server, options.log);
  await events.start();
  const sessions = new RedisSessionStore(redis, k, options.limits, server, (m) => events.control(m), Date.now, new DropLog(options.log, `session records in ${k.session('*')}`));
  const games = new RedisGameStore(redis, k.p, redactUrl(options.url), options.maxGames);
  return {
    kind: 'redis', sessions, events, games,
    close: async () => {
      for (const link of links) link.close();
    },
  };
}
