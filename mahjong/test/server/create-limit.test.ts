import { afterAll, describe, expect, it } from 'bun:test';
import { createConsola } from 'consola';
import { createApp } from '../../src/app';
import { clientKey, parseAddress, TrustedProxies } from '../../src/server/client-address';
import { ClientBuckets, parseCreateRate } from '../../src/server/client-buckets';
import { pipelinedFrom, postFrom } from './from-address';

// The per-client limit on starting games and rooms, over real sockets: each 127.x.y.z source
// address is a different client to a server listening on 127.0.0.1.
const ADMIN = 'create-limit-admin-token-01';
const PROXY = '127.0.0.9';
const rate = { count: 2, windowMs: 60_000, burst: 2 };
const quiet = createConsola({ level: -999 });

function listening(deps: Parameters<typeof createApp>[0]) {
  const app = createApp({ log: quiet, adminToken: ADMIN, ...deps }).listen({ hostname: '127.0.0.1', port: 0 });
  afterAll(() => app.stop(true));
  return { app, port: app.server!.port! };
}

const { port } = listening({ createRate: rate, trustedProxies: [PROXY] });
const newGame = (from: string, headers: Record<string, string> = {}) => postFrom(from, port, '/api/game/new', { mode: 'human_ai', seed: 5, max_round: 0 }, headers);

