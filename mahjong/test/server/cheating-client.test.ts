import { afterAll, describe, expect, it } from 'bun:test';
import { wallCommitment } from '../../src/engine/table/secure-wall';
import { testApp } from './helpers';
import { readEvents } from './sse';

const { app, call, close } = testApp();
afterAll(close);

/** A state that shows concealed tiles beyond the viewer's own, or the wall, while the hand is in play. */
function leaks(state: any, viewer: number | null): string[] {
  if (!state || state.is_over) return [];
  const out: string[] = [];
  const handOver = state.phase_name === 'HAND_OVER';
  if (state.game?.wall?.secret !== null) out.push('wall secret');
  if (!handOver && state.ura_dora?.length) out.push('ura dora');
  for (const p of state.players ?? []) {
    if (p.seat === viewer) continue;
    if (!handOver && typeof p.hand !== 'number') out.push(`seat ${p.seat}'s hand`);
    if (!handOver && p.drawn !== null) out.push(`seat ${p.seat}'s draw`);
    if (p.waits?.length) out.push(`seat ${p.seat}'s waits`);
  }
  return out;
}

describe('a cheating client of an unseeded human_ai game learns nothing hidden before the game ends', () => {
  it('everything seat 0 (and a holder of only the game id) is shown: no secret, no other hand, no ura dora, and the commitment holds at the end', async () => {
    const g = await call('POST', '/api/game/new', { mode: 'human_ai', max_round: 0, ai_model: 'random' });
    const id = g.json.session_id;
    const token = g.json.token;
    const commitment = g.json.state.game.wall.commitment;
    const seen: string[] = [g.text];
    const problems: string[] = [];
    const check = (what: string, state: any, viewer: number | null) => { for (const l of leaks(state, viewer)) problems.push(`${what}: ${l}`); };
    check('new game', g.json.state, 0);
    const events: { event: string; data: any }[] = [];
    const stream = app.handle(new Request(`http://localhost/api/game/${id}/events`, { headers: { 'x-session-token': token } })).then(async (res) => {
      for await (const ev of readEvents(res.body!)) { events.push(ev); if (ev.event === 'game_over') break; }
      await res.body!.cancel().catch(() => undefined);
    });
    const spectator = (path: string) => app.handle(new Request(`http://localhost${path}`)).then(async (r) => ({ status: r.status, text: await r.text(), etag: r.headers.get('etag') }));
    let over = false;
    for (let i = 0; i < 5000 && !over; i++) {
      const s = await call('GET', `/api/game/${id}/state`);
      over = s.json.is_over;
      if (over) break;
      seen.push(s.text);
      check('seat 0 state', s.json, 0);
      expect(s.headers.get('etag')).toBeNull();
      const asSpectator = await spectator(`/api/game/${id}/state`);
      seen.push(asSpectator.text);
      check('spectator state', JSON.parse(asSpectator.text), null);
      if (i % 10 === 0) {
        for (const path of ['log', 'paipu', 'mjlog', 'export?format=mjai', 'export?format=tenhou6', 'export?format=xml']) {
          const own = await call('GET', `/api/game/${id}/${path}`);
          seen.push(own.text);
          if (path !== 'log') expect(own.status).toBe(403);
          const other = await spectator(`/api/game/${id}/${path}`);
          seen.push(other.text);
          if (path !== 'log') expect([401, 403]).toContain(other.status);
        }
        seen.push((await call('GET', '/api/sessions', undefined, { 'x-session-token': token })).text, (await call('GET', '/api/games', undefined, { 'x-session-token': token })).text);
        seen.push((await spectator(`/api/game/${id}/events`)).text);
      }
      const actions: number[] = s.json.valid_actions;
      if (!actions.length) { await Bun.sleep(5); continue; }
      const a = await call('POST', `/api/game/${id}/action`, { player_id: 0, action_idx: actions.includes(53) ? 53 : actions.at(-1) });
      if (a.status === 200) { check('action answer', a.json.state, 0); over = a.json.state.is_over; }
      if (!over) seen.push(a.text);
      // An illegal action's error says nothing of the other seats.
      if (i === 3) seen.push((await call('POST', `/api/game/${id}/action`, { player_id: 0, action_idx: 44 })).text);
    }
    await stream;
    for (const ev of events) {
      if (ev.event === 'game_over' || ev.data.state?.is_over) break;
      seen.push(JSON.stringify(ev.data));
      check(`event ${ev.event}`, ev.data.state, 0);
      if (ev.data.state) expect(ev.data.state.game.wall.commitment).toBe(commitment);
    }
    expect(events.at(-1)!.event).toBe('game_over');
    const secret = events.at(-1)!.data.state.game.wall.secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(wallCommitment(secret)).toBe(commitment);
    expect(problems).toEqual([]);
    const leaked = seen.filter((t) => t.includes(secret));
    expect(leaked).toEqual([]);
    // Once over, the record carries the secret for the seat's token holder.
    expect((await call('GET', `/api/game/${id}/mjlog`)).text).toContain(`devhub-v2,${commitment},${secret}`);
    const ownLog = (await call('GET', `/api/game/${id}/log`)).text;
    expect(ownLog).toContain('"action":53');
    // A holder of only the game id cannot rebuild the record after the game either: no secret, no
    // seat's view (the table as a spectator saw it: a hand the last hand's end showed, a winner's or
    // a tenpai one at a draw, is public), and only the public actions of the log.
    const after = await spectator(`/api/game/${id}/state`);
    expect(after.status).toBe(200);
    expect(after.text).not.toContain(secret);
    const shown = JSON.parse(after.text);
    expect(shown.is_over).toBe(true);
    expect(shown.game.wall.secret).toBeNull();
    for (const seat of [0, 1, 2, 3]) expect((await spectator(`/api/game/${id}/state?for_player=${seat}`)).status).toBe(401);
    const publicLog = (await spectator(`/api/game/${id}/log`)).text;
    expect(publicLog).not.toContain('"action":53');
    expect(publicLog.split('\n').length).toBeLessThan(ownLog.split('\n').length);
  }, 60_000);
});
