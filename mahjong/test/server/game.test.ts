import { afterAll, describe, expect, it } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { HeuristicAgent } from '../../src/engine/ai';
import { Paipu } from '../../src/engine/paipu';
import { testApp } from './helpers';
import { useTempDirs } from '@devhub/shared/testing';

const temp = useTempDirs(afterAll);

const { app, call, close } = testApp();
afterAll(close);

const newGame = async (body: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/game/new', { mode: 'human_ai', seed: 7, max_round: 0, ...body });
  expect(res.status).toBe(200);
  return res.json;
};

/** Plays seat 0 with a fixed policy (win if possible, else skip, else the last legal action). */
const choose = (valid: number[]) => [50, 49, 53].find((a) => valid.includes(a)) ?? valid.at(-1)!;

describe('POST /api/game/new', () => {
  it('starts a human_ai game waiting for seat 0, with hidden opponent hands', async () => {
    const g = await newGame();
    expect(g.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(g.mode).toBe('human_ai');
    expect(g.state.turn).toBe(0);
    expect(g.state.valid_actions.length).toBeGreaterThan(0);
    expect(g.state.valid_actions_mask).toHaveLength(54);
    expect(g.state.players[0].hand).toBeArray();
    expect(typeof g.state.players[1].hand).toBe('number');
  });

  it('refuses an unknown mode and an out-of-range seed with 422', async () => {
    expect((await call('POST', '/api/game/new', { mode: 'solo' })).status).toBe(422);
    expect((await call('POST', '/api/game/new', { seed: -1 })).status).toBe(422);
  });

  it('refuses a model file that does not exist with 400 MODEL_LOAD_FAILED', async () => {
    const res = await call('POST', '/api/game/new', { ai_model: '/nonexistent/model.json' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('MODEL_LOAD_FAILED');
  });

  it('plays against the heuristic AI and against a model file', async () => {
    expect((await newGame({ ai_model: 'heuristic' })).state.turn).toBe(0);
    expect((await newGame({ ai_model: 'policy' })).state.turn).toBe(0);
    const dir = temp.make('mahjong-model-');
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ format: 'mahjong-heuristic-v1', name: 'careful', weights: { foldShanten: 1 } }));
    const g = await newGame({ ai_model: good, mode: '4ai', delay_ms: 5000 });
    const list = await call('GET', '/api/sessions', undefined, { 'x-session-token': g.token });
    expect(list.json.sessions.find((x: any) => x.session_id === g.session_id).ai_model).toBe(good);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format": "something else"}');
    const res = await call('POST', '/api/game/new', { ai_model: bad });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('MODEL_LOAD_FAILED');
    expect(res.json.detail).toContain('bad.json');
    const secret = join(dir, 'secret.json');
    writeFileSync(secret, 'password=hunter2');
    const leak = await call('POST', '/api/game/new', { ai_model: secret });
    expect(leak.status).toBe(400);
    expect(leak.text).not.toContain('hunter2');
    expect((await call('POST', '/api/game/new', { ai_model: '/etc/passwd' })).json.detail).toContain('.json');
  });

  it('a model path tells a request nothing about the server\'s files: missing, unreadable, not JSON and not a model answer alike', async () => {
    const dir = temp.make('mahjong-model-oracle-');
    const files: Record<string, string | null> = {
      'missing.json': null,
      'not-json.json': 'password=hunter2',
      'other.json': '{"api_key":"sk-live-123","user":"me"}',
      'huge.json': `[${'0,'.repeat(3 * 1024 * 1024)}0]`,
    };
    const details = new Set<string>();
    for (const [name, content] of Object.entries(files)) {
      const path = join(dir, name);
      if (content !== null) writeFileSync(path, content);
      const res = await call('POST', '/api/game/new', { ai_model: path });
      expect([res.status, res.json.code]).toEqual([400, 'MODEL_LOAD_FAILED']);
      expect(res.text).not.toMatch(/hunter2|api_key|sk-live|ENOENT|no such file|Unexpected|Expected/);
      details.add(res.json.detail.replace(path, '<path>'));
    }
    expect([...details]).toHaveLength(1);
    // A directory named like a model, too.
    const asDir = join(dir, 'folder.json');
    mkdirSync(asDir);
    expect((await call('POST', '/api/game/new', { ai_model: asDir })).json.detail.replace(asDir, '<path>')).toBe([...details][0]);
  });

  it('deals the same hands for the same seed', async () => {
    const a = await newGame({ seed: 99 });
    const b = await newGame({ seed: 99 });
    expect(a.state.players[0].hand).toEqual(b.state.players[0].hand);
  });
});

