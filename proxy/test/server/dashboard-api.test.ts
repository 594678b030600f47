import { afterAll, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { waitFor } from '@devhub/shared/testing';
import { DashboardState } from '../../src/modules/dashboard/model';
import { MAX_STREAMS } from '../../src/modules/dashboard/feed';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';
import { requestsDbPath } from '../../src/config/paths';

afterAll(removeTempDirs);

const TOKEN = 'dashboard-api-token-1';
const h = harness(configFor({ mm: { url: 'http://127.0.0.1:9', keys: ['sk-cp-dash-api-0001', 'YOUR_API_KEY'] } }, { server: { auth_token: TOKEN } }));
h.state.configPath = h.file;
const auth = { authorization: `Bearer ${TOKEN}` };
const get = (path: string, headers: Record<string, string> = auth, signal?: AbortSignal) => h.app.handle(new Request(`http://127.0.0.1${path}`, { headers, signal }));

describe('the dashboard API', () => {
  it('needs the client token when one is set; the page and its assets do not', async () => {
    expect((await get('/dashboard/api/state', {})).status).toBe(401);
    expect((await get('/dashboard', {})).status).toBe(200);
    // The proxy's own address opened in a browser is the dashboard too.
    const root = await get('/', {});
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('/dashboard/assets/app.js');
    expect((await get('/dashboard/assets/app.js', {})).status).toBe(200);
    const res = await get('/dashboard/api/state');
    const body = await res.json();
    expect(Value.Check(DashboardState, body)).toBe(true);
    expect(body.keys.map((k: { index: number; state: string; key: string }) => [k.index, k.state, k.key])).toEqual([[1, 'serving', 'sk-c***0001'], [2, 'placeholder', 'YOUR***_KEY']]);
    // Spec (Authentication 5): keys are always masked in any output, a placeholder too (as `usage` prints it);
    // `modelproxy status` prints these.
    expect(JSON.stringify(body)).not.toContain('YOUR_API_KEY');
    expect(JSON.stringify(body)).not.toContain('sk-cp-dash-api-0001');
  });

  it('shows a refused key as refused, with why and until when, and the route left without a usable key', async () => {
    h.pool.fail('mm', 'sk-cp-dash-api-0001', 401);
    try {
      const body = await (await get('/dashboard/api/state')).json();
      expect(body.keys[0]).toMatchObject({ state: 'refused', reason: 'refused by the upstream (401)' });
      expect(Date.parse(body.keys[0].until) - Date.now()).toBeGreaterThan(29 * 60_000);
      expect(body.routes[0]).toMatchObject({ id: 'default[0]', open: true, serving: null });
    } finally {
      h.pool.reload();
    }
  });

  it('validates its input: days 1–90, no body on reload, unknown assets 404', async () => {
    for (const days of ['0', '91', 'abc']) {
      const res = await get(`/dashboard/api/usage?days=${days}`);
      expect({ days, status: res.status, code: (await res.json()).error.code }).toEqual({ days, status: 400, code: 'invalid_request' });
    }
    // One line saying what was wrong, not Elysia's JSON document.
    const { message } = (await (await get('/dashboard/api/usage?days=0')).json()).error;
    expect(message).toBe('a query parameter: Expected integer to be greater or equal to 1 (got 0)');
    expect((await get('/dashboard/api/usage?days=7')).status).toBe(200);
    const withBody = await h.app.handle(new Request('http://127.0.0.1/dashboard/api/reload', { method: 'POST', headers: auth, body: '{"x":1}' }));
    expect(withBody.status).toBe(400);
    expect((await get('/dashboard/assets/nope.js')).status).toBe(404);
  });

  it('stops reading a body sent to reload at once: an endless upload is answered 400 while it is still coming', async () => {
    const server = h.listen();
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    try {
      let answer = '';
      const answered = new Promise<void>((resolve) => socket.on('data', (data) => {
        answer += data.toString();
        if (answer.includes('\r\n\r\n')) resolve();
      }));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`POST /dashboard/api/reload HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${TOKEN}\r\ntransfer-encoding: chunked\r\n\r\n`);
      // 1 MiB chunks until the answer comes (or 128 MiB went out, which a bounded read never takes).
      const piece = `${(1 << 20).toString(16)}\r\n${'x'.repeat(1 << 20)}\r\n`;
      let sent = 0;
      let done = false;
      void Promise.race([answered, closed]).then(() => { done = true; });
      while (!done && sent < 128) {
        if (!socket.write(piece)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), answered, closed]);
        sent++;
      }
      // An upload read to its end is answered only once it ends.
      if (!done) socket.write('0\r\n\r\n');
      await waitFor(() => answer.includes('}'), 'the answer');
      expect(answer).toStartWith('HTTP/1.1 400');
      expect(answer).toContain('takes no body');
      // Socket buffers hold a few MiB; the proxy read no more than its first chunk.
      expect(sent).toBeLessThan(64);
    } finally {
      socket.destroy();
      await server.stop();
    }
  }, 30_000);

  it('reloads the config, and lists a rejected reload among the problems', async () => {
    const ok = await h.app.handle(new Request('http://127.0.0.1/dashboard/api/reload', { method: 'POST', headers: auth }));
    expect(await ok.json()).toEqual({ ok: true, reason: null });
    const good = Bun.file(h.file);
    const text = await good.text();
    writeFileSync(h.file, 'providers: 5\n');
    try {
      const bad = await (await h.app.handle(new Request('http://127.0.0.1/dashboard/api/reload', { method: 'POST', headers: auth }))).json();
      expect(bad.ok).toBe(false);
      const { problems } = await (await get('/dashboard/api/state')).json();
      expect(problems[0]).toContain('was rejected, the previous config stays in use');
    } finally {
      writeFileSync(h.file, text);
    }
  });

  it(`keeps at most ${MAX_STREAMS} live streams open`, async () => {
    const clients = Array.from({ length: MAX_STREAMS }, () => new AbortController());
    const open = await Promise.all(clients.map((c) => get('/dashboard/api/events', auth, c.signal)));
    expect(open.every((r) => r.status === 200 && r.headers.get('content-type')!.startsWith('text/event-stream'))).toBe(true);
    const refused = await get('/dashboard/api/events');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('too_many_streams');
    for (const c of clients) c.abort();
    await Bun.sleep(10);
    const again = new AbortController();
    expect((await get('/dashboard/api/events', auth, again.signal)).status).toBe(200);
    again.abort();
  });
});

describe('the dashboard charts over a damaged requests.db', () => {
  it('answer one clear error (503 accounting_unreadable), not a 500', async () => {
    const damaged = harness(configFor({ mm: { url: 'http://127.0.0.1:9', keys: ['sk-cp-dash-api-0002'] } }), { quiet: true });
    writeFileSync(requestsDbPath(damaged.dir), 'this is not a database, it is text '.repeat(200));
    const res = await damaged.app.handle(new Request('http://127.0.0.1/dashboard/api/usage'));
    expect(res.status).toBe(503);
    const { error } = await res.json();
    expect(error.code).toBe('accounting_unreadable');
    expect(error.message).toBe(`cannot read ${requestsDbPath(damaged.dir)}: file is not a database; the charts need it (modelproxy stats says the same)`);
  });
});
