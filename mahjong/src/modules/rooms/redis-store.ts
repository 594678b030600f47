/**
 * Rooms shared by several `mahjong serve` processes through Redis (README, "Rooms"), on the same
 * design as the game sessions (modules/backend/redis.ts): a record and a step log per room, a lock
 * (SET NX PX) around every step, a lease for the one server that drives the game (bots, deals,
 * timers), and a pub/sub channel telling every server that a room moved on (each then replays
 * the new steps and builds its own subscribers' views, so no hidden tile crosses the channel).
 *
 * Keys under the prefix: room:{id} (record JSON), rsteps:{id} (list), rlock:{id}, rlease:{id},
 * rconn:{id} (zset "seat|server" → expiry ms), rooms (zset id → last activity), rating:{name}
 * (hash rating, games), ratings (zset name → rating), rgame:{id} (summary JSON), rlog:{id}
 * (Tenhou XML), rgames (zset id → finish time), runrated (zset of the unrated ones: only they are
 * ever removed, past `maxUnrated`), rratings-lock. Channel: rooms ({o, id, w}).
 */
import { RedisClient } from 'bun';
import type { Rating, RatingChange } from '../../rooms/rating';
import { DEFAULT_MAX_SAVED_GAMES } from '../backend/game-store';
import { RedisLocks } from '../backend/redis-lock';
import { connectionOptions, keepConnected, type Link, Subscriptions } from '../backend/redis-link';
import { RoomBusy, TooManyRooms } from './errors';
import { Type as t } from '@sinclair/typebox';
import { channelReader, DropLog, type WarnLog } from '../backend/pubsub';
import { SEEN_MS, RoomNotice, type RoomRecord, type RoomResult, type RoomResultSummary, type RoomStep, type RoomStore } from './types';

/** As the game sessions' lock: a server that dies holding it blocks its room for at most this long. */
const LOCK_MS = 3_000;
const LOCK_WAIT_MS = 15_000;
/** A driving server that dies is replaced after this long. */
export const ROOM_LEASE_MS = 3_000;
/** A server's open streams count as connected this long unless renewed (a crashed server's lapse). */
export const CONN_TTL_MS = 20_000;

const APPEND = `if redis.call('EXISTS', KEYS[2]) == 0 then return -2 end
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return -1 end
for i = 2, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
return redis.call('LLEN', KEYS[1])`;

/** A room created only while fewer than the cap exist (all servers together). */
const CREATE = `if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[5])
return 1`;

/**
 * A finished room game written and, if it is unrated, the oldest unrated ones past the cap
 * removed, in one step. KEYS: rlog, rgame, rgames, runrated; ARGV: mjlog, summary, finish time,
 * id, rated (1/0), unrated games kept, key prefix.
 */
const SAVE_RESULT = `redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[4])
if ARGV[5] == '1' then return 0 end
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
local excess = redis.call('ZCARD', KEYS[4]) - tonumber(ARGV[6])
if excess <= 0 then return 0 end
local old = redis.call('ZRANGE', KEYS[4], 0, excess - 1)
for _, id in ipairs(old) do
  redis.call('DEL', ARGV[7] .. 'rgame:' .. id, ARGV[7] .. 'rlog:' .. id)
  redis.call('ZREM', KEYS[3], id)
  redis.call('ZREM', KEYS[4], id)
end
return #old`;

const pairs = (flat: unknown): [string, number][] => {
  const list = flat as (string | [string, number])[];
  return Array.isArray(list[0]) ? (list as [string, number][]).map(([a, b]) => [a, Number(b)]) : Array.from({ length: list.length / 2 }, (_, i) => [String(list[2 * i]), Number(list[2 * i + 1])]);
};

/** What `notify` publishes on the rooms channel: the sending server, the room and what changed. */
export const RoomNoticeEnvelope = t.Object({ o: t.String(), id: t.String(), w: RoomNotice });

export class RedisRoomStore implements RoomStore {
  readonly kind = 'redis' as const;
  private readonly handlers: ((id: string, what: RoomNotice) => void)[] = [];
  private readonly server = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;

  private constructor(
    private readonly redis: RedisClient, private readonly links: Link[], private readonly p: string,
    readonly maxRooms: number, private readonly ttlMs: number, readonly maxUnrated: number, private readonly now: () => number = Date.now,
  ) {
    this.locks = new RedisLocks(redis, { lockMs: LOCK_MS, waitMs: LOCK_WAIT_MS, busy: (id) => new RoomBusy(id), now });
  }

