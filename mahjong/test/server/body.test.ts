import { afterAll, describe, expect, it } from 'bun:test';
import { testApp } from './helpers';

const { app, call, close } = testApp();
afterAll(close);

/** A request whose body streams in chunks without a declared length (Transfer-Encoding: chunked). */
const chunked = (path: string, parts: Uint8Array[]) => app.handle(new Request(`http://localhost${path}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: new ReadableStream({ start(c) { for (const p of parts) c.enqueue(p); c.close(); } }),
  duplex: 'half',
} as RequestInit));

describe('request bodies', () => {
  it.each([['[]'], ['null'], ['"x"'], ['5']])('refuses %s as a body with 400 BAD_REQUEST', async (body) => {
    for (const path of ['/api/game/new', '/api/replay/load', '/api/replay/steps']) {
      const res = await call('POST', path, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ detail: 'request body must be a JSON object', code: 'BAD_REQUEST' });
    }
  });

  it('refuses a text/plain body on a JSON route', async () => {
    const res = await call('POST', '/api/game/new', 'mode=4ai', { 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('BAD_REQUEST');
  });

  it('stops reading a chunked body past 5 MB and answers 413 in the error shape', async () => {
    const mb = new Uint8Array(1024 * 1024).fill(32);
    const res = await chunked('/api/replay/load', Array.from({ length: 6 }, () => mb));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reads a small chunked body, and refuses a chunked body that is not JSON', async () => {
    const text = JSON.stringify({ seed: 4, max_round: 0 });
    const ok = await chunked('/api/game/new', [new TextEncoder().encode(text.slice(0, 5)), new TextEncoder().encode(text.slice(5))]);
    expect(ok.status).toBe(200);
    const bad = await chunked('/api/game/new', [new TextEncoder().encode('{"seed":')]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: 'request body is not valid JSON', code: 'BAD_REQUEST' });
  });

  it('names the accepted values of a field that fails validation', async () => {
    const g = (await call('POST', '/api/game/new', { seed: 1, max_round: 0 })).json;
    const cases: [string, unknown, string][] = [
      ['/api/game/new', { mode: 'solo' }, '/mode: expected "human_ai" or "4ai", got "solo"'],
      ['/api/game/new', { seed: -1 }, '/seed: expected null or an integer 0–4294967295, got -1'],
      [`/api/game/${g.session_id}/action`, { player_id: 0, action_idx: 3.5 }, '/action_idx: expected an integer, got 3.5'],
      [`/api/game/${g.session_id}/speed`, { delay_ms: 20_000 }, '/delay_ms: expected an integer 0–10000, got 20000'],
      ['/api/replay/steps', { xml_content: 5 }, '/xml_content: expected a string, got 5'],
    ];
    for (const [path, body, detail] of cases) {
      const res = await call('POST', path, body);
      expect(res.status).toBe(422);
      expect(res.json).toEqual({ detail, code: 'VALIDATION_ERROR' });
    }
    for (const v of ['9', '-1', 'abc', '1e1', '07']) {
      const res = await call('GET', `/api/game/${g.session_id}/state?for_player=${v}`);
      expect(res.status).toBe(422);
      expect(res.json.detail).toStartWith('/for_player: expected an integer 0–3, got ');
    }
  });

  it('asks for {paipu} or {xml_content} when /api/replay/steps gets neither', async () => {
    const res = await call('POST', '/api/replay/steps', {});
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('{paipu}');
  });
});
