/**
 * One state shape from engine to screen (issue #17): what the API sends, validates and documents
 * is the engine's StateView schema, in games, in their events and in replay steps.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { StateView } from '../../src/engine/game';
import { GameEvent } from '../../src/modules/game/model';
import { SAMPLE, testApp } from './helpers';
import { readEvents } from './sse';

const { app, call, close } = testApp();
afterAll(close);

const firstError = (schema: Parameters<typeof Value.Errors>[0], value: unknown) => {
  const e = Value.Errors(schema, value).First();
  return e ? `${e.path}: ${e.message}` : null;
};

describe('the state object', () => {
  it('is the engine\'s StateView in the answers of new, state and action', async () => {
    const g = await call('POST', '/api/game/new', { mode: 'human_ai', seed: 3, max_round: 0, ai_model: 'heuristic' });
    expect(g.status).toBe(200);
    expect(firstError(StateView, g.json.state)).toBeNull();
    const s = await call('GET', `/api/game/${g.json.session_id}/state`);
    expect(firstError(StateView, s.json)).toBeNull();
    const a = await call('POST', `/api/game/${g.json.session_id}/action`, { player_id: 0, action_idx: s.json.valid_actions[0] });
    expect(a.status).toBe(200);
    expect(firstError(StateView, a.json.state)).toBeNull();
  });

  it('is what every event carries; kyoku_end\'s result is the state\'s result', async () => {
    const g = await call('POST', '/api/game/new', { mode: '4ai', seed: 5, max_round: 0, delay_ms: 0, ai_model: 'strong' });
    const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
    let ends = 0;
    for await (const ev of readEvents(res.body!)) {
      expect(firstError(GameEvent, ev.data)).toBeNull();
      if (ev.event === 'kyoku_end') {
        ends++;
        expect(ev.data.result).toEqual(ev.data.state.result);
      }
      if (ev.event === 'game_over') break;
    }
    await res.body!.cancel().catch(() => {});
    expect(ends).toBeGreaterThan(0);
  });

  it('is the state of every replay step', async () => {
    const xml = (await call('GET', `/api/replay/builtin/${SAMPLE}`)).text;
    const { json } = await call('POST', '/api/replay/steps', { xml_content: xml });
    expect(json.steps.length).toBeGreaterThan(100);
    for (const s of json.steps) expect(firstError(StateView, s.state)).toBeNull();
    const winds = json.steps[0].state.players.map((p: { wind: string }) => p.wind);
    expect(winds).toEqual(['E', 'S', 'W', 'N']);
  });

  it('is documented in OpenAPI as the full schema, not a free-form object', async () => {
    const doc = (await call('GET', '/docs/json')).json;
    const resolve = (s: any): any => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s);
    const stateOf = (path: string, method: string) => resolve(doc.paths[path][method].responses['200'].content['application/json'].schema);
    const state = resolve(stateOf('/api/game/{session_id}/state', 'get'));
    expect(Object.keys(state.properties)).toEqual(Object.keys(StateView.properties));
    const created = resolve(stateOf('/api/game/new', 'post'));
    expect(Object.keys(resolve(created.properties.state).properties)).toEqual(Object.keys(StateView.properties));
    const steps = resolve(stateOf('/api/replay/steps', 'post'));
    const step = resolve(resolve(steps.properties.steps).items);
    expect(Object.keys(resolve(step.properties.state).properties)).toEqual(Object.keys(StateView.properties));
    const events = doc.paths['/api/game/{session_id}/events'].get.responses['200'].content['text/event-stream'].schema;
    expect(events.anyOf.map((e: any) => e.properties.type.const)).toEqual(['snapshot', 'kyoku_start', 'player_action', 'auto', 'ai_action', 'kyoku_end', 'game_over', 'error', 'bot_replaced']);
  });
});