  private readonly locks: RedisLocks;

  static async connect(url: string, prefix: string, maxRooms: number, ttlMs: number, maxUnrated = DEFAULT_MAX_SAVED_GAMES, log?: WarnLog): Promise<RedisRoomStore> {
    // As the game sessions' connections: back after any outage, the channel subscribed again (redis-link.ts).
    const redis = new RedisClient(url, connectionOptions());
    const sub = new RedisClient(url, connectionOptions());
    await Promise.all([redis.connect(), sub.connect()]);
    const channels = new Subscriptions(sub, (m) => log?.warn(m));
    const store = new RedisRoomStore(redis, [keepConnected(redis), keepConnected(sub, () => channels.resubscribe())], prefix, maxRooms, ttlMs, maxUnrated);
    const read = channelReader(RoomNoticeEnvelope, new DropLog(log, `messages on ${prefix}rooms`));
    await channels.subscribe(`${prefix}rooms`, (message: string) => {
      const m = read(message);
      if (m) for (const h of store.handlers) h(m.id, m.w);
    });
    return store;
  }

  private key = (kind: string, id = '') => `${this.p}${kind}${id ? `:${id}` : ''}`;

  async create(record: RoomRecord): Promise<void> {
    // Counted and added in one script: servers creating at once cannot all pass the count.
    const added = Number(await this.redis.send('EVAL', [CREATE, '2', this.key('rooms'), this.key('room', record.id), String(this.maxRooms), JSON.stringify(record), String(this.ttlMs * 4), String(this.now()), record.id]));
    if (added !== 1) throw new TooManyRooms(this.maxRooms);
  }

  async get(id: string): Promise<RoomRecord | null> {
    const raw = await this.redis.get(this.key('room', id));
    return raw ? (JSON.parse(raw) as RoomRecord) : null;
  }

  async update(id: string, fn: (r: RoomRecord) => RoomRecord): Promise<RoomRecord> {
    return this.lock(id, async () => {
      const r = await this.get(id);
      if (!r) throw new Error(`room ${id} is gone`);
      const next = fn(r);
      await this.redis.send('SET', [this.key('room', id), JSON.stringify(next), 'PX', String(this.ttlMs * 4)]);
      return next;
    });
  }

  async steps(id: string, from: number): Promise<RoomStep[]> {
    return (await this.redis.lrange(this.key('rsteps', id), from, -1)).map((s) => JSON.parse(s) as RoomStep);
  }

  async append(id: string, at: number, steps: RoomStep[]): Promise<void> {
    const res = Number(await this.redis.send('EVAL', [APPEND, '2', this.key('rsteps', id), this.key('room', id), String(at), ...steps.map((s) => JSON.stringify(s))]));
    if (res === -2) throw new Error(`room ${id} is gone`);
    if (res === -1) throw new Error(`invariant: room ${id}: the step log moved on while step ${at} was being played`);
    await this.redis.pexpire(this.key('rsteps', id), this.ttlMs * 4);
    await this.touch(id);
  }

