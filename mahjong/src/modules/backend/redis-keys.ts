/** The Redis keys and channels of one prefix (the layout is in redis.ts). */
export class RedisKeys {
  constructor(readonly p: string) {}
  session = (id: string) => `${this.p}s:${id}`;
  steps = (id: string) => `${this.p}steps:${id}`;
  subs = (id: string) => `${this.p}subs:${id}`;
  lock = (id: string) => `${this.p}lock:${id}`;
  lease = (id: string) => `${this.p}lease:${id}`;
  active = () => `${this.p}active`;
  events = (id: string) => `${this.p}ev:${id}`;
  control = () => `${this.p}control`;
}
