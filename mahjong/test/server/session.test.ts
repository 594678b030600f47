import { afterAll, describe, expect, it } from 'bun:test';
import { createConsola } from 'consola';
import { engineFactories } from '../../src/modules/game/engine-adapter';
import type { AiPlayer } from '../../src/modules/game/port';
import { GameSession } from '../../src/modules/game/session';
import { testApp } from './helpers';
import { readEvents } from './sse';

const quiet = createConsola({ level: -999 });

describe('one action at a time', () => {
  it('runs exclusive work strictly in call order, even when each step awaits', async () => {
    const record = { id: 's', mode: 'human_ai' as const, aiModel: null, aiModels: [null, null, null, null], seed: 1, gameSeed: 1, maxRound: 0, delayMs: 0, createdAt: '', tokenHash: 't' };
    const s = new GameSession({ record, game: engineFactories.newGame(1, 0), ais: [null, null, null, null], log: quiet });
    const trace: string[] = [];
    const job = (name: string, ticks: number) => async () => {
      trace.push(`${name} start`);
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      trace.push(`${name} end`);
      return name;
    };
    const failing = async () => { trace.push('bad start'); throw new Error('boom'); };
    const results = await Promise.allSettled([s.exclusive(job('a', 5)), s.exclusive(failing), s.exclusive(job('b', 1))]);
    expect(trace).toEqual(['a start', 'a end', 'bad start', 'b start', 'b end']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('an AI that fails', () => {
  // A model-file AI is code the server does not control; it is reached through the factories seam.
  const failingAi = (seat: number, seed: number): AiPlayer => {
    const real = engineFactories.newAi('random', seat, seed);
    let calls = 0;
    return { name: 'flaky', decide: (game, s) => { if (seat === 1 && ++calls === 2) throw new Error('weights corrupt'); return real.decide(game, s); } };
  };
  const { app, call, close } = testApp({ log: quiet, factories: { newGame: engineFactories.newGame, newAi: (_m, seat, seed) => failingAi(seat, seed) } });
  afterAll(close);

  it('sends an error event {type, message} and the game goes on with a legal move', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 9, max_round: 0, delay_ms: 0 });
    const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    const seen: any[] = [];
    for await (const ev of readEvents(res.body!)) {
      seen.push(ev.data);
      if (ev.event === 'game_over') break;
    }
    await res.body!.cancel().catch(() => {});
    const errors = seen.filter((e) => e.type === 'error');
    expect(errors).toEqual([{ type: 'error', message: 'AI for P1 failed: weights corrupt' }]);
    const at = seen.indexOf(errors[0]);
    expect(seen[at + 1]).toMatchObject({ type: 'ai_action', player: 1 });
    expect(seen.at(-1).type).toBe('game_over');
  });
});

describe('idle expiry of a 4ai game', () => {
  const { app, call, close } = testApp({ log: quiet, limits: { ttlMs: 1 } });
  afterAll(close);

  it('keeps a watched game, and expires it once it is parked with nobody watching', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 3, max_round: 0, delay_ms: 20, ai_model: 'random' });
    const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    for await (const ev of readEvents(res.body!)) if (ev.event === 'ai_action') break;
    const games = app.decorator.games;
    expect(await games.sweep()).toBe(0);
    await res.body!.cancel().catch(() => {});
    const end = Date.now() + 5_000;
    while ((await games.sweep()) === 0 && Date.now() < end) await Bun.sleep(10);
    expect((await call('GET', `/api/game/${g.json.session_id}/state`)).status).toBe(404);
  });
});

describe('an engine that breaks mid-game', () => {
  // The engine is reached through the GameFactories port; this one throws on its 10th step.
  const { app, call, close } = testApp({
    log: quiet,
    factories: {
      newAi: engineFactories.newAi,
      newGame: (seed, maxRound) => {
        const game = engineFactories.newGame(seed, maxRound);
        let steps = 0;
        return { ...game, step: (p, a) => { if (++steps === 10) throw new TypeError('broken invariant'); return game.step(p, a); } };
      },
    },
  });
  afterAll(close);

  it('stops the 4ai game with an error event instead of an unhandled rejection', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 2, max_round: 0, delay_ms: 0, ai_model: 'random' });
    const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    let actions = 0;
    for await (const ev of readEvents(res.body!)) {
      if (ev.event === 'ai_action') actions++;
      if (ev.event === 'error') { expect(ev.data.message).toBe('the game stopped on an internal error'); break; }
    }
    await res.body!.cancel().catch(() => {});
    expect(actions).toBe(9);
    // The session is still there, and no longer busy, so it can expire.
    expect((await call('GET', `/api/game/${g.json.session_id}/state`)).status).toBe(200);
  });
});