describe('GET /api/game/{id}/state', () => {
  it('shows the asked seat its own hand only', async () => {
    const g = await newGame({ mode: '4ai', delay_ms: 10_000 });
    const res = await call('GET', `/api/game/${g.session_id}/state?for_player=2`);
    expect(res.status).toBe(200);
    expect(res.json.players[2].hand).toBeArray();
    expect(typeof res.json.players[0].hand).toBe('number');
  });

  it('defaults to seat 0 in human_ai', async () => {
    const g = await newGame();
    const res = await call('GET', `/api/game/${g.session_id}/state`);
    expect(res.json.players[0].hand).toEqual(g.state.players[0].hand);
  });
});

describe('POST /api/game/{id}/action', () => {
  it('accepts a legal discard and returns the next state for seat 0', async () => {
    const g = await newGame();
    const a = g.state.valid_actions.find((x: number) => x < 37);
    const res = await call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx: a });
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    expect(res.json.state.players[0].river.length + (res.json.state.riichi_stage2 ? 1 : 0)).toBeGreaterThanOrEqual(1);
  });

  it('refuses an illegal action with ILLEGAL_ACTION and the valid actions', async () => {
    const g = await newGame();
    const res = await call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx: 49 });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('ILLEGAL_ACTION');
    expect(res.json.valid_actions).toEqual(g.state.valid_actions);
  });

  it('refuses another seat with NOT_YOUR_TURN', async () => {
    const g = await newGame();
    const res = await call('POST', `/api/game/${g.session_id}/action`, { player_id: 1, action_idx: 53 });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('NOT_YOUR_TURN');
    expect(res.json.valid_actions).toBeArray();
    // The reason names the rule, not "player 1 has nothing to decide now" (it never will).
    expect(res.json.detail).toBe('only player 0 acts in a human_ai game; the AIs play seats 1–3');
  });

  it('refuses an index outside 0–53 as an illegal action (400 with the valid ones), and a non-integer as a schema violation (422)', async () => {
    const g = await newGame();
    for (const action_idx of [54, 99, -1]) {
      const res = await call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx });
      expect({ status: res.status, code: res.json.code }).toEqual({ status: 400, code: 'ILLEGAL_ACTION' });
      expect(res.json.valid_actions).toEqual(g.state.valid_actions);
    }
    expect((await call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx: 3.5 })).status).toBe(422);
    // Nothing was played.
    expect((await call('GET', `/api/game/${g.session_id}/state?for_player=0`)).json.valid_actions).toEqual(g.state.valid_actions);
  });

  it('serialises concurrent actions: one of two identical moves is applied', async () => {
    const g = await newGame();
    const a = g.state.valid_actions.find((x: number) => x < 37 && !g.state.riichi_tiles.includes(x)) ?? g.state.valid_actions[0];
    const both = await Promise.all([0, 1].map(() => call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx: a })));
    const log = await call('GET', `/api/game/${g.session_id}/log`);
    const human = log.text.trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.by === 'human');
    expect(both.filter((r) => r.status === 200).length).toBe(human.length);
    expect(human.length).toBeGreaterThanOrEqual(1);
    expect(human[0].action).toBe(a);
  });

  it('plays a whole East-only game to the end through the API, riichi in two steps included', async () => {
    const g = await newGame({ seed: 3, ai_model: 'heuristic' });
    let state = g.state;
    let riichi = 0;
    const human = new HeuristicAgent();
    for (let i = 0; i < 3000 && !state.is_over; i++) {
      // Seat 0 is played by the engine's heuristic from the state the API returns. Discarding a
      // riichi candidate enters step two, where only confirm (48) and cancel (52) are legal.
      const action = human.decide(state);
      const res = await call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx: action });
      expect(res.status).toBe(200);
      if (!state.riichi_stage2 && res.json.state.riichi_stage2) {
        expect(state.riichi_tiles).toContain(action);
        expect(res.json.state.valid_actions).toEqual([48, 52]);
        riichi++;
      }
      state = res.json.state;
    }
    expect(riichi).toBeGreaterThan(0);
    expect(state.is_over).toBe(true);
    expect(state.game.owari.scores.reduce((a: number, b: number) => a + b, 0)).toBe(100_000);
    const after = await call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx: 53 });
    expect(after.status).toBe(400);
  });
});

