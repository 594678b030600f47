/**
 * The cross-server lock and lease that game sessions (redis.ts) and rooms (modules/rooms) share.
 * A lock is a random value under SET NX PX, renewed every third of its life while its holder runs
 * and deleted only by its holder, so a server that dies holding one blocks the key for at most
 * `lockMs`. A lease names the one server that drives a game; whoever holds it renews it.
 */
import type { RedisClient } from 'bun';

const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const LEASE = `local v = redis.call('GET', KEYS[1])
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;

export interface RedisLockOptions {
  /** How long a lock outlives a holder that stopped renewing it. */
  lockMs: number;
  /** How long a caller waits for a lock before `busy`. */
  waitMs: number;
  /** The error for a lock that stayed taken for `waitMs` (named after what was locked). */
  busy: (name: string) => Error;
  now?: () => number;
}

export class RedisLocks {
  /** Locks this process holds, chained so that local contention never spins on Redis. */
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly now: () => number;

  constructor(private readonly redis: RedisClient, private readonly o: RedisLockOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Runs `fn` holding `key`, after this process's earlier callers for the same key. */
  run<T>(key: string, name: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.chains.get(key) ?? Promise.resolve()).then(() => this.held(key, name, fn));
    const tail = run.catch(() => undefined);
    this.chains.set(key, tail);
    void tail.then(() => { if (this.chains.get(key) === tail) this.chains.delete(key); });
    return run;
  }

  private async held<T>(key: string, name: string, fn: () => Promise<T>): Promise<T> {
    const mine = crypto.randomUUID();
    const deadline = this.now() + this.o.waitMs;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      if ((await this.redis.send('SET', [key, mine, 'NX', 'PX', String(this.o.lockMs)])) === 'OK') break;
      if (this.now() > deadline) throw this.o.busy(name);
      await Bun.sleep(wait);
    }
    const renew = setInterval(() => void this.redis.send('EVAL', [RENEW, '1', key, mine, String(this.o.lockMs)]).catch(() => undefined), this.o.lockMs / 3);
    try {
      return await fn();
    } finally {
      clearInterval(renew);
      await this.redis.send('EVAL', [UNLOCK, '1', key, mine]).catch(() => undefined);
    }
  }

  /** Takes or renews the lease `key` for `owner`; false while another owner holds it. */
  async lease(key: string, owner: string, ms: number): Promise<boolean> {
    return Number(await this.redis.send('EVAL', [LEASE, '1', key, owner, String(ms)])) === 1;
  }

  /** Gives the lease up; true when `owner` held it. */
  async release(key: string, owner: string): Promise<boolean> {
    return Number(await this.redis.send('EVAL', [UNLOCK, '1', key, owner])) > 0;
  }
}
