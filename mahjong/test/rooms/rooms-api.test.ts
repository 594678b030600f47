import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { waitFor } from '@devhub/shared/testing';
import { createApp } from '../../src/app';
import { autoChoice, openStream, playToEnd, post } from './helpers';

// Rooms over HTTP on one server (memory store): seats and tokens, refusals in the documented
// error shape, turn timers and automatic play, spectators, ratings.
let app: ReturnType<typeof createApp>;
let base: string;

beforeAll(() => {
  app = createApp({ roomSettings: { botDelayMs: 0, handPauseMs: 0 } }).listen({ hostname: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${app.server!.port}`;
});
afterAll(async () => {
  app.decorator.rooms.closeStreams();
  await app.stop(true);
});

const get = async (path: string, token?: string) => {
  const res = await fetch(`${base}${path}`, { headers: token ? { 'x-seat-token': token } : {} });
  return { status: res.status, body: (await res.json()) as any };
};

/** A room with Alice (creator, seat 0) and Bob (seat 1). */
async function twoSeats(options: Record<string, unknown> = {}) {
  const a = await post(base, '/api/rooms', { name: 'Alice', max_round: 0, spectator_delay_ms: 0, ...options });
  expect(a.status).toBe(200);
  const id = a.body.room.room_id as string;
  const b = await post(base, `/api/rooms/${id}/seats`, { name: 'Bob' });
  expect(b.status).toBe(200);
  return { id, alice: a.body.token as string, bob: b.body.token as string, created: a };
}

describe('seats and tokens', () => {
  it('invites by room id only and keeps the seat token in an HttpOnly cookie scoped to the room', async () => {
    const { id, alice, created } = await twoSeats();
    expect(created.body.invite).toBe(`${base}/room?id=${id}`);
    const cookie = created.headers.get('set-cookie')!;
    expect(cookie).toContain(`=${alice}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toContain(`Path=/api/rooms/${id}`);
    // The cookie names the seat as well as the header does.
    const viaCookie = await fetch(`${base}/api/rooms/${id}`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(((await viaCookie.json()) as any).you).toBe(0);
    expect((await get(`/api/rooms/${id}`)).body.you).toBeNull();
    const room = (await get(`/api/rooms/${id}`, alice)).body;
    expect(room.seats.map((s: any) => s.kind)).toEqual(['human', 'human', 'empty', 'empty']);
    expect(JSON.stringify(room)).not.toContain(alice);
  });

  it('refuses what it must, in the error shape', async () => {
    const { id, alice, bob } = await twoSeats();
    expect((await post(base, `/api/rooms/${id}/seats`, { name: 'bob' })).body.code).toBe('NAME_TAKEN');
    const blank = await post(base, `/api/rooms/${id}/seats`, { name: '   ' });
    expect([blank.status, blank.body.code]).toEqual([422, 'NAME_INVALID']);
    const taken = await post(base, `/api/rooms/${id}/seats`, { name: 'Carol', seat: 1 });
    expect([taken.status, taken.body.code]).toEqual([409, 'SEAT_TAKEN']);
    expect((await post(base, '/api/rooms', { name: 'X', decision_ms: 5 })).status).toBe(422);
    expect((await get('/api/rooms/nope')).body.code).toBe('ROOM_NOT_FOUND');
    const byBob = await post(base, `/api/rooms/${id}/start`, {}, bob);
    expect([byBob.status, byBob.body.code]).toEqual([409, 'ROOM_STATE']);
    expect((await post(base, `/api/rooms/${id}/start`, {})).body.code).toBe('SEAT_TOKEN_REQUIRED');
    expect((await post(base, `/api/rooms/${id}/start`, {}, 'f'.repeat(32))).body.code).toBe('WRONG_SEAT_TOKEN');
    expect((await post(base, `/api/rooms/${id}/action`, { action_idx: 1 }, alice)).body.code).toBe('NOT_YOUR_TURN');
    const alone = await post(base, '/api/rooms', { name: 'Solo' });
    const solo = await post(base, `/api/rooms/${alone.body.room.room_id}/start`, {}, alone.body.token);
    expect([solo.status, solo.body.code]).toEqual([409, 'NOT_ENOUGH_PLAYERS']);
    // A player may give the seat up before the start; the creator may not.
    const carol = await post(base, `/api/rooms/${id}/seats`, { name: 'Carol' });
    const left = await fetch(`${base}/api/rooms/${id}/seats/me`, { method: 'DELETE', headers: { 'x-seat-token': carol.body.token } });
    expect(left.status).toBe(200);
    expect(left.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(((await left.json()) as any).seats[2].kind).toBe('empty');
    const ownerLeaves = await fetch(`${base}/api/rooms/${id}/seats/me`, { method: 'DELETE', headers: { 'x-seat-token': alice } });
    expect(((await ownerLeaves.json()) as any).code).toBe('ROOM_STATE');
    expect((await post(base, `/api/rooms/${id}/start`, {}, alice)).status).toBe(200);
    expect((await post(base, `/api/rooms/${id}/seats`, { name: 'Late' })).body.code).toBe('ROOM_STATE');
    const bobLeaves = await fetch(`${base}/api/rooms/${id}/seats/me`, { method: 'DELETE', headers: { 'x-seat-token': bob } });
    expect(((await bobLeaves.json()) as any).code).toBe('ROOM_STATE');
  });
});

describe('timers, absence and spectators', () => {
  it('plays the drawn tile for a connected player out of time and says so; an absent player is played at once', async () => {
    const { id, alice, bob } = await twoSeats({ decision_ms: 150, bank_ms: 100 });
    const aliceStream = await openStream(base, id, alice);
    const bobStream = await openStream(base, id, bob);
    await waitFor(async () => (await get(`/api/rooms/${id}`)).body.seats[1].connected, 'Bob connected');
    bobStream.close();
    await waitFor(async () => !(await get(`/api/rooms/${id}`)).body.seats[1].connected, 'Bob away');
    await post(base, `/api/rooms/${id}/start`, {}, alice);
    // Alice is connected but never acts: her first discard comes when her time runs out.
    const timedOut = await waitFor(() => aliceStream.events().find((e) => e.event === 'action' && e.data.player === 0), 'Alice\'s timed-out move', 15_000);
    expect(timedOut.data.by).toBe('timeout');
    expect(timedOut.data.timeout).toBe(true);
    expect(timedOut.data.action).toBeLessThanOrEqual(36);
    const clock = aliceStream.events().find((e) => e.event === 'clock' && e.data.seat === 0)!;
    expect(clock.data.deadline - clock.data.started).toBe(250);
    // Her bank is spent for the rest of the hand: her next clock has none left.
    const next = await waitFor(() => aliceStream.events().filter((e) => e.event === 'clock' && e.data.seat === 0)[1], 'Alice\'s next clock', 15_000);
    expect(next.data.bank_ms).toBe(0);
    // Bob has no open stream: the server plays for him without waiting for his clock.
    const bobs = await waitFor(() => aliceStream.events().find((e) => e.event === 'action' && e.data.player === 1), 'a move for Bob', 15_000);
    expect(bobs.data.by).toBe('auto');
    aliceStream.close();
  });

  it('never sends a spectator a concealed hand, and shows the table as it was the delay ago', async () => {
    const { id, alice, bob } = await twoSeats({ max_round: 0 });
    const spectator = await openStream(base, id);
    const alicesView = await openStream(base, id, alice);
    await post(base, `/api/rooms/${id}/start`, {}, alice);
    await playToEnd(base, id, [alice, bob]);
    await waitFor(() => spectator.events().some((e) => e.event === 'game_over'), 'the spectator\'s game_over');
    const states = spectator.events().filter((e) => e.data.state).map((e) => e.data.state);
    expect(states.length).toBeGreaterThan(100);
    for (const s of states) {
      expect(s.viewer).toBe(-1);
      expect(s.valid_actions).toEqual([]);
      for (const p of s.players) {
        expect(p.drawn).toBeNull();
        expect(p.waits).toEqual([]);
        // Only a finished hand shows the hands Tenhou shows everyone (winners, tenpai at a draw).
        if (s.phase !== 16) expect(typeof p.hand).toBe('number');
      }
    }
    // On the raw stream: no tile list of a hand before the hand ends.
    for (const block of spectator.text().split('\n\n')) if (!/"phase":16/.test(block)) expect(block).not.toMatch(/"hand":\[/);
    // Alice's own stream shows her hand and never another's.
    for (const e of alicesView.events().filter((x) => x.data.state && x.data.state.phase !== 16)) {
      expect(Array.isArray(e.data.state.players[0].hand)).toBe(true);
      expect(e.data.state.players.slice(1).every((p: any) => typeof p.hand === 'number')).toBe(true);
    }
    spectator.close();
    alicesView.close();
  }, 90_000);

  it('a spectator joining late sees the table of the delay ago, not the present', async () => {
    const { id, alice, bob } = await twoSeats({ spectator_delay_ms: 600_000 });
    await post(base, `/api/rooms/${id}/start`, {}, alice);
    const alicesView = await openStream(base, id, alice);
    // Some moves are made…
    const now = await waitFor(async () => {
      for (const t of [alice, bob]) {
        const s = (await get(`/api/rooms/${id}/state`, t)).body;
        const a = autoChoice(s, s.viewer);
        if (a !== null) await post(base, `/api/rooms/${id}/action`, { action_idx: a }, t);
      }
      const s = (await get(`/api/rooms/${id}/state`, alice)).body;
      return s.tiles_left < 60 ? s : null;
    }, 'the hand under way', 20_000, 1);
    expect(now.tiles_left).toBeLessThan(60);
    const spectator = await openStream(base, id);
    const snapshot = await waitFor(() => spectator.events().find((e) => e.event === 'snapshot'), 'the spectator\'s snapshot');
    expect(snapshot.data.state.tiles_left).toBe(69);
    expect(snapshot.data.state.game.hand_index).toBe(0);
    expect(snapshot.data.delay_ms).toBe(600_000);
    expect((await get(`/api/rooms/${id}/state?watch=1`)).body.tiles_left).toBe(69);
    spectator.close();
    alicesView.close();
  });
});

describe('ratings', () => {
  it('rates an unseeded game between two humans once, bots unrated; a seeded game changes nothing', async () => {
    const before = (await get('/api/ratings')).body.ratings as any[];
    expect(before.find((r) => r.name === 'Rin')).toBeUndefined();
    const a = await post(base, '/api/rooms', { name: 'Rin', max_round: 0, bots: 'random' });
    const id = a.body.room.room_id;
    const b = await post(base, `/api/rooms/${id}/seats`, { name: 'Sho' });
    await post(base, `/api/rooms/${id}/start`, {}, a.body.token);
    await playToEnd(base, id, [a.body.token, b.body.token]);
    const game = await waitFor(async () => (await get('/api/room-games')).body.games.find((g: any) => g.game_id === id), 'the stored game');
    expect(game.rated).toBe(true);
    expect(game.names).toEqual(['Rin', 'Sho', null, null]);
    expect(game.bots).toEqual([null, null, 'random', 'random']);
    expect(game.ratings.map((c: any) => c.name)).toEqual(['Rin', 'Sho']);
    for (const c of game.ratings) {
      // East only: half of (50 − 20 × place + (table average − R) / 40), all at 1500 at first.
      expect(c.delta).toBe((50 - 20 * c.place) * 0.5);
      expect(c.after).toBe(1500 + c.delta);
    }
    const ratings = (await get('/api/ratings')).body.ratings as any[];
    expect(ratings.find((r) => r.name === 'Rin')).toEqual({ name: 'Rin', rating: game.ratings[0].after, games: 1 });
    const room = (await get(`/api/rooms/${id}`)).body;
    expect(room.status).toBe('over');
    expect(room.ratings.length).toBe(2);
    const xml = await fetch(`${base}/api/room-games/${id}/export?format=xml`);
    expect(xml.status).toBe(200);
    const log = await xml.text();
    expect(log).toContain('<mjloggm');
    // Not a 31-bit seed a player could search for: the walls came from a committed 256-bit secret, revealed at the end.
    const [, commitment, secret] = /seed="devhub-v2,([0-9a-f]{64}),([0-9a-f]{64})"/.exec(log) ?? [];
    expect(commitment).toBe(new Bun.CryptoHasher('sha256').update(`devhub-wall-v2:${secret}`).digest('hex'));

    const s = await post(base, '/api/rooms', { name: 'Rin', max_round: 0, bots: 'random', seed: 7 });
    const sid = s.body.room.room_id;
    const t = await post(base, `/api/rooms/${sid}/seats`, { name: 'Sho' });
    await post(base, `/api/rooms/${sid}/start`, {}, s.body.token);
    await playToEnd(base, sid, [s.body.token, t.body.token]);
    const seeded = await waitFor(async () => (await get('/api/room-games')).body.games.find((g: any) => g.game_id === sid), 'the seeded game');
    expect([seeded.seeded, seeded.rated, seeded.ratings]).toEqual([true, false, []]);
    expect((await get('/api/ratings')).body.ratings.find((r: any) => r.name === 'Rin').games).toBe(1);
  }, 120_000);
});
