import { describe, expect, it } from 'bun:test';
import { COOLDOWN_MS, KeyPool } from '../../src/upstream/key-pool';
import { withoutBunHint } from '../../src/upstream/fallback';

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

  it('drops a key that failed authentication for the auth cooldown, or until a reload', () => {
    let now = 1_000;
    const pool = new KeyPool(() => now);
    pool.fail('p', 'sk-b', 401);
    now += COOLDOWN_MS * 10;
    expect(order(pool)).toEqual([2, 4]);
    pool.reload();
    expect(order(pool)).toEqual([2, 3, 4]);
  });

  it('when an auth rest ends with a re-checker, hands the key out last until the check settles', () => {
    let now = 1_000;
    const pool = new KeyPool(() => now, 60_000);
    const asked: number[] = [];
    pool.onRecheck = (_name, _provider, candidate) => asked.push(candidate.index);
    for (const key of ['sk-a', 'sk-b', 'sk-c']) pool.fail('p', key, 403);
    now += 60_000;
    expect(order(pool)).toEqual([2, 3, 4]); // every key re-checked, none ready: still tried rather than failing
    expect(order(pool)).toEqual([2, 3, 4]);
    expect(asked).toEqual([2, 3, 4]); // one check per key, not per request
    expect(pool.rechecked('p', 'sk-a', 200)).toBe(true);
    expect(pool.rechecked('p', 'sk-b', 402)).toBe(true);
    expect(pool.rechecked('p', 'sk-c', 529)).toBe(true);
    expect(order(pool)).toEqual([2, 4]); // sk-a free, sk-c cooling 60 s, sk-b resting another auth cooldown
    expect(pool.restingUntil('p', 'sk-b')).toBe(now + 60_000);
    expect(pool.rechecked('p', 'sk-a', 401)).toBe(false); // no check under way: ignored
    expect(order(pool)).toEqual([2, 4]);
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

describe("errors in the proxy's words", () => {
  it("drops Bun's advice to its own programmers (pass verbose: true) from an upstream error", () => {
    expect(withoutBunHint('The socket connection was closed unexpectedly. For more information, pass `verbose: true` in the second argument to fetch()'))
      .toBe('The socket connection was closed unexpectedly.');
    expect(withoutBunHint('ECONNREFUSED: Unable to connect.')).toBe('ECONNREFUSED: Unable to connect.');
  });
});
