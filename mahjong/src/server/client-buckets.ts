/**
 * How fast one client may start games and rooms (`serve --create-rate`, README "Security model"):
 * `count` per `windowMs`, up to `burst` at once.
 */
export interface CreateRate {
  count: number;
  windowMs: number;
  burst: number;
}

/** `serve --create-rate 30/min --create-burst 10` (README, "Security model"). */
export const DEFAULT_CREATE_RATE: CreateRate = { count: 30, windowMs: 60_000, burst: 10 };
/** Clients whose buckets are remembered at once; the least recently seen goes first. */
export const DEFAULT_MAX_CLIENTS = 10_000;

const UNITS: Record<string, number> = {
  s: 1_000, sec: 1_000, secs: 1_000, second: 1_000, seconds: 1_000,
  m: 60_000, min: 60_000, mins: 60_000, minute: 60_000, minutes: 60_000,
  h: 3_600_000, hr: 3_600_000, hour: 3_600_000, hours: 3_600_000, d: 86_400_000, day: 86_400_000, days: 86_400_000,
};

/** "30/min", "2/s", "100/hour", "500/day" (also "30/minute", "2/sec", …); "off" (or 0) turns the limit off (null). Throws RangeError naming the flag. */
export function parseCreateRate(text: string, burst: string | undefined, flag = '--create-rate'): CreateRate | null {
  const value = text.trim().toLowerCase();
  if (value === 'off' || value === '0') return null;
  const m = /^(\d+)\s*\/\s*([a-z]+)$/.exec(value);
  const windowMs = m && Object.hasOwn(UNITS, m[2]!) ? UNITS[m[2]!] : undefined;
  if (!m || windowMs === undefined || Number(m[1]) < 1) throw new RangeError(`${flag} must be <count>/<s|min|hour|day> (e.g. 30/min) or off, got "${text}"`);
  const count = Number(m[1]);
  const b = burst === undefined ? Math.min(DEFAULT_CREATE_RATE.burst, count) : Number(burst);
  if (!Number.isInteger(b) || b < 1) throw new RangeError(`--create-burst must be a whole number of at least 1, got "${burst}"`);
  return { count, windowMs, burst: b };
}

export const describeRate = (r: CreateRate): string => {
  const unit = ({ 1_000: 's', 60_000: 'min', 3_600_000: 'hour', 86_400_000: 'day' } as Record<number, string>)[r.windowMs] ?? `${r.windowMs} ms`;
  return `${r.count}/${unit}, burst ${r.burst}`;
};

interface Bucket { tokens: number; at: number }

/**
 * A token bucket per client. The map is ordered by last use; a bucket that has filled up again
 * is the same as a new one and is dropped, and past `maxClients` the least recently used goes
 * (which can only give that client a full bucket again, never take anyone's away).
 */
export class ClientBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(readonly rate: CreateRate, readonly maxClients = DEFAULT_MAX_CLIENTS, private readonly now: () => number = Date.now) {}

  get size(): number { return this.buckets.size; }

  private level(b: Bucket, now: number): number {
    return Math.min(this.rate.burst, b.tokens + ((now - b.at) * this.rate.count) / this.rate.windowMs);
  }

  /** Takes a token for `key`: 0 when granted, else the milliseconds until one is there. */
  take(key: string): number {
    const now = this.now();
    const old = this.buckets.get(key);
    const tokens = old ? this.level(old, now) : this.rate.burst;
    this.buckets.delete(key);
    const granted = tokens >= 1;
    this.buckets.set(key, { tokens: granted ? tokens - 1 : tokens, at: now });
    this.sweep(now);
    return granted ? 0 : Math.ceil(((1 - tokens) * this.rate.windowMs) / this.rate.count);
  }

  private sweep(now: number): void {
    for (const [key, b] of this.buckets) {
      if (this.buckets.size <= this.maxClients && this.level(b, now) < this.rate.burst) break;
      this.buckets.delete(key);
    }
  }
}
