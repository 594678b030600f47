/**
 * Finished games in Redis (the shared backend, redis.ts). Keys under the prefix: game:{id} (the
 * summary, JSON), log:{id} (Tenhou XML), games (zset id → finish time), owner:{sha256 of token}
 * (zset of that token's games).
 */
import { AppError } from '@devhub/shared';
import type { RedisClient } from 'bun';
import { DEFAULT_MAX_SAVED_GAMES, MIN_PREFIX, normaliseQuery, StoreUnavailable } from './game-store';
import type { GameQuery, GameStore, GameSummary, StoredGame } from './types';

interface GameHead extends Omit<StoredGame, 'mjlog'> {}

/**
 * One game written and the oldest past the cap removed in one step, so servers sharing the
 * store never leave a half-written or half-removed game. KEYS: log, game, games, owner;
 * ARGV: mjlog, summary, finish time, id, games kept, key prefix.
 */
const SAVE = `redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[4])
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
local excess = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[5])
if excess <= 0 then return 0 end
local p = ARGV[6]
local old = redis.call('ZRANGE', KEYS[3], 0, excess - 1)
for _, id in ipairs(old) do
  local head = redis.call('GET', p .. 'game:' .. id)
  if head then
    local ok, g = pcall(cjson.decode, head)
    if ok and type(g) == 'table' and type(g.tokenHash) == 'string' then redis.call('ZREM', p .. 'owner:' .. g.tokenHash, id) end
  end
  redis.call('DEL', p .. 'game:' .. id, p .. 'log:' .. id)
  redis.call('ZREM', KEYS[3], id)
end
return #old`;

export class RedisGameStore implements GameStore {
  readonly kind = 'redis' as const;

  constructor(private readonly redis: RedisClient, private readonly p: string, readonly location: string, readonly maxGames = DEFAULT_MAX_SAVED_GAMES) {}

  private game = (id: string) => `${this.p}game:${id}`;
  private log = (id: string) => `${this.p}log:${id}`;
  private games = () => `${this.p}games`;
  private owner = (hash: string) => `${this.p}owner:${hash}`;

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new StoreUnavailable(`Redis at ${this.location} is not answering: ${(err as Error).message ?? String(err)}`);
    }
  }

  /** Stores the game; past `maxGames` the oldest are removed with their logs and owner entries. */
  async save(g: StoredGame): Promise<void> {
    const { mjlog, ...head } = g;
    await this.run(async () => {
      await this.redis.send('EVAL', [SAVE, '4', this.log(g.id), this.game(g.id), this.games(), this.owner(g.tokenHash),
        mjlog, JSON.stringify(head), String(Date.parse(g.finishedAt)), g.id, String(this.maxGames), this.p]);
    });
  }

  async list(query: Partial<GameQuery>): Promise<{ games: GameSummary[]; total: number }> {
    const q = normaliseQuery(query);
    return this.run(async () => {
      let ids: string[];
      let total: number;
      if (q.owners === 'all') {
        total = Number(await this.redis.zcard(this.games()));
        ids = await this.redis.send('ZRANGE', [this.games(), String(q.offset), String(q.offset + q.limit - 1), 'REV']) as unknown as string[];
      } else {
        // A caller owns few games: merge their owners' sets, newest first.
        const scored = new Map<string, number>();
        for (const h of q.owners) {
          const flat = await this.redis.send('ZRANGE', [this.owner(h), '0', '-1', 'WITHSCORES']) as unknown as (string | [string, number])[];
          const pairs = Array.isArray(flat[0]) ? (flat as [string, number][]) : Array.from({ length: flat.length / 2 }, (_, i) => [String(flat[2 * i]), Number(flat[2 * i + 1])] as [string, number]);
          for (const [id, s] of pairs) scored.set(id, Number(s));
        }
        const all = [...scored].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
        total = all.length;
        ids = all.slice(q.offset, q.offset + q.limit);
      }
      const heads = ids.length ? await this.redis.mget(...ids.map((id) => this.game(id))) : [];
      const games = heads.filter((h): h is string => !!h).map((h) => { const { tokenHash: _t, ...s } = JSON.parse(h) as GameHead; return { ...s, seeded: s.seeded ?? true }; });
      return { games, total };
    });
  }

  async get(id: string): Promise<StoredGame | null> {
    return this.run(async () => {
      let key = id;
      let head = await this.redis.get(this.game(id));
      if (!head && id.length >= MIN_PREFIX) {
        const ids = (await this.redis.send('ZRANGE', [this.games(), '0', '-1']) as unknown as string[]).filter((g) => g.startsWith(id));
        if (ids.length === 1) { key = ids[0]!; head = await this.redis.get(this.game(key)); }
      }
      if (!head) return null;
      const mjlog = (await this.redis.get(this.log(key))) ?? '';
      const g = JSON.parse(head) as GameHead;
      // Games stored before `seeded` existed were all dealt from 31-bit seeds.
      return { ...g, seeded: g.seeded ?? true, mjlog };
    });
  }

  async close(): Promise<void> {}
}
