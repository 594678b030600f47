import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { createLogger } from '@devhub/shared';
import { useTempDirs, waitFor } from '../../../shared/src/testing';
import { createApp } from '../../src/app';
import { memoryBackend } from '../../src/modules/backend/memory';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';
import { PAGE_POLICY } from '../../src/server/security-headers';

// README, "Security model": tokens as HttpOnly cookies for pages, headers for API clients, never a
// URL; a request from another origin neither acts nor is taken for the cookie's holder.
const temp = useTempDirs(afterAll);
const ADMIN = 'cookies-test-admin-token';
const store = new SqliteGameStore(join(temp.make('mj-cookies-'), 'games.sqlite'));
const app = createApp({ adminToken: ADMIN, log: createLogger('mahjong', -999), backend: memoryBackend(undefined, store) });
afterAll(() => app.decorator.games.close());

const HOST = 'mahjong.test:8000';
const call = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
  const init: RequestInit = { method, headers: { host: HOST, ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    Object.assign(init.headers!, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(init.body as string)) });
  }
  const res = await app.handle(new Request(`http://${HOST}${path}`, init));
  const text = await res.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, cookies: res.headers.getSetCookie() };
};
const newGame = (mode = 'human_ai', seed = 1) => call('POST', '/api/game/new', {}, { mode, seed, max_round: 0, ai_model: 'random', delay_ms: 0 });

