import { afterAll, describe, expect, it } from 'bun:test';
import { HeuristicAgent } from '../../src/engine/ai';
import { discardIndex } from '../../src/engine/game';
import { testApp } from './helpers';

// The riichi rows of the spec's state table, over a real socket: discarding a riichi candidate
// enters the pending state (riichi_stage2, only 48 and 52 legal); 48 confirms and the server plays
// on to seat 0's next decision; 52 cancels, the same tile is discarded without riichi, and the
// server answers with the new state.
const { app, close } = testApp();
const server = app.listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${server.server!.port}`;
afterAll(async () => {
  await app.stop(true);
  close();
});

const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-session-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

/** A human_ai game played by the heuristic for seat 0 up to its first riichi candidate. */
async function untilRiichiCandidate(seed: number) {
  const g = await post('/api/game/new', { mode: 'human_ai', ai_model: 'heuristic', seed, max_round: 0 });
  expect(g.status).toBe(200);
  const { session_id: id, token } = g.json;
  const human = new HeuristicAgent();
  let state = g.json.state;
  for (let i = 0; i < 1000 && !state.game.finished; i++) {
    if (state.riichi_tiles.length > 0 && !state.riichi_stage2) return { id, token, state };
    const res = await post(`/api/game/${id}/action`, { player_id: 0, action_idx: human.decide(state) }, token);
    expect(res.status).toBe(200);
    state = res.json.state;
  }
  throw new Error(`seed ${seed}: no riichi candidate for seat 0`);
}

async function enterStepTwo(seed: number) {
  const { id, token, state } = await untilRiichiCandidate(seed);
  const tile = state.riichi_tiles[0];
  expect(state.valid_actions).toContain(tile);
  const res = await post(`/api/game/${id}/action`, { player_id: 0, action_idx: tile }, token);
  expect(res.status).toBe(200);
  expect(res.json.ok).toBe(true);
  const pending = res.json.state;
  expect(pending.riichi_stage2).toBe(true);
  expect(pending.riichi_tile).toBe(tile);
  expect(pending.valid_actions).toEqual([48, 52]);
  expect(pending.valid_actions_mask.flatMap((on: boolean, i: number) => (on ? [i] : []))).toEqual([48, 52]);
  return { id, token, before: state, pending, tile };
}

const humanSteps = async (id: string, token: string) =>
  (await (await fetch(`${base}/api/game/${id}/log`, { headers: { 'x-session-token': token } })).text())
    .trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.by === 'human').map((e) => e.action);

describe('riichi in two steps over HTTP', () => {
  it('52 cancels: the pending tile is discarded without riichi and the new state comes back', async () => {
    const { id, token, before, tile } = await enterStepTwo(2);
    const res = await post(`/api/game/${id}/action`, { player_id: 0, action_idx: 52 }, token);
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    const state = res.json.state;
    expect(state.riichi_stage2).toBe(false);
    expect(state.riichi_tile).toBeNull();
    expect(state.game.hand_index).toBe(before.game.hand_index);
    const me = state.players[0];
    expect(me.riichi).toBe(false);
    expect(me.score).toBe(before.players[0].score);
    expect(state.kyotaku).toBe(before.kyotaku);
    expect(me.river.length).toBe(before.players[0].river.length + 1);
    const cut = me.river[before.players[0].river.length];
    expect(cut.riichi).toBe(false);
    expect(discardIndex(cut.tile)).toBe(tile);
    expect((await humanSteps(id, token)).slice(-2)).toEqual([tile, 52]);
  });

  it('48 confirms: the server plays the riichi through to seat 0 next decision', async () => {
    const { id, token, before, tile } = await enterStepTwo(2);
    const res = await post(`/api/game/${id}/action`, { player_id: 0, action_idx: 48 }, token);
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    const state = res.json.state;
    expect(state.riichi_stage2).toBe(false);
    expect(state.game.finished || (state.turn === 0 && state.valid_actions.length > 0)).toBe(true);
    // Seat 0 made no other choice in between: the discards in riichi were the server's (by "auto").
    expect((await humanSteps(id, token)).slice(-2)).toEqual([tile, 48]);
    // The stick is down. Seed 2: seat 0 plays its riichi out (the server discards each draw) and
    // seat 3 wins that hand by tsumo; seat 0 pays what seat 1 (also a non-dealer) pays, plus the
    // 1,000 of its stick, which goes to the winner.
    const hand = state.game.log[before.game.hand_index];
    expect(hand).toMatchObject({ result_type: 'agari', winners: [3], losers: [] });
    expect(hand.score_delta[0]).toBe(hand.score_delta[1] - 1000);
    expect(hand.scores_in[0]).toBe(before.players[0].score);
  });
});
