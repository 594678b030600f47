import { describe, expect, it } from 'bun:test';
import { COOLDOWN_MS, KeyPool } from '../../src/upstream/key-pool';

const provider = { base_url: 'http://x', api_keys: [{ key: 'YOUR_API_KEY' }, { key: 'sk-a' }, { key: 'sk-b' }, { key: 'sk-c' }] };
const order = (pool: KeyPool) => pool.candidates('p', provider).map((c) => c.index);

describe('key pool', () => {
  it('skips placeholders and starts at the first real key (1-based indices)', () => {
    expect(order(new KeyPool())).toEqual([2, 3, 4]);
  });

  it('moves a key that hit 429 behind the others for 60 s', () => {
    let now = 1_000;
    const pool = new KeyPool(() => now);
    pool.fail('p', 'sk-a', 429);
    expect(order(pool)).toEqual([3, 4, 2]);
    now += COOLDOWN_MS;
    expect(order(pool)).toEqual([2, 3, 4]);
  });

  it('drops a key that failed authentication until reload', () => {
    let now = 1_000;
    const pool = new KeyPool(() => now);
    pool.fail('p', 'sk-b', 401);
    now += COOLDOWN_MS * 10;
    expect(order(pool)).toEqual([2, 4]);
    pool.reload();
    expect(order(pool)).toEqual([2, 3, 4]);
  });

  it('treats connection errors like 5xx and forgets a key after it succeeds', () => {
    const pool = new KeyPool(() => 0);
    pool.fail('p', 'sk-a', null);
    expect(order(pool)).toEqual([3, 4, 2]);
    pool.succeed('p', 'sk-a');
    expect(order(pool)).toEqual([2, 3, 4]);
  });

  it('keeps state per provider', () => {
    const pool = new KeyPool(() => 0);
    pool.fail('other', 'sk-a', 403);
    expect(order(pool)).toEqual([2, 3, 4]);
  });
});
