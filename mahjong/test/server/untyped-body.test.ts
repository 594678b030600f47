/**
 * Bodies sent without a Content-Type, as plain clients send them (Python's
 * `requests.post(url, data=text)`): over a real socket, since a fetch Request adds a type of its own.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { createConsola } from 'consola';
import { requestFrom } from '@devhub/shared/testing-address';
import { createApp } from '../../src/app';
import { MJLOG_DATA } from '../fixtures/data/paths';

const app = createApp({ log: createConsola({ level: -999 }) }).listen({ hostname: '127.0.0.1', port: 0 });
afterAll(() => app.stop(true));
const port = app.server!.port!;
const untyped = (path: string, body: string) => requestFrom('127.0.0.1', port, 'POST', path, {}, body);

describe('a body without a Content-Type, or with one that is not JSON', () => {
  it('is read as JSON, as FastAPI reads it: the game asked for starts, not one with every default', async () => {
    const res = await untyped('/api/game/new', JSON.stringify({ mode: '4ai', seed: 12, max_round: 0 }));
    expect(res.status).toBe(200);
    expect(res.json.mode).toBe('4ai');
    expect((await untyped('/api/game/new', '{"mode":')).json.code).toBe('BAD_REQUEST');
    // A typed body that is not JSON is refused, a form (curl -d, Python's urllib) included: never
    // read as an object of junk keys, which started a game with every default.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const typed = await requestFrom('127.0.0.1', port, 'POST', '/api/game/new', { 'content-type': type }, '{"mode":"4ai"}');
      expect({ type, status: typed.status, code: typed.json.code }).toEqual({ type, status: 400, code: 'BAD_REQUEST' });
    }
  });

  it('is still a log upload on the replay loader (its bytes, any format)', async () => {
    const res = await untyped('/api/replay/load', readFileSync(`${MJLOG_DATA}/double-ron.mjlog`, 'utf8'));
    expect(res.status).toBe(200);
    expect(res.json.format).toBe('xml');
  });
});
