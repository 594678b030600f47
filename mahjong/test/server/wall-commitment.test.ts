import { afterAll, describe, expect, it } from 'bun:test';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { wallCommitment } from '../../src/engine/table/secure-wall';
import { checkWalls } from '../../src/engine/verify/wall-check';
import { testApp } from './helpers';
import { readEvents } from './sse';

const { app, call, close } = testApp();
afterAll(close);

describe('an unseeded game commits to its walls and reveals the secret at the end', () => {
  it('human_ai: the state carries the commitment and never the secret while the game runs', async () => {
    const g = await call('POST', '/api/game/new', { mode: 'human_ai', max_round: 0 });
    expect(g.status).toBe(200);
    const wall = g.json.state.game.wall;
    expect(wall).toMatchObject({ kind: 'committed', seeded: false, seed: null, secret: null });
    expect(wall.commitment).toMatch(/^[0-9a-f]{64}$/);
    const ev = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`, { headers: { 'x-session-token': g.json.token } }));
    const first = await readEvents(ev.body!).next();
    expect(first.value!.event).toBe('snapshot');
    expect(first.value!.data.state.game.wall.commitment).toBe(wall.commitment);
    await ev.body!.cancel().catch(() => undefined);
    // Two games never share a commitment (each has its own secret).
    const other = await call('POST', '/api/game/new', { mode: 'human_ai', max_round: 0 });
    expect(other.json.state.game.wall.commitment).not.toBe(wall.commitment);
    for (const id of [g.json.session_id, other.json.session_id]) await call('DELETE', `/api/game/${id}`);
  });

  it('4ai: the game_over state reveals the secret, which hashes to the commitment of the first event and deals the logged walls', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', max_round: 0, delay_ms: 0, ai_model: 'random' });
    const id = g.json.session_id;
    const res = await app.handle(new Request(`http://localhost/api/game/${id}/events`));
    let commitment: string | null = null;
    let revealed: any = null;
    for await (const ev of readEvents(res.body!)) {
      const w = ev.data.state?.game.wall;
      if (ev.event === 'snapshot') commitment = w.commitment;
      if (w && !ev.data.state.game.finished) expect(w.secret).toBeNull();
      // While the game runs, the record a spectator may download names only the commitment.
      if (ev.event === 'kyoku_end' && !ev.data.state.game.finished) expect((await call('GET', `/api/game/${id}/mjlog`)).text).toContain(`devhub-v2,${commitment}"`);
      if (ev.event === 'game_over') { revealed = w; break; }
    }
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(revealed).toMatchObject({ kind: 'committed', commitment });
    expect(wallCommitment(revealed.secret)).toBe(commitment!);
    const paipu = parseMjlog((await call('GET', `/api/game/${id}/mjlog`)).text);
    expect(paipu.seed).toBe(`devhub-v2,${commitment},${revealed.secret}`);
    expect(checkWalls(paipu)).toMatchObject({ kind: 'committed', ok: true });
  });

  it('a seeded practice game says so in its state', async () => {
    const g = await call('POST', '/api/game/new', { mode: 'human_ai', seed: 42, max_round: 0 });
    expect(g.json.state.game.wall).toEqual({ kind: 'seeded', seeded: true, seed: 42, commitment: null, secret: null });
    await call('DELETE', `/api/game/${g.json.session_id}`);
  });
});
