import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { messageResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { harness, post, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

let day: MockUpstream;
let night: MockUpstream;
const MONDAY_10_SHANGHAI = new Date('2026-11-23T02:00:00Z');
const MONDAY_20_SHANGHAI = new Date('2026-11-23T12:00:00Z');
let now = MONDAY_10_SHANGHAI;
let h: ReturnType<typeof harness>;
beforeAll(async () => {
  day = await startMockUpstream(() => messageResponse('day'));
  night = await startMockUpstream(() => messageResponse('night'));
  h = harness({
    providers: {
      zhipu: { base_url: day.url, api_keys: [{ key: 'YOUR_API_KEY' }, { key: 'sk-zhipu-0001' }] },
      minimax: { base_url: night.url, api_keys: [{ key: 'sk-minimax-0001' }] },
    },
    routes: {
      timed: [{ match: 'sonnet', provider: 'zhipu', model: 'glm-4.6', schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '18:00', tz: 'Asia/Shanghai' } }],
      default: [{ match: 'haiku', provider: 'minimax', model: 'MiniMax-M2' }, { match: '.*', provider: 'minimax' }],
    },
  }, { now: () => now });
});
afterAll(async () => { await day.stop(); await night.stop(); });

const send = (model: string) => h.app.handle(post('/v1/messages?beta=true', { model, max_tokens: 4, messages: [] }));

describe('routing through the app', () => {
  it('sends sonnet aliases to the timed route during its window, with the model rewritten', async () => {
    now = MONDAY_10_SHANGHAI;
    const res = await send('sonnet[1m]');
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(JSON.parse(day.requests.at(-1)!.body).model).toBe('glm-4.6');
  });

  it('uses the default routes outside the window, keeping the model when the route sets none', async () => {
    now = MONDAY_20_SHANGHAI;
    const res = await send('claude-3-5-sonnet-20241022');
    expect(res.headers.get('x-modelproxy-key')).toBe('minimax#1');
    expect(JSON.parse(night.requests.at(-1)!.body).model).toBe('claude-3-5-sonnet-20241022');
    await send('haiku');
    expect(JSON.parse(night.requests.at(-1)!.body).model).toBe('MiniMax-M2');
  });

  it('records route, provider and key in requests.jsonl', async () => {
    now = MONDAY_10_SHANGHAI;
    await send('sonnet[1m]');
    now = MONDAY_20_SHANGHAI;
    await send('claude-3-5-sonnet-20241022');
    await send('haiku');
    const lines = (await h.logLines()).slice(-3);
    expect(lines.map((l) => [l.route, l.provider, l.key_index, l.model_in, l.model_out])).toEqual([
      ['timed[0]', 'zhipu', 2, 'sonnet[1m]', 'glm-4.6'],
      ['default[1]', 'minimax', 1, 'claude-3-5-sonnet-20241022', 'claude-3-5-sonnet-20241022'],
      ['default[0]', 'minimax', 1, 'haiku', 'MiniMax-M2'],
    ]);
  });
});
