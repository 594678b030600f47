import { afterAll, describe, expect, it } from 'bun:test';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { MAX_INFLATED_BYTES } from '../../src/engine/mjlog/gzip';
import { MAX_ELEMENTS } from '../../src/engine/mjlog/xml';
import { SAMPLE, testApp } from './helpers';

const { app, call, close } = testApp();
afterAll(close);

const post = (body: Uint8Array | string, type = 'application/octet-stream') =>
  app.handle(new Request('http://localhost/api/replay/load', { method: 'POST', headers: { 'content-type': type, 'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.length) }, body: body as BodyInit }));

const sample = readFileSync(join(import.meta.dir, '../../samples', SAMPLE), 'utf8');

describe('POST /api/replay/load refuses what would hurt the server', () => {
  it('a gzip bomb (128 KB inflating to 128 MiB): 413 naming the limit, without inflating it all', async () => {
    const bomb = gzipSync(new Uint8Array(128 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const res = await post(bomb);
    expect(res.status).toBe(413);
    const body = await res.json() as { code: string; detail: string };
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.detail).toContain(String(MAX_INFLATED_BYTES));
  });

  it('a log of more XML elements than any game has (within the byte limit): 413 naming the element limit', async () => {
    const flat = `<mjloggm ver="2.3">${'<N/>'.repeat(MAX_ELEMENTS + 1)}</mjloggm>`;
    for (const body of [flat, gzipSync(Buffer.from(flat))]) {
      const res = await post(body);
      expect(res.status).toBe(413);
      const json = await res.json() as { code: string; detail: string; limit: number };
      expect(json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', limit: MAX_ELEMENTS });
      expect(json.detail).toContain(`${MAX_ELEMENTS} XML elements`);
    }
  });

  it('a gzip log under the limit still loads', async () => {
    const res = await post(gzipSync(Buffer.from(sample)));
    expect(res.status).toBe(200);
  });

  it('a character reference outside Unicode (&#x110000;) is the malformed-log error with line and column', async () => {
    const bad = sample.replace(/<UN n0="[^"]*"/, '<UN n0="&#x110000;"');
    expect(bad).not.toBe(sample);
    const res = await post(bad, 'text/plain');
    expect(res.status).toBe(400);
    const body = await res.json() as { code: string; detail: string; line: number; column: number };
    expect(body.code).toBe('INVALID_MJLOG');
    expect(body.detail).toContain('&#x110000;');
    expect(body.line).toBeGreaterThan(0);
    const lines = bad.split('\n');
    expect(lines[body.line - 1]!.slice(body.column - 1)).toStartWith('&#x110000;');
    for (const ref of ['&#xD800;', '&#0;', '&#99999999999;']) {
      expect((await post(sample.replace(/<UN n0="[^"]*"/, `<UN n0="${ref}"`), 'text/plain')).status).toBe(400);
    }
  });
});

describe('deeply nested JSON', () => {
  it('a tenhou.net/6 log posted as JSON that nests 500,000 levels deep is a 400 naming the limit, not a 500', async () => {
    const body = `{"log":${'['.repeat(500_000)}${']'.repeat(500_000)}}`;
    const res = await post(body, 'application/json');
    expect(res.status).toBe(400);
    const json = await res.json() as { code: string; detail: string };
    expect(json.code).toBe('BAD_REQUEST');
    expect(json.detail).toBe('request body nests deeper than 32 levels');
    // The same text as bytes is read as text and refused as a malformed log.
    expect((await post(body, 'text/plain')).status).toBe(400);
  });

  it('every JSON endpoint refuses a body nesting deeper than 32 levels with 400 (the schema error used to overflow: 500)', async () => {
    const deep = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    for (const [path, body] of [['/api/replay/analysis', `{"paipu":{"x":${deep}}}`], ['/api/replay/steps', `{"paipu":{"rounds":${deep}}}`], ['/api/game/new', `{"mode":"human_ai","ai_models":${deep}}`]] as const) {
      const res = await app.handle(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body }));
      expect([path, res.status, ((await res.json()) as { detail: string }).detail]).toEqual([path, 400, 'request body nests deeper than 32 levels']);
    }
  });
});

describe('a human_ai game\'s record is its player\'s', () => {
  it('export, mjlog and paipu need the seat token even after the game is over', async () => {
    const g = await call('POST', '/api/game/new', { mode: 'human_ai', seed: 4, max_round: 0, auto: { pass: true, win: true } });
    const id = g.json.session_id;
    expect((await call('GET', `/api/game/${id}/state`)).json.is_over || (await call('GET', `/api/game/${id}/state`)).json.game.finished).toBe(true);
    for (const path of ['export?format=xml', 'mjlog', 'paipu']) {
      const anon = await app.handle(new Request(`http://localhost/api/game/${id}/${path}`));
      expect([path, anon.status]).toEqual([path, 401]);
      const wrong = await app.handle(new Request(`http://localhost/api/game/${id}/${path}`, { headers: { 'x-session-token': 'x'.repeat(32) } }));
      expect([path, wrong.status]).toEqual([path, 403]);
      const mine = await app.handle(new Request(`http://localhost/api/game/${id}/${path}`, { headers: { 'x-session-token': g.json.token } }));
      expect([path, mine.status]).toEqual([path, 200]);
    }
  });
});