describe('per-client creation limit', () => {
  it('answers a flood from one address with 429 and Retry-After, while another address and the admin token still start games', async () => {
    expect((await newGame('127.0.0.2')).status).toBe(200);
    expect((await postFrom('127.0.0.2', port, '/api/rooms', { name: 'Ann', max_round: 0 })).status).toBe(200);
    const over = await newGame('127.0.0.2');
    expect(over.status).toBe(429);
    const { code, detail, retry_after } = over.json;
    expect([code, typeof detail, typeof retry_after]).toEqual(['RATE_LIMITED', 'string', 'number']);
    expect(detail).toContain('2/min');
    expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(over.retryAfter)).toBe(retry_after);
    // Rooms and a trailing slash count against the same bucket.
    expect((await postFrom('127.0.0.2', port, '/api/rooms', { name: 'Ann', max_round: 0 })).status).toBe(429);
    expect((await postFrom('127.0.0.2', port, '/api/game/new/', {})).status).toBe(429);
    // Someone else (the owner at another address) is not limited by that flood.
    for (let i = 0; i < 2; i++) expect((await newGame('127.0.0.3')).status).toBe(200);
    // The admin token is never limited, even from the flooding address.
    for (const headers of [{ 'x-session-token': ADMIN }, { authorization: `Bearer ${ADMIN}` }] as Record<string, string>[]) expect((await newGame('127.0.0.2', headers)).status).toBe(200);
    // A wrong token is no exemption.
    expect((await newGame('127.0.0.2', { 'x-session-token': 'not-the-admin-token' })).status).toBe(429);
  });

  it('never limits the owner\'s own machine (127.0.0.1 with no forwarding header), but does a tunnel relaying from it', async () => {
    // A script on this machine starting many games: far past the burst of 2.
    for (let i = 0; i < 6; i++) expect((await newGame('127.0.0.1')).status).toBe(200);
    // A tunnel or reverse proxy on this machine connects from 127.0.0.1 too, and says it relays.
    const relayed = async (headers: Record<string, string>) => (await newGame('127.0.0.1', headers)).status;
    expect(await relayed({ 'x-forwarded-for': '203.0.113.7' })).toBe(200);
    expect(await relayed({ 'cf-connecting-ip': '203.0.113.8' })).toBe(200);
    expect(await relayed({ forwarded: 'for=203.0.113.9' })).toBe(429);
    // The owner's own requests still pass while the tunnel's share of 127.0.0.1 is used up.
    expect((await newGame('127.0.0.1')).status).toBe(200);
  });

  it('does not believe X-Forwarded-For from a peer that is not a named proxy: forging it neither escapes the limit nor spends another client\'s', async () => {
    for (let i = 0; i < 2; i++) expect((await newGame('127.0.1.2', { 'x-forwarded-for': `10.9.9.${i}` })).status).toBe(200);
    expect((await newGame('127.0.1.2', { 'x-forwarded-for': '10.9.9.7' })).status).toBe(429);
    // The flood named 127.0.1.3 in its header: 127.0.1.3's own bucket is untouched.
    for (let i = 0; i < 3; i++) await newGame('127.0.1.4', { 'x-forwarded-for': '127.0.1.3' });
    for (let i = 0; i < 2; i++) expect((await newGame('127.0.1.3')).status).toBe(200);
  });

  it('tells the operator once that a peer sends X-Forwarded-For without being a trusted proxy', async () => {
    const warnings: string[] = [];
    const log = createConsola({ level: 3, reporters: [{ log: (entry) => { if (entry.type === 'warn') warnings.push(entry.args.join(' ')); } }] });
    const own = listening({ createRate: rate, log });
    for (let i = 0; i < 3; i++) await postFrom('127.0.4.2', own.port, '/api/game/new', { mode: 'nonsense' }, { 'x-forwarded-for': '198.51.100.1' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('--trusted-proxy 127.0.4.2');
  });

  it('behind a named proxy, limits the right-most address the proxy did not add, whatever a client prepends', async () => {
    // Two clients behind the proxy: each gets its own bucket.
    for (let i = 0; i < 2; i++) expect((await newGame(PROXY, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
    expect((await newGame(PROXY, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    expect((await newGame(PROXY, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
    // The client forges entries in front of the one the proxy appended: still its own bucket.
    expect((await newGame(PROXY, { 'x-forwarded-for': '203.0.113.50, 198.51.100.7' })).status).toBe(429);
    expect((await newGame(PROXY, { 'x-forwarded-for': '203.0.113.51' })).status).toBe(200);
    // A chain through a second hop of the proxy itself is walked past it; nonsense is charged to the proxy hop that passed it on.
    expect((await newGame(PROXY, { 'x-forwarded-for': `198.51.100.7, ${PROXY}` })).status).toBe(429);
    // A peer that is not the proxy is charged itself, whatever it claims.
    for (let i = 0; i < 2; i++) expect((await newGame('127.0.2.2', { 'x-forwarded-for': '198.51.100.99' })).status).toBe(200);
    expect((await newGame('127.0.2.2', { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
    expect((await newGame(PROXY, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(200);
  });

  it('keeps a bounded bucket table under requests from many addresses', async () => {
    const bounded = listening({ createRate: rate, maxClients: 16 });
    const buckets = bounded.app.decorator.createBuckets!;
    for (let i = 1; i <= 60; i++) {
      // An invalid body still passes the limit first (422 after it): no game is started.
      const res = await postFrom(`127.0.3.${i}`, bounded.port, '/api/game/new', { mode: 'nonsense' });
      expect(res.status).toBe(422);
      expect(buckets.size).toBeLessThanOrEqual(16);
    }
    expect(buckets.size).toBe(16);
  });
});

describe('games and rooms held per client', () => {
  const held = listening({ maxPerClient: 2 });
  const start = (from: string, headers: Record<string, string> = {}) => postFrom(from, held.port, '/api/game/new', { mode: 'human_ai', seed: 5, max_round: 0 }, headers);

  it('refuses a third game or room from one address with 429 until one of its games is gone; others and the admin are not affected', async () => {
    const first = await start('127.0.6.2');
    expect(first.status).toBe(200);
    expect((await postFrom('127.0.6.2', held.port, '/api/rooms', { name: 'Ann', max_round: 0 })).status).toBe(200);
    for (const over of [await start('127.0.6.2'), await postFrom('127.0.6.2', held.port, '/api/rooms', { name: 'Ann', max_round: 0 })]) {
      expect(over.status).toBe(429);
      expect([over.json.code, over.json.max_per_client, over.retryAfter]).toEqual(['TOO_MANY_FOR_CLIENT', 2, '60']);
    }
    expect((await start('127.0.6.3')).status).toBe(200);
    expect((await start('127.0.6.2', { 'x-session-token': ADMIN })).status).toBe(200);
    // Deleting one of its games frees a place.
    const del = await fetch(`http://127.0.0.1:${held.port}/api/game/${first.json.session_id}`, { method: 'DELETE', headers: { 'x-session-token': first.json.token } });
    expect(del.status).toBe(200);
    expect((await start('127.0.6.2')).status).toBe(200);
    expect((await start('127.0.6.2')).status).toBe(429);
  });

  it('gives the place back when the creation fails', async () => {
    expect((await start('127.0.6.4')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await postFrom('127.0.6.4', held.port, '/api/game/new', { mode: 'nonsense' })).status).toBe(422);
    expect((await start('127.0.6.4')).status).toBe(200);
    expect((await start('127.0.6.4')).status).toBe(429);
  });

  it('gives it back before the 422 is sent: a request right behind a failed one on the same connection is not refused for it', async () => {
    const nonsense = { mode: 'nonsense' };
    const game = { mode: 'human_ai', seed: 5, max_round: 0 };
    // Two places: two failures, then two games, the requests pipelined on one connection.
    expect(await pipelinedFrom('127.0.6.5', held.port, '/api/game/new', [nonsense, nonsense, game, game, game])).toEqual([422, 422, 200, 200, 429]);
  });
});

describe('ClientBuckets', () => {
  it('refills at the rate, drops buckets that are full again and never holds more than maxClients', () => {
    let now = 0;
    const b = new ClientBuckets({ count: 1, windowMs: 1_000, burst: 2 }, 3, () => now);
    expect([b.take('a'), b.take('a')]).toEqual([0, 0]);
    expect(b.take('a')).toBe(1_000);
    now += 500;
    expect(b.take('a')).toBe(500);
    now += 500;
    expect(b.take('a')).toBe(0);
    for (const k of ['b', 'c', 'd', 'e']) b.take(k);
    expect(b.size).toBe(3);
    // Idle long enough to be full again: the next request clears them all but its own.
    now += 10_000;
    b.take('f');
    expect(b.size).toBe(1);
  });
});

describe('client addresses', () => {
  const key = (a: string) => clientKey(parseAddress(a)!);

  it('counts a dual-stack socket\'s IPv4-mapped address as the IPv4 one, and an IPv6 client by its /64', () => {
    expect(key('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(key('[::ffff:7f00:1]:8080')).toBe('127.0.0.1');
    expect(key('203.0.113.9:443')).toBe('203.0.113.9');
    expect(key('2001:db8:1:2:aaaa::1')).toBe(key('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(key('2001:db8:1:2::1')).not.toBe(key('2001:db8:1:3::1'));
    expect(key('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    for (const bad of ['', 'localhost', '1.2.3.256', '1:2:3:4:5:6:7:8:9', '1::2::3', 'unknown']) expect([bad, parseAddress(bad)]).toEqual([bad, null]);
  });

  it('reads --trusted-proxy addresses and CIDR ranges, and refuses anything else', () => {
    const t = new TrustedProxies(['10.0.0.0/8', 'fd00::/8', '192.0.2.1', '[::1]']);
    for (const a of ['10.200.1.1', 'fd12::5', '192.0.2.1', '::1', '::ffff:10.0.0.1']) expect([a, t.has(parseAddress(a)!)]).toEqual([a, true]);
    for (const a of ['11.0.0.1', 'fe00::1', '192.0.2.2', '::2']) expect([a, t.has(parseAddress(a)!)]).toEqual([a, false]);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0.0/8/1', '::1/129']) expect(() => new TrustedProxies([bad])).toThrow('--trusted-proxy');
  });

  it('reads --create-rate', () => {
    expect(parseCreateRate('30/min', undefined)).toEqual({ count: 30, windowMs: 60_000, burst: 10 });
    expect(parseCreateRate('2/s', '5')).toEqual({ count: 2, windowMs: 1_000, burst: 5 });
    expect(parseCreateRate('3/hour', undefined)).toEqual({ count: 3, windowMs: 3_600_000, burst: 3 });
    expect(parseCreateRate('20 / Minutes', undefined)).toEqual({ count: 20, windowMs: 60_000, burst: 10 });
    expect(parseCreateRate('off', undefined)).toBeNull();
    for (const bad of ['30', '30/fortnight', '30/constructor', '-1/min', 'x/min']) expect(() => parseCreateRate(bad, undefined)).toThrow('--create-rate');
  });
});
