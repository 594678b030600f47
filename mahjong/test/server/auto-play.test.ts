import { afterAll, describe, expect, it } from 'bun:test';
import { HeuristicAgent } from '../../src/engine/ai';
import { createLogger } from '@devhub/shared';
import { memoryBackend } from '../../src/modules/backend/memory';
import { autoAction, NO_AUTO } from '../../src/modules/game/auto-play';
import { engineFactories } from '../../src/modules/game/engine-adapter';
import { GameService } from '../../src/modules/game/service';
import { testApp } from './helpers';
import { readEvents } from './sse';

const { app, call, close, tokens } = testApp();
afterAll(close);

/** A view of seat 0 as autoAction reads it. */
const view = (phase: number, valid: number[], me: { riichi?: boolean; drawn?: number | null } = {}) => ({
  phase, valid_actions: valid, riichi_stage2: false,
  players: [{ seat: 0, riichi: me.riichi ?? false, drawn: me.drawn ?? null }, { seat: 1, riichi: false, drawn: null }],
});

describe('the human seat\'s automatic play', () => {
  it('cuts the drawn tile in riichi when nothing else is possible, and asks when a tsumo or kan is', () => {
    expect(autoAction(view(0, [12], { riichi: true, drawn: 49 }), 0, NO_AUTO)).toBe(12);
    expect(autoAction(view(0, [35], { riichi: true, drawn: 52 }), 0, NO_AUTO)).toBe(35); // the red 5p
    expect(autoAction(view(0, [12, 50], { riichi: true, drawn: 49 }), 0, NO_AUTO)).toBeNull();
    expect(autoAction(view(0, [12, 45], { riichi: true, drawn: 49 }), 0, NO_AUTO)).toBeNull();
    expect(autoAction(view(0, [3, 12, 20], { drawn: 49 }), 0, NO_AUTO)).toBeNull();
  });

  it('auto-win declares tsumo and ron; auto-pass cuts each drawn tile; no-calls skips calls but asks for a ron', () => {
    expect(autoAction(view(0, [3, 12, 50], { drawn: 49 }), 0, { ...NO_AUTO, win: true })).toBe(50);
    expect(autoAction(view(5, [49, 53]), 0, { ...NO_AUTO, win: true })).toBe(49);
    expect(autoAction(view(0, [3, 12, 20, 45, 51], { drawn: 49 }), 0, { ...NO_AUTO, pass: true })).toBe(12);
    expect(autoAction(view(0, [3, 12, 50], { drawn: 49 }), 0, { ...NO_AUTO, pass: true })).toBeNull();
    expect(autoAction(view(0, [3, 12]), 0, { ...NO_AUTO, pass: true })).toBeNull(); // after a call: no drawn tile
    expect(autoAction(view(5, [37, 43, 53]), 0, { ...NO_AUTO, no_calls: true })).toBe(53);
    expect(autoAction(view(5, [43, 49, 53]), 0, { ...NO_AUTO, no_calls: true })).toBeNull();
    expect(autoAction(view(5, [43, 53]), 0, NO_AUTO)).toBeNull();
    expect(autoAction(view(5, [46, 53]), 0, { ...NO_AUTO, pass: true })).toBe(53);
  });

  it('plays a whole game for an absent human with auto-win and auto-pass, every seat-0 move marked auto', async () => {
    const g = (await call('POST', '/api/game/new', { mode: 'human_ai', ai_model: 'heuristic', seed: 13, max_round: 0, auto: { win: true, pass: true } })).json;
    expect(g.seats).toEqual([{ kind: 'human', ai: null }, { kind: 'ai', ai: 'heuristic' }, { kind: 'ai', ai: 'heuristic' }, { kind: 'ai', ai: 'heuristic' }]);
    expect(g.state.is_over).toBe(true);
    const log = (await call('GET', `/api/game/${g.session_id}/log`)).text.trim().split('\n').map((l) => JSON.parse(l));
    const mine = log.filter((l) => l.player === 0);
    expect(mine.length).toBeGreaterThan(20);
    expect(new Set(mine.map((l) => l.by))).toEqual(new Set(['auto']));
  });

  it('is changed with the session token only, applies at once, and is refused for a 4ai game', async () => {
    const g = (await call('POST', '/api/game/new', { mode: 'human_ai', ai_model: 'heuristic', seed: 13, max_round: 0 })).json;
    expect(g.state.turn).toBe(0);
    const path = `/api/game/${g.session_id}/auto`;
    const wrong = await call('POST', path, { pass: true }, { 'x-session-token': 'not-this-game' });
    expect([wrong.status, wrong.json.code]).toEqual([403, 'WRONG_TOKEN']);
    const on = await call('POST', path, { pass: true, win: true });
    expect(on.status).toBe(200);
    expect(on.json.auto).toEqual({ win: true, no_calls: false, pass: true });
    expect(on.json.state.is_over).toBe(true); // the pending discard and the rest were played at once
    const ai = (await call('POST', '/api/game/new', { mode: '4ai', seed: 1, delay_ms: 5000 })).json;
    expect((await call('POST', `/api/game/${ai.session_id}/auto`, { pass: true })).status).toBe(400);
  });

  it('is a step of the session\'s log, so another server serving the game plays it the same', async () => {
    const backend = memoryBackend();
    const log = createLogger('test');
    const [a, b] = [new GameService(engineFactories, backend, log), new GameService(engineFactories, backend, log)];
    const { session: s } = await a.create({ mode: 'human_ai', ai_model: 'heuristic', seed: 13, max_round: 0 });
    await s.setAuto({ no_calls: true });
    const other = await b.get(s.id);
    expect(other.auto).toEqual({ win: false, no_calls: true, pass: false });
    // Turned on over there, auto-pass plays the game out; here the replica catches up to the end.
    expect((await other.setAuto({ pass: true, win: true })).state.is_over).toBe(true);
    expect((await a.get(s.id)).isOver).toBe(true);
    await a.close();
    await b.close();
  });

  it('tells a (re)connecting page who sits where and the automatic play in the first event', async () => {
    const g = (await call('POST', '/api/game/new', { mode: 'human_ai', ai_model: 'strong', seed: 2, auto: { no_calls: true } })).json;
    const res = await app.handle(new Request(`http://localhost/api/game/${g.session_id}/events`, { headers: { 'x-session-token': tokens.get(g.session_id)! } }));
    const events = readEvents(res.body!);
    const first = (await events.next()).value!;
    expect(first.event).toBe('snapshot');
    expect(first.data.seats.map((s: any) => s.ai)).toEqual([null, 'strong', 'strong', 'strong']);
    expect(first.data.auto).toEqual({ win: false, no_calls: true, pass: false });
    await events.return(undefined);
  });

  it('never asks the human to cut a tile in riichi: those discards come as auto player_actions', async () => {
    // Seat 0 plays the heuristic through the API (it declares riichi when tenpai and closed).
    const human = new HeuristicAgent();
    let riichiTurnsAsked = 0, decisions = 0, autoCuts = 0;
    for (const seed of [3, 5, 8]) {
      let s = (await call('POST', '/api/game/new', { mode: 'human_ai', ai_model: 'heuristic', seed, max_round: 0 })).json;
      const id = s.session_id;
      s = s.state;
      while (!s.is_over && decisions < 3000) {
        const me = s.players[0];
        if (me.riichi && s.phase === 0 && !s.riichi_stage2) {
          // Asked in riichi on our own turn only with a tsumo or kan to choose.
          expect(s.valid_actions.some((a: number) => a === 50 || a === 45)).toBe(true);
          riichiTurnsAsked++;
        }
        const res = await call('POST', `/api/game/${id}/action`, { player_id: 0, action_idx: human.decide(s) });
        expect(res.status).toBe(200);
        s = res.json.state;
        decisions++;
      }
      const log = (await call('GET', `/api/game/${id}/log`)).text.trim().split('\n').map((l) => JSON.parse(l));
      autoCuts += log.filter((l) => l.player === 0 && l.by === 'auto' && l.action <= 36).length;
    }
    expect(autoCuts).toBeGreaterThan(0);
    expect(riichiTurnsAsked).toBeLessThan(autoCuts);
  }, 60_000);
});