describe('game cookies', () => {
  it('a new game sets two HttpOnly SameSite=Strict cookies: the game\'s path and the history\'s', async () => {
    const g = await newGame();
    const id = g.json.session_id;
    expect(g.cookies).toEqual([
      `mj_game_${id}=${g.json.token}; Path=/api/game/${id}; HttpOnly; SameSite=Strict; Max-Age=604800`,
      `mj_game_${id}=${g.json.token}; Path=/api/games; HttpOnly; SameSite=Strict; Max-Age=34560000`,
    ]);
  });

  it('the cookie stands for the seat on a same-origin or typed request, never on one from another site or origin', async () => {
    const g = await newGame();
    const id = g.json.session_id;
    const cookie = `other=1; mj_game_${id}=${g.json.token}`;
    const seat0 = `/api/game/${id}/state?for_player=0`;
    expect((await call('GET', seat0, { cookie })).status).toBe(200);
    expect((await call('GET', seat0, { cookie, 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` })).status).toBe(200);
    expect((await call('GET', seat0, { cookie, 'sec-fetch-site': 'none' })).status).toBe(200);
    const elsewhere: Record<string, string>[] = [{ 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'http://mahjong.test:9000' }];
    for (const from of elsewhere) {
      expect((await call('GET', seat0, { cookie, ...from })).json.code).toBe('TOKEN_REQUIRED');
    }
    // Another game's cookie is not this one's.
    const other = await newGame('human_ai', 2);
    expect((await call('GET', seat0, { cookie: `mj_game_${other.json.session_id}=${other.json.token}` })).status).toBe(401);
    expect((await call('GET', seat0, { 'x-seat-token': g.json.token })).status).toBe(200);
    // A header wins over a cookie.
    expect((await call('GET', seat0, { cookie, 'x-session-token': other.json.token })).json.code).toBe('WRONG_TOKEN');
  });

  it('refuses every state change from a page of another origin, header or cookie; its own origin and API clients pass', async () => {
    const g = await newGame();
    const id = g.json.session_id;
    const act = (headers: Record<string, string>) => call('POST', `/api/game/${id}/auto`, headers, { pass: true });
    const token = { 'x-session-token': g.json.token };
    const refused: Record<string, string>[] = [{ origin: 'http://mahjong.test:9000' }, { origin: 'http://evil.test' }, { origin: 'null' }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }];
    for (const from of refused) {
      const res = await act({ ...token, ...from });
      expect([from, res.status, res.json.code]).toEqual([from, 403, 'CROSS_ORIGIN']);
    }
    expect((await call('DELETE', `/api/game/${id}`, { ...token, origin: 'http://evil.test' })).json.code).toBe('CROSS_ORIGIN');
    expect((await act(token)).status).toBe(200);
    expect((await act({ ...token, origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // Behind a proxy: the host the browser used is in X-Forwarded-Host; or the browser's Sec-Fetch-Site
    // says same-origin (a proxy that rewrites Host and adds nothing).
    expect((await act({ ...token, origin: 'https://play.example', 'x-forwarded-host': 'play.example' })).status).toBe(200);
    expect((await act({ ...token, origin: 'https://play.example', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await act({ ...token, origin: 'https://play.example', 'sec-fetch-site': 'same-site' })).json.code).toBe('CROSS_ORIGIN');
    expect((await act({ cookie: `mj_game_${id}=${g.json.token}`, origin: `http://${HOST}` })).status).toBe(200);
  });

  it('refuses a token in any API URL with 400 TOKEN_IN_URL', async () => {
    const g = await newGame();
    for (const path of [`/api/game/${g.json.session_id}/events?token=${g.json.token}`, `/api/game/${g.json.session_id}/state?for_player=0&token=x`,
      `/api/games?token=${ADMIN}`, `/api/sessions?token=${ADMIN}`, `/api/games/x/export?format=xml&token=y`]) {
      const res = await call('GET', path);
      expect([path, res.status, res.json.code]).toEqual([path, 400, 'TOKEN_IN_URL']);
    }
  });

  it('claim sets the cookies for a header token only (not the admin\'s); DELETE clears the play cookie', async () => {
    const g = await newGame();
    const id = g.json.session_id;
    expect((await call('POST', `/api/game/${id}/claim`)).json.code).toBe('TOKEN_REQUIRED');
    expect((await call('POST', `/api/game/${id}/claim`, { cookie: `mj_game_${id}=${g.json.token}` })).json.code).toBe('TOKEN_REQUIRED');
    expect((await call('POST', `/api/game/${id}/claim`, { 'x-session-token': 'f'.repeat(32) })).json.code).toBe('WRONG_TOKEN');
    expect((await call('POST', `/api/game/${id}/claim`, { 'x-session-token': ADMIN })).json.code).toBe('WRONG_TOKEN');
    expect((await call('POST', '/api/game/nope/claim', { 'x-session-token': g.json.token })).status).toBe(404);
    const claimed = await call('POST', `/api/game/${id}/claim`, { authorization: `Bearer ${g.json.token}` });
    expect(claimed.status).toBe(200);
    expect(claimed.cookies).toEqual(g.cookies);
    const gone = await call('DELETE', `/api/game/${id}`, { cookie: `mj_game_${id}=${g.json.token}` });
    expect(gone.cookies).toEqual([`mj_game_${id}=; Path=/api/game/${id}; HttpOnly; SameSite=Strict; Max-Age=0`]);
  });
});

describe('history cookies', () => {
  it('lists and serves the games whose cookies the browser holds; the admin signs in as a session cookie', async () => {
    const g = await newGame('4ai', 5);
    const id = g.json.session_id;
    // A 4ai game plays while someone watches it.
    const stream = (await app.handle(new Request(`http://${HOST}/api/game/${id}/events`))).body!.getReader();
    for (let text = ''; !text.includes('event: game_over');) text += new TextDecoder().decode((await stream.read()).value);
    await stream.cancel();
    await waitFor(async () => (await store.get(id)) !== null, 'the stored game', 20_000);
    const cookie = `mj_game_${id}=${g.json.token}`;
    const mine = await call('GET', '/api/games', { cookie });
    expect(mine.json.games.map((x: any) => x.game_id)).toEqual([id]);
    expect(mine.json.admin).toBe(false);
    expect((await call('GET', `/api/games/${id}/export?format=mjai`, { cookie })).status).toBe(200);
    expect((await call('GET', `/api/games/${id}/export?format=mjai`, { cookie, 'sec-fetch-site': 'same-site' })).status).toBe(401);
    // After the session: the game's own path answers from the store for the same cookie.
    expect((await call('DELETE', `/api/game/${id}`, { cookie })).status).toBe(200);
    expect((await call('GET', `/api/game/${id}/mjlog`, { cookie })).status).toBe(200);
    expect((await call('POST', `/api/game/${id}/claim`, { 'x-session-token': g.json.token })).cookies).toHaveLength(2);

    expect((await call('POST', '/api/games/admin')).json.code).toBe('TOKEN_REQUIRED');
    const notAdmin = (await call('POST', '/api/games/admin', { 'x-session-token': g.json.token })).json;
    expect(notAdmin).toMatchObject({ code: 'WRONG_TOKEN', detail: expect.stringContaining('not the admin token') });
    expect((await call('POST', '/api/games/admin', { authorization: `Bearer ${ADMIN}` })).json.admin).toBe(true);
    const admin = await call('POST', '/api/games/admin', { 'x-session-token': ADMIN });
    expect(admin.cookies).toEqual([`mj_admin=${ADMIN}; Path=/api/games; HttpOnly; SameSite=Strict`]);
    expect((await call('GET', '/api/games', { cookie: `mj_admin=${ADMIN}` })).json.admin).toBe(true);
    expect((await call('GET', '/api/games', { cookie: `mj_admin=${ADMIN}`, origin: 'http://evil.test' })).status).toBe(401);
    expect((await call('DELETE', '/api/games/admin')).cookies).toEqual(['mj_admin=; Path=/api/games; HttpOnly; SameSite=Strict; Max-Age=0']);
  }, 30_000);

  it('an admin sign-in on a server without an admin token says so (and sets no cookie)', async () => {
    const bare = createApp({ log: createLogger('mahjong', -999), backend: memoryBackend() });
    try {
      const res = await bare.handle(new Request(`http://${HOST}/api/games/admin`, { method: 'POST', headers: { host: HOST, 'x-session-token': ADMIN } }));
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.json()).toMatchObject({ code: 'WRONG_TOKEN', detail: expect.stringContaining('this server has no admin token') });
    } finally {
      bare.decorator.games.close();
    }
  });
});

describe('every answer', () => {
  it('forbids framing, keeps its URL out of Referer headers and is not sniffed: pages, API and errors alike', async () => {
    for (const path of ['/', '/history', '/room', '/ladder', '/api/health', '/api/nope']) {
      const res = await app.handle(new Request(`http://${HOST}${path}`));
      const got = Object.fromEntries(['x-frame-options', 'content-security-policy', 'referrer-policy', 'x-content-type-options'].map((h) => [h, res.headers.get(h)]));
      expect([path, got]).toEqual([path, { 'x-frame-options': 'DENY', 'content-security-policy': PAGE_POLICY, 'referrer-policy': 'same-origin', 'x-content-type-options': 'nosniff' }]);
    }
    expect(PAGE_POLICY).toContain("script-src 'self'");
    expect(PAGE_POLICY).toContain("frame-ancestors 'none'");
    expect((await app.handle(new Request(`http://${HOST}/docs`))).headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});

describe('room cookies', () => {
  it('a seat cookie from another origin\'s request is no seat', async () => {
    const r = await call('POST', '/api/rooms', {}, { name: 'Ann' });
    const id = r.json.room.room_id;
    const cookie = `mj_seat_${id}=${r.json.token}`;
    expect((await call('GET', `/api/rooms/${id}`, { cookie })).json.you).toBe(r.json.seat);
    expect((await call('GET', `/api/rooms/${id}`, { cookie, 'sec-fetch-site': 'same-site' })).json.you).toBeNull();
    expect((await call('POST', `/api/rooms/${id}/start`, { cookie, origin: 'http://mahjong.test:9000' })).json.code).toBe('CROSS_ORIGIN');
  });
});