  lock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(this.key('rlock', id), id, fn);
  }

  async lease(id: string): Promise<boolean> {
    return this.locks.lease(this.key('rlease', id), this.server, ROOM_LEASE_MS);
  }

  async release(id: string): Promise<void> {
    if (await this.locks.release(this.key('rlease', id), this.server)) await this.notify(id, 'room');
  }

  async setConnections(id: string, counts: number[]): Promise<void> {
    const key = this.key('rconn', id);
    for (let seat = 0; seat < 4; seat++) {
      const member = `${seat}|${this.server}`;
      if ((counts[seat] ?? 0) > 0) await this.redis.zadd(key, this.now() + CONN_TTL_MS, member);
      else await this.redis.zrem(key, member);
    }
    await this.redis.pexpire(key, this.ttlMs * 4);
  }

  async connected(id: string): Promise<boolean[]> {
    const members = await this.redis.send('ZRANGEBYSCORE', [this.key('rconn', id), String(this.now()), '+inf']) as unknown as string[];
    const out = [false, false, false, false];
    for (const m of members) out[Number(m.split('|')[0])] = true;
    return out;
  }

  async seen(id: string, seat: number): Promise<void> {
    await this.redis.zadd(this.key('rconn', id), this.now() + SEEN_MS, `${seat}|seen`);
  }

  async notify(id: string, what: RoomNotice): Promise<void> {
    await this.redis.publish(`${this.p}rooms`, JSON.stringify({ o: this.server, id, w: what } satisfies typeof RoomNoticeEnvelope.static));
  }

  onNotice(handler: (id: string, what: RoomNotice) => void): void {
    this.handlers.push(handler);
  }

  async touch(id: string): Promise<void> {
    await this.redis.send('ZADD', [this.key('rooms'), 'XX', String(this.now()), id]);
    await this.redis.pexpire(this.key('room', id), this.ttlMs * 4);
  }

  async expire(cutoff: number): Promise<string[]> {
    const ids = await this.redis.send('ZRANGEBYSCORE', [this.key('rooms'), '-inf', `(${cutoff}`]) as unknown as string[];
    const gone: string[] = [];
    for (const id of ids) {
      if ((await this.connected(id)).some(Boolean)) continue;
      if (Number(await this.redis.zrem(this.key('rooms'), id)) === 0) continue;
      await this.redis.del(this.key('room', id), this.key('rsteps', id), this.key('rconn', id), this.key('rlease', id));
      gone.push(id);
    }
    return gone;
  }

  async ratings(names: string[]): Promise<Map<string, Rating>> {
    const out = new Map<string, Rating>();
    for (const name of names) {
      const [rating, games] = await this.redis.hmget(this.key('rating', name), ['rating', 'games']);
      if (rating != null) out.set(name, { name, rating: Number(rating), games: Number(games ?? 0) });
    }
    return out;
  }

  async topRatings(limit: number): Promise<Rating[]> {
    const top = pairs(await this.redis.send('ZRANGE', [this.key('ratings'), '0', String(limit - 1), 'REV', 'WITHSCORES']));
    const map = await this.ratings(top.map(([n]) => n));
    return top.map(([n]) => map.get(n)).filter((r): r is Rating => !!r);
  }

  /** One save at a time across servers (a short global lock), so a game counts once and ratings never race. */
  async saveResult(result: Omit<RoomResult, 'ratings'>, rate: (current: Map<string, Rating>) => RatingChange[]): Promise<RoomResult | null> {
    return this.locks.run(this.key('rlock', 'ratings'), 'ratings', async () => {
      if (await this.redis.exists(this.key('rgame', result.id))) return null;
      const names = result.names.filter((n): n is string => n !== null);
      const changes = result.rated ? rate(await this.ratings(names)) : [];
      for (const c of changes) {
        await this.redis.hset(this.key('rating', c.name), { rating: String(c.after), games: String(c.games) });
        await this.redis.zadd(this.key('ratings'), c.after, c.name);
      }
      const full: RoomResult = { ...result, ratings: changes };
      const { mjlog, ...summary } = full;
      await this.redis.send('EVAL', [SAVE_RESULT, '4', this.key('rlog', full.id), this.key('rgame', full.id), this.key('rgames'), this.key('runrated'),
        mjlog, JSON.stringify(summary), String(full.finishedAt), full.id, full.rated ? '1' : '0', String(this.maxUnrated), this.p]);
      return full;
    });
  }

  async results(limit: number, offset: number): Promise<{ results: RoomResultSummary[]; total: number }> {
    const total = Number(await this.redis.zcard(this.key('rgames')));
    const ids = await this.redis.send('ZRANGE', [this.key('rgames'), String(offset), String(offset + limit - 1), 'REV']) as unknown as string[];
    const heads = ids.length ? await this.redis.mget(...ids.map((id) => this.key('rgame', id))) : [];
    return { total, results: heads.filter((h): h is string => !!h).map((h) => JSON.parse(h) as RoomResultSummary) };
  }

  async result(id: string): Promise<RoomResult | null> {
    const head = await this.redis.get(this.key('rgame', id));
    if (!head) return null;
    return { ...(JSON.parse(head) as RoomResultSummary), mjlog: (await this.redis.get(this.key('rlog', id))) ?? '' };
  }

  async close(): Promise<void> {
    for (const link of this.links) link.close();
  }
}
