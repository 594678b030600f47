/**
 * POST /api/replay/analysis over HTTP (app.handle): a log as text or a paipu from /load gives one
 * entry per step of /api/replay/steps; bad input answers the documented `{detail, code}` errors;
 * /docs describes the endpoint with its typed response schema.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { SAMPLE, testApp } from './helpers';

const { call, close } = testApp();
afterAll(close);

const sampleXml = async () => (await call('GET', `/api/replay/builtin/${SAMPLE}`)).text;

describe('POST /api/replay/analysis', () => {
  it('analyses a log sent as text: one entry per replay step, players, decisions, result panels', async () => {
    const xml = await sampleXml();
    const [res, steps] = await Promise.all([
      call('POST', '/api/replay/analysis', { xml_content: xml }),
      call('POST', '/api/replay/steps', { xml_content: xml }),
    ]);
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(steps.json.total);
    expect(res.json.steps).toHaveLength(steps.json.total);
    expect(res.json.ai).toBe('strong');
    expect(res.json.players).toHaveLength(4);
    expect(res.json.players.every((p: { name: string; dan_name: string }) => p.name.length > 0 && p.dan_name.length > 0)).toBe(true);
    expect(res.json.hands).toHaveLength(steps.json.kyoku_indices.length);
    expect(res.json.hands.map((h: { first_step: number }) => h.first_step)).toEqual(steps.json.kyoku_indices);
    // Every decision sits on a step of its seat.
    for (const d of res.json.decisions) expect(steps.json.steps[d.step].player).toBe(d.seat);
    expect(res.json.elapsed_ms).toBeGreaterThan(0);
  });

  it('takes the paipu /api/replay/load returned', async () => {
    const loaded = await call('POST', '/api/replay/load', { xml_content: await sampleXml() });
    const res = await call('POST', '/api/replay/analysis', { paipu: loaded.json.paipu });
    expect(res.status).toBe(200);
    expect(res.json.decisions.length).toBeGreaterThan(100);
  });

  it('without a log: 400 BAD_REQUEST', async () => {
    const res = await call('POST', '/api/replay/analysis', {});
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ detail: 'send {paipu} (from /api/replay/load) or {xml_content}', code: 'BAD_REQUEST' });
  });

  it('a paipu that is not a game record: 422 VALIDATION_ERROR naming the field', async () => {
    const res = await call('POST', '/api/replay/analysis', { paipu: { type: 169 } });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect(res.json.detail).toStartWith('/paipu/');
  });

  it('a paipu whose events the engine cannot replay: 400 INVALID_LOG naming the hand', async () => {
    const paipu = (await call('POST', '/api/replay/load', { xml_content: await sampleXml() })).json.paipu;
    paipu.rounds[0].events = paipu.rounds[0].events.slice().reverse();
    const res = await call('POST', '/api/replay/analysis', { paipu });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('INVALID_LOG');
    expect(res.json.detail).toContain('East 1');
  });

  it.each([
    ['text in no log format', 'hello', 'UNKNOWN_LOG_FORMAT'],
    ['malformed XML', '<mjloggm ver="2.3">\n<GO type="169"\n<INIT', 'INVALID_MJLOG'],
  ])('%s: 400 %s', async (_what, text, code) => {
    const res = await call('POST', '/api/replay/analysis', { xml_content: text });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
    expect(res.json.detail).toBeString();
  });

  it('a body that is not JSON, or not an object: 400 BAD_REQUEST', async () => {
    for (const body of ['{not json', '[]']) {
      const res = await call('POST', '/api/replay/analysis', body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('BAD_REQUEST');
    }
  });

  it('a wrong field type: 422 naming it', async () => {
    const res = await call('POST', '/api/replay/analysis', { xml_content: 5 });
    expect(res.status).toBe(422);
    expect(res.json.detail).toContain('xml_content');
  });

  it('a log too long to replay: 400 REPLAY_TOO_LONG', async () => {
    const xml = await sampleXml();
    const hands = xml.slice(xml.indexOf('<INIT'), xml.lastIndexOf('<INIT'));
    const long = xml.slice(0, xml.indexOf('<INIT')) + hands.repeat(Math.ceil(1_000_000 / hands.length)) + '</mjloggm>';
    const res = await call('POST', '/api/replay/analysis', { xml_content: long });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('REPLAY_TOO_LONG');
  });

  it('a body over 5 MB: 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await call('POST', '/api/replay/analysis', JSON.stringify({ xml_content: 'x'.repeat(5 * 1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('is documented at /docs with typed schemas and its errors', async () => {
    const doc = (await call('GET', '/docs/json')).json;
    const op = doc.paths['/api/replay/analysis'].post;
    expect(op.description).toContain('VALIDATION_ERROR');
    expect(op.description).toContain('INVALID_LOG');
    const text = JSON.stringify(op);
    for (const field of ['positions', 'decisions', 'candidates', 'ukeire', 'waits', 'shanten', 'ai_choice', 'dan_name', 'rate', 'ura', 'deltas']) expect(text).toContain(`"${field}"`);
  });
});