describe('records', () => {
  it('gives the paipu in the replay loader shape and the mjlog the loader reads back', async () => {
    // A 4ai game's record is public while it runs (a human_ai game's only once it is over).
    const g = await newGame({ mode: '4ai', delay_ms: 10_000 });
    const paipu = await call('GET', `/api/game/${g.session_id}/paipu`);
    expect(paipu.status).toBe(200);
    expect(paipu.json.seed).toBe('devhub-v1,7');
    expect(Value.Errors(Paipu, paipu.json).First()).toBeUndefined();
    expect(typeof paipu.json.type).toBe('number');
    const steps = await call('POST', '/api/replay/steps', { paipu: paipu.json });
    expect(steps.status).toBe(200);
    const xml = await call('GET', `/api/game/${g.session_id}/mjlog`);
    expect(xml.headers.get('content-type')).toContain('xml');
    const loaded = await call('POST', '/api/replay/load', { xml_content: xml.text });
    expect(loaded.status).toBe(200);
    expect(loaded.json.paipu.rounds[0].hands).toEqual(paipu.json.rounds[0].hands);
  });

  it('logs every action as NDJSON', async () => {
    const g = await newGame({ seed: 11 });
    await call('POST', `/api/game/${g.session_id}/action`, { player_id: 0, action_idx: choose(g.state.valid_actions) });
    const log = await call('GET', `/api/game/${g.session_id}/log`);
    expect(log.headers.get('content-type')).toContain('ndjson');
    const lines = log.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ seq: 0, player: 0, by: 'human' });
    expect(lines.slice(1).every((e) => e.by === 'ai' && e.player !== 0)).toBe(true);
  });
});

describe('sessions', () => {
  it('lists, changes speed of, and deletes a session', async () => {
    const g = await newGame();
    const list = await call('GET', '/api/sessions', undefined, { 'x-session-token': g.token });
    expect(list.json.sessions.map((s: any) => s.session_id)).toContain(g.session_id);
    const speed = await call('POST', `/api/game/${g.session_id}/speed`, { delay_ms: 300 });
    expect(speed.json).toEqual({ ok: true, delay_ms: 300 });
    expect((await call('POST', `/api/game/${g.session_id}/speed`, { delay_ms: -5 })).status).toBe(422);
    expect((await call('DELETE', `/api/game/${g.session_id}`)).status).toBe(200);
    expect((await call('GET', `/api/game/${g.session_id}/state`)).status).toBe(404);
  });

  it.each([
    ['GET', 'state'], ['POST', 'action'], ['GET', 'events'], ['GET', 'paipu'], ['GET', 'mjlog'], ['GET', 'log'], ['POST', 'speed'],
  ])('answers 404 {detail} for %s %s of an unknown session', async (method, what) => {
    const body = what === 'action' ? { player_id: 0, action_idx: 0 } : what === 'speed' ? { delay_ms: 0 } : undefined;
    const res = await call(method, `/api/game/00000000-0000-0000-0000-000000000000/${what}`, body);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('SESSION_NOT_FOUND');
    expect(res.json.detail).toContain('not found');
  });

  it('answers 404 for DELETE of an unknown session', async () => {
    const res = await call('DELETE', '/api/game/00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('SESSION_NOT_FOUND');
  });

  it('refuses a new session over the cap with 429', async () => {
    const small = testApp({ limits: { maxSessions: 2 } });
    for (let i = 0; i < 2; i++) expect((await small.call('POST', '/api/game/new', { seed: i })).status).toBe(200);
    const res = await small.call('POST', '/api/game/new', {});
    expect(res.status).toBe(429);
    expect(res.json.code).toBe('TOO_MANY_SESSIONS');
    small.close();
  });
});
