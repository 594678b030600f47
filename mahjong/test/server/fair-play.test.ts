import { afterAll, describe, expect, it } from 'bun:test';
import { testApp } from './helpers';

// Hidden information over HTTP: a human_ai game in play shows nobody another seat's tiles,
// the wall or the seed, and only the seat token's holder plays or sees seat 0.
const ADMIN = 'admin-secret-token-0001';
const { app, close } = testApp({ adminToken: ADMIN });
afterAll(close);

const raw = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    Object.assign(init.headers as Record<string, string>, { 'content-type': 'application/json', 'content-length': String(init.body.length) });
  }
  const res = await app.handle(new Request(`http://localhost${path}`, init));
  const text = await res.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, text };
};
const newGame = async (mode = 'human_ai') => (await raw('POST', '/api/game/new', {}, { mode, ai_model: 'random', seed: 7, max_round: 0, delay_ms: 10_000 })).json;
const concealedHands = (state: any) => state.players.filter((p: any) => Array.isArray(p.hand)).map((p: any) => p.seat);

describe('a human_ai game in play', () => {
  it('hands its creator a token; without it the state shows no concealed hand, with it seat 0 only', async () => {
    const g = await newGame();
    expect(g.token).toMatch(/^[0-9a-f]{32}$/);
    expect(concealedHands(g.state)).toEqual([0]);
    expect(concealedHands((await raw('GET', `/api/game/${g.session_id}/state`)).json)).toEqual([]);
    expect(concealedHands((await raw('GET', `/api/game/${g.session_id}/state`, { 'x-session-token': g.token })).json)).toEqual([0]);
    expect(concealedHands((await raw('GET', `/api/game/${g.session_id}/state`, { authorization: `Bearer ${g.token}` })).json)).toEqual([0]);
  });

  it('refuses seat 0\'s view without the token and every other seat\'s view with it', async () => {
    const g = await newGame();
    expect((await raw('GET', `/api/game/${g.session_id}/state?for_player=0`)).json.code).toBe('TOKEN_REQUIRED');
    expect((await raw('GET', `/api/game/${g.session_id}/state?for_player=0`, { 'x-session-token': 'nope' })).status).toBe(403);
    const other = await raw('GET', `/api/game/${g.session_id}/state?for_player=1`, { 'x-session-token': g.token });
    expect([other.status, other.json.code]).toEqual([403, 'HIDDEN_UNTIL_GAME_OVER']);
    expect((await raw('GET', `/api/game/${g.session_id}/state?for_player=4`, { 'x-session-token': g.token })).status).toBe(422);
  });

  it('hides the paipu, the Tenhou log and the exports (wall and seed) until the game is over', async () => {
    const g = await newGame();
    for (const path of ['paipu', 'mjlog', 'export?format=xml', 'export?format=mjai']) {
      const res = await raw('GET', `/api/game/${g.session_id}/${path}`, { 'x-session-token': g.token });
      expect([path, res.status, res.json?.code]).toEqual([path, 403, 'HIDDEN_UNTIL_GAME_OVER']);
      expect(res.text).not.toContain('devhub-v1');
    }
  });

  it('takes actions and gives its event stream only to the token holder', async () => {
    const g = await newGame();
    const action = g.state.valid_actions[0];
    expect((await raw('POST', `/api/game/${g.session_id}/action`, {}, { player_id: 0, action_idx: action })).status).toBe(401);
    expect((await raw('POST', `/api/game/${g.session_id}/action`, { 'x-session-token': 'x'.repeat(32) }, { player_id: 0, action_idx: action })).status).toBe(403);
    expect((await app.handle(new Request(`http://localhost/api/game/${g.session_id}/events`))).status).toBe(401);
    const events = await app.handle(new Request(`http://localhost/api/game/${g.session_id}/events?token=${g.token}`));
    expect(events.status).toBe(200);
    await events.body!.cancel();
    expect((await raw('POST', `/api/game/${g.session_id}/action`, { 'x-session-token': g.token }, { player_id: 0, action_idx: action })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists every session for the admin token, only its own for a session token, none without a token', async () => {
    const a = await newGame();
    const b = await newGame('4ai');
    expect((await raw('GET', '/api/sessions')).status).toBe(401);
    const own = (await raw('GET', '/api/sessions', { 'x-session-token': a.token })).json.sessions.map((s: any) => s.session_id);
    expect(own).toEqual([a.session_id]);
    const all = (await raw('GET', `/api/sessions?token=${ADMIN}`)).json.sessions.map((s: any) => s.session_id);
    expect(all).toEqual(expect.arrayContaining([a.session_id, b.session_id]));
  });

  it('ends a session only for its token or the admin token', async () => {
    const a = await newGame();
    const b = await newGame('4ai');
    expect((await raw('DELETE', `/api/game/${a.session_id}`)).status).toBe(401);
    expect((await raw('DELETE', `/api/game/${a.session_id}`, { 'x-session-token': b.token })).status).toBe(403);
    expect((await raw('DELETE', `/api/game/${a.session_id}`, { 'x-session-token': a.token })).status).toBe(200);
    expect((await raw('DELETE', `/api/game/${b.session_id}`, { authorization: `Bearer ${ADMIN}` })).status).toBe(200);
    expect((await raw('GET', `/api/game/${b.session_id}/state`)).status).toBe(404);
  });
});
