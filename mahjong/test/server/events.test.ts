import { afterAll, describe, expect, it } from 'bun:test';
import { testApp } from './helpers';
import { readEvents } from './sse';

const { app, call, close } = testApp();
afterAll(close);

describe('events', () => {
  it('keeps a 4ai game for the next subscriber and resumes it when one returns', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 8, max_round: 0, delay_ms: 0, ai_model: 'random' });
    const first = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    let actions = 0;
    for await (const ev of readEvents(first.body!)) if (ev.event === 'ai_action' && ++actions === 5) break;
    await first.body!.cancel().catch(() => {});
    const again = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    const seen: string[] = [];
    for await (const ev of readEvents(again.body!)) {
      seen.push(ev.event);
      if (ev.event === 'snapshot') expect(ev.data.state.players[0].river.length + ev.data.state.players[1].river.length).toBeGreaterThan(0);
      if (ev.event === 'game_over') break;
    }
    await again.body!.cancel().catch(() => {});
    expect(seen[0]).toBe('snapshot');
    expect(seen.at(-1)).toBe('game_over');
  });

  it('tells a subscriber who arrives after the end: snapshot, then game_over at once', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 12, max_round: 0, delay_ms: 0, ai_model: 'random' });
    const first = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    for await (const ev of readEvents(first.body!)) if (ev.event === 'game_over') break;
    await first.body!.cancel().catch(() => {});
    const late = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    const seen: string[] = [];
    for await (const ev of readEvents(late.body!)) {
      seen.push(ev.event);
      if (seen.length === 2) break;
    }
    await late.body!.cancel().catch(() => {});
    expect(seen).toEqual(['snapshot', 'game_over']);
  });

  it('applies a new speed at once: a game paced at 10 s per action runs to its end after speed 0', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 8, max_round: 0, delay_ms: 10_000, ai_model: 'random' });
    const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    let actions = 0;
    let over = false;
    for await (const ev of readEvents(res.body!)) {
      // Without the wake-up the runner would sit out the 10 s wait it had already begun; the bound sits below it.
      if (ev.event === 'ai_action' && ++actions === 1) expect((await call('POST', `/api/game/${g.json.session_id}/speed`, { delay_ms: 0 })).status).toBe(200);
      if (ev.event === 'game_over') { over = true; break; }
    }
    await res.body!.cancel().catch(() => {});
    expect(over).toBe(true);
    expect(actions).toBeGreaterThan(50);
  }, 9_500);

  it('streams a seeded 4ai game at zero delay: snapshot, actions, hand ends, game over', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 5, max_round: 0, delay_ms: 0, ai_model: 'heuristic' });
    expect(g.status).toBe(200);
    const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const seen: string[] = [];
    const ends: any[] = [];
    let last: any = null;
    let turn = -1;
    for await (const ev of readEvents(res.body!)) {
      expect(ev.data.type).toBe(ev.event);
      seen.push(ev.event);
      last = ev.data;
      if (ev.event === 'ai_action') {
        // Spec, Events: {type, player, action, state}; the player is the seat that had to act.
        expect(Object.keys(ev.data).sort()).toEqual(['action', 'player', 'state', 'type']);
        expect(ev.data.action).toBeWithin(0, 54);
        if (turn >= 0) expect(ev.data.player).toBe(turn);
        expect(ev.data.state.players).toHaveLength(4);
        expect(ev.data.state.players.every((p: any) => Array.isArray(p.hand))).toBe(true);
      }
      if (ev.event === 'kyoku_end') ends.push(ev.data.result);
      if (ev.data.state) turn = ev.data.state.turn;
      if (ev.event === 'game_over') break;
    }
    await res.body!.cancel().catch(() => {});
    expect(seen[0]).toBe('snapshot');
    expect(seen.at(-1)).toBe('game_over');
    expect(seen).not.toContain('error');
    const hands = last.state.game.log.length;
    expect(seen.filter((e) => e === 'kyoku_end').length).toBe(hands);
    expect(seen.filter((e) => e === 'kyoku_start').length).toBe(hands - 1);
    // Every hand's end comes after its actions and before the next deal.
    const order = seen.filter((e) => e !== 'ai_action').slice(1, -1);
    order.forEach((e, i) => expect(e).toBe(i % 2 === 0 ? 'kyoku_end' : 'kyoku_start'));
    // kyoku_end carries the hand's result: named yaku, han, fu and points for every win.
    const wins = ends.flatMap((r) => r.wins);
    expect(wins.length).toBeGreaterThan(0);
    for (const w of wins) {
      expect(w.yaku.length).toBeGreaterThan(0);
      expect(w.yaku.every((y: any) => typeof y.name === 'string' && !y.name.startsWith('yaku '))).toBe(true);
      expect(w.han).toBeGreaterThan(0);
      expect(w.points).toBeGreaterThan(0);
    }
    // Deltas of the result itself (riichi deposits are paid when riichi is declared, not here).
    for (const r of ends) expect(r.deltas.every((d: number) => Number.isInteger(d))).toBe(r.deltas.length === 4);
    // game_over carries the final scores (Tenhou owari) and the last hand's result.
    expect(last.state.is_over).toBe(true);
    expect(last.state.game.owari.scores.reduce((a: number, b: number) => a + b, 0) + last.state.kyotaku * 1000).toBe(100_000);
    expect(last.state.result).not.toBeNull();
  });
});
