import { afterAll, describe, expect, it } from 'bun:test';
import { testApp } from './helpers';

const { call, close } = testApp();
afterAll(() => close());

describe('AI choice over the API', () => {
  it('GET /api/ai/models lists the built-in AIs, strongest first, without the weaker trained policy', async () => {
    const res = await call('GET', '/api/ai/models');
    expect(res.status).toBe(200);
    expect(res.json.models.map((m: { name: string }) => m.name)).toEqual(['strong', 'heuristic', 'random']);
    expect(res.json.default).toBe('random');
  });

  it('ai_models picks the AI per seat; a bad one names its seat\'s model', async () => {
    const ok = await call('POST', '/api/game/new', { mode: 'human_ai', ai_models: [null, 'strong', 'heuristic', 'random'], seed: 9 });
    expect(ok.status).toBe(200);
    expect(ok.json.state.turn).toBe(0);
    const bad = await call('POST', '/api/game/new', { mode: '4ai', ai_model: 'strong', ai_models: [null, null, '/nonexistent/seat2.json', null] });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('MODEL_LOAD_FAILED');
    expect(bad.json.detail).toContain('/nonexistent/seat2.json');
    // Seat 0 is the human in human_ai: its entry is not loaded.
    const human = await call('POST', '/api/game/new', { mode: 'human_ai', ai_models: ['/nonexistent/human.json', 'strong', 'strong', 'strong'] });
    expect(human.status).toBe(200);
  });

  it('refuses ai_models that is not four entries', async () => {
    expect((await call('POST', '/api/game/new', { ai_models: ['strong', 'strong'] })).status).toBe(422);
  });
});
