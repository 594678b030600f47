import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createApp } from '../../src/app';
import { createAgent } from '../../src/engine/ai';
import type { RoomStep } from '../../src/modules/rooms/types';
import { autoChoice, openStream, post, type RawStream } from './helpers';

// What a cheating room player computes from what it is shown (README, Rooms, "Who sees what"):
// which seat is asked about a call, and whether a seat's discard could have been a riichi, must
// not show in another seat's views, events or clocks. Real HTTP and event streams; every human
// seat is an API client, bots are the built-in AIs.
let app: ReturnType<typeof createApp>;
let base: string;

beforeAll(() => {
  app = createApp({ roomSettings: { botDelayMs: 40, handPauseMs: 0 } }).listen({ hostname: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${app.server!.port}`;
});
afterAll(async () => {
  app.decorator.rooms.closeStreams();
  await app.stop(true);
});

const stateOf = async (id: string, token: string): Promise<any> => {
  const res = await fetch(`${base}/api/rooms/${id}/state`, { headers: { 'x-seat-token': token } });
  return res.status === 200 ? res.json() : null;
};

/** A started, seeded East-only room of `humans` API players (the others bots), each with its stream open. */
async function room(humans: number, seed: number) {
  const created = await post(base, '/api/rooms', { name: 'P0', max_round: 0, seed, spectator_delay_ms: 0, decision_ms: 120_000, bank_ms: 600_000, bots: 'strong' });
  const id = created.body.room.room_id as string;
  const tokens: string[] = [created.body.token];
  for (let i = 1; i < humans; i++) tokens.push((await post(base, `/api/rooms/${id}/seats`, { name: `P${i}` })).body.token);
  const streams = await Promise.all(tokens.map((t) => openStream(base, id, t)));
  expect((await post(base, `/api/rooms/${id}/start`, {}, tokens[0])).status).toBe(200);
  return { id, tokens, streams };
}

/** Events of `stream` once `seen` holds for them (streams deliver in order, a little later than the answers). */
async function eventsWhen(stream: RawStream, seen: (events: { event: string; data: any }[]) => boolean) {
  for (let i = 0; i < 2_000; i++) {
    const events = stream.events();
    if (seen(events)) return events;
    await Bun.sleep(5);
  }
  throw new Error('the stream never showed the expected event');
}

describe('a practice wall is no one player\'s secret', () => {
  it('a seeded room shows its seed to everyone, before they take a seat; an unseeded one none', async () => {
    const created = await post(base, '/api/rooms', { name: 'Host', seed: 4242 });
    const id = created.body.room.room_id as string;
    // Its creator could compute every hand and draw from it: whoever is invited is told as much.
    const stranger = (await (await fetch(`${base}/api/rooms/${id}`)).json()) as any;
    expect([stranger.seeded, stranger.seed]).toEqual([true, 4242]);
    const joined = await post(base, `/api/rooms/${id}/seats`, { name: 'Guest' });
    expect(joined.body.room.seed).toBe(4242);
    const fair = await post(base, '/api/rooms', { name: 'Host' });
    expect([fair.body.room.seeded, fair.body.room.seed]).toEqual([false, null]);
  });
});

describe('a room seat learns nothing of another seat\'s choices', () => {
  it('while a seat answers a call, the others\' views do not name it; a riichi-capable discard sends the others no clock', async () => {
    const { id, tokens, streams } = await room(4, 20261129);
    const brain = createAgent('heuristic');
    let calls = 0;
    let riichis = 0;
    try {
      for (let guard = 0; guard < 5_000 && (calls < 6 || riichis < 2); guard++) {
        const views = await Promise.all(tokens.map((t) => stateOf(id, t)));
        if (views.some((v) => v?.is_over)) break;
        const actor = views.findIndex((v) => v && v.turn === v.viewer && v.valid_actions.length > 0);
        if (actor < 0) { await Bun.sleep(2); continue; }
        const me = views[actor];
        if (me.phase >= 4 && me.phase < 16) {
          calls++;
          for (const v of views) {
            if (v.viewer === actor) continue;
            expect(v.turn).toBe(-1);
            // The engine's phase is 4/8/12 + the seat asked, named "P<seat>_RESPONSE" and so on.
            expect([4, 8, 12].map((b) => b + actor)).not.toContain(v.phase);
            expect(v.phase_name).not.toContain(`P${actor}_`);
          }
        }
        if (me.phase < 4 && !me.riichi_stage2 && me.riichi_tiles.length > 0 && riichis < 2) {
          // Throw a tile that could be a riichi (the engine then asks "riichi?"), and cancel: the
          // others see a plain discard, and must have seen nothing between it and the turn's start.
          const tile = me.riichi_tiles[0] as number;
          expect((await post(base, `/api/rooms/${id}/action`, { action_idx: tile }, tokens[actor])).body.state.riichi_stage2).toBe(true);
          expect((await post(base, `/api/rooms/${id}/action`, { action_idx: 52 }, tokens[actor])).status).toBe(200);
          riichis++;
          const marker = `"type":"action","player":${actor},"action":${tile}`;
          for (const s of streams.filter((_, seat) => seat !== actor)) {
            const events = await eventsWhen(s, (evs) => evs.some((e) => JSON.stringify(e.data).includes(marker)));
            let at = events.length - 1;
            while (!JSON.stringify(events[at]!.data).includes(marker)) at--;
            let clocks = 0;
            for (let i = at - 1; i >= 0 && events[i]!.event === 'clock'; i--) if (events[i]!.data.seat === actor) clocks++;
            // One clock: the one that started the turn. A second one would say the engine asked for a riichi.
            expect(clocks).toBe(1);
          }
          // The seat's own riichi question runs on the turn's clock: a fresh deadline would show too.
          const own = await eventsWhen(streams[actor]!, (evs) => evs.some((e) => e.event === 'action' && e.data.action === 52 && e.data.player === actor));
          const asked = own.findLastIndex((e) => e.event === 'action' && e.data.player === actor && e.data.state.riichi_stage2);
          const before = own.slice(0, asked).findLast((e) => e.event === 'clock');
          const during = own.slice(asked).find((e) => e.event === 'clock');
          expect(during?.data.deadline).toBe(before?.data.deadline);
          continue;
        }
        // The players play for real (the heuristic AI as each client's brain), so hands reach tenpai.
        await post(base, `/api/rooms/${id}/action`, { action_idx: brain.decide(me) }, tokens[actor]);
      }
      expect(calls).toBeGreaterThan(0);
      expect(riichis).toBeGreaterThan(0);
      // A seat's time bank and deadline are its own: bank time spent on a call it declined would
      // show at its next turn. Others are told when a turn began, never what is left of its bank.
      const again = await Promise.all(tokens.map((t) => openStream(base, id, t)));
      try {
        for (const [seat, s] of [...streams, ...again].map((s, i) => [i % 4, s] as const)) {
          const events = await eventsWhen(s, (evs) => evs.some((e) => e.event === 'snapshot'));
          for (const e of events.filter((e) => e.event === 'clock' && e.data.seat !== seat)) expect([e.data.bank_ms, e.data.deadline]).toEqual([undefined, undefined]);
          for (const e of events.filter((e) => e.event === 'clock' && e.data.seat === seat)) expect(typeof e.data.bank_ms).toBe('number');
          for (const e of events.filter((e) => e.event === 'snapshot')) expect(e.data.banks.map((b: unknown, i: number) => i === seat || b === null)).toEqual([true, true, true, true]);
        }
      } finally {
        for (const s of again) s.close();
      }
    } finally {
      for (const s of streams) s.close();
    }
  }, 120_000);

  it('a bot settles a riichi-capable discard at once, so its pause does not tell that it could riichi', async () => {
    const { id, tokens, streams } = await room(2, 7);
    const pairs: RoomStep[][] = [];
    try {
      for (let guard = 0; guard < 20_000 && pairs.length < 2; guard++) {
        const views = await Promise.all(tokens.map((t) => stateOf(id, t)));
        if (views.some((v) => v?.is_over)) break;
        for (const v of views) {
          const a = v ? autoChoice(v, v.viewer) : null;
          if (a !== null) await post(base, `/api/rooms/${id}/action`, { action_idx: a }, tokens[v.viewer]);
        }
        const steps = await app.decorator.rooms.store.steps(id, 0);
        pairs.length = 0;
        for (let i = 1; i < steps.length; i++) {
          const [s, t] = [steps[i - 1]!, steps[i]!];
          if (s.k === 'a' && t.k === 'a' && s.by === 'ai' && t.p === s.p && s.a <= 36 && (t.a === 48 || t.a === 52)) pairs.push([s, t]);
        }
        await Bun.sleep(5);
      }
      expect(pairs.length).toBeGreaterThan(0);
      // The confirmation is played in the same move as the discard: the same time, no bot delay between.
      for (const [discard, confirm] of pairs) expect(confirm!.t).toBe(discard!.t);
    } finally {
      for (const s of streams) s.close();
    }
  }, 120_000);
});
