import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { createLogger } from '../shared/src/logger';
import { readUntil, useTempDirs } from '../shared/src/testing';
import { MjsonpServer } from '../mahjong/src/mjai/tcp/server';
import type { RoomResult } from '../mahjong/src/mjai/tcp/room';
import { SqliteGameStore } from '../mahjong/src/modules/backend/sqlite';
import { launchBrowser } from '../mahjong/test/web/browser';

// README, "Security model": what a web page in the user's browser can do to a local mahjong server,
// as an attacker runs it. One Chromium for both cases; its resolver maps evil.example to 127.0.0.1.
//
// DNS rebinding. A page is loaded from
// evil.example; then the name is made to point at the user's machine, where `mahjong serve`
// listens on the same port, so the page's own-origin requests reach the server and it could read
// every answer. Chromium's resolver maps evil.example to 127.0.0.1 throughout; the attacker's
// server holds the port first, then the real `mahjong serve` takes it.
const temp = useTempDirs(afterAll);
const ADMIN = 'rebinding-test-admin-token';
const CLI = join(import.meta.dir, '../mahjong/src/cli/index.ts');

const ATTACK_PAGE = `<!doctype html><title>win a prize</title><script>
window.attack = async () => {
  const out = {};
  for (const [name, init] of [
    ['create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: '4ai', delay_ms: 0 }) }],
    ['sessions', {}], ['ladder', {}],
  ]) {
    const path = name === 'create' ? '/api/game/new' : name === 'sessions' ? '/api/sessions' : '/api/ladder';
    try { const r = await fetch(path, init); out[name] = { status: r.status, body: await r.text() }; } catch (e) { out[name] = { error: String(e) }; }
  }
  return out;
};
</script><p>loading…</p>`;

let context: BrowserContext;
let closeBrowser: () => Promise<void>;
beforeAll(async () => { ({ context, close: closeBrowser } = await launchBrowser(['--host-resolver-rules=MAP evil.example 127.0.0.1'])); });
afterAll(async () => { await closeBrowser?.(); });

describe('a web page against a local mahjong server (real Chromium)', () => {
  it('DNS rebinding: a page of evil.example whose name now points at this machine gets 403 for every request, reads nothing and starts nothing', async () => {
    const attacker = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(ATTACK_PAGE, { headers: { 'content-type': 'text/html', connection: 'close' } }) });
    const port = attacker.port;
    let server: ReturnType<typeof Bun.spawn> | null = null;
    try {
      const page = await context.newPage();
      await page.goto(`http://evil.example:${port}/`);
      expect(await page.title()).toBe('win a prize');
      attacker.stop(true);
      server = Bun.spawn(['bun', CLI, 'serve', '--host', '127.0.0.1', '--port', String(port), '--no-store'], {
        env: { ...process.env, MAHJONG_DIR: temp.make('mj-rebind-'), MAHJONG_ADMIN_TOKEN: ADMIN, NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
      });
      await readUntil(server.stdout as ReadableStream<Uint8Array>, /listening on http/);
      const results = (await page.evaluate('window.attack()')) as Record<string, { status?: number; body?: string; error?: string }>;
      for (const [name, r] of Object.entries(results)) {
        expect([name, r.status]).toEqual([name, 403]);
        expect(JSON.parse(r.body!)).toMatchObject({ code: 'FORBIDDEN_HOST' });
        expect(r.body).not.toContain('"token"');
      }
      // The user's own page, on the same server, works: the refusal is the Host, nothing else.
      const own = await context.newPage();
      await own.goto(`http://127.0.0.1:${port}/`);
      const mine = (await own.evaluate('fetch("/api/game/new", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mode: "4ai", delay_ms: 0 }) }).then((r) => r.status)')) as number;
      expect(mine).toBe(200);
      // Exactly one session exists, the user's: the attack started none.
      const sessions = await (await fetch(`http://127.0.0.1:${port}/api/sessions`, { headers: { 'x-session-token': ADMIN } })).json() as { sessions: unknown[] };
      expect(sessions.sessions).toHaveLength(1);
    } finally {
      attacker.stop(true);
      server?.kill('SIGTERM');
      await server?.exited;
    }
  }, 60_000);

  // Cross-protocol: the classic mjai port speaks JSON lines, not HTTP, but a page may still POST to
  // it (a "no-cors" request needs no permission) with a join line as its body, hoping the server
  // skips the request line and headers. The first line must be the join: the request line is not.
  it('a page cannot join a classic mjai room by POSTing a join line to the mjsonp port', async () => {
    const results: RoomResult[] = [];
    const logged: string[] = [];
    const log = createLogger('mahjong', 999);
    log.setReporters([{ log: (entry) => { logged.push(entry.args.join(' ')); } }]);
    const store = new SqliteGameStore(join(temp.make('mj-xproto-'), 'games.sqlite'));
    const mjsonp = new MjsonpServer({
      host: '127.0.0.1', port: 0, store, log, timeoutMs: 2_000, onGame: (r) => results.push(r),
      rooms: { practice: { fill: 'random', wait_ms: 0, east_only: true } },
    });
    mjsonp.start();
    const evil = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('<!doctype html><title>elsewhere</title>', { headers: { 'content-type': 'text/html' } }) });
    try {
      const page = await context.newPage();
      await page.goto(`http://evil.example:${evil.port}/`);
      const join = `${JSON.stringify({ type: 'join', name: 'evil', room: 'practice' })}\n`;
      const outcome = await page.evaluate(async ({ port, body }) => {
        const attempts: string[] = [];
        for (const init of [{ method: 'POST', mode: 'no-cors', body }, { method: 'POST', mode: 'no-cors', body: body.repeat(50) }] as RequestInit[]) {
          try { await fetch(`http://127.0.0.1:${port}/`, init); attempts.push('answered'); } catch (e) { attempts.push(String(e)); }
        }
        return attempts;
      }, { port: mjsonp.port, body: join });
      expect(outcome).toHaveLength(2);
      await Bun.sleep(500);
      // A join is logged at once ("evil joined (1/4)") and starts an East-only game against three random AIs.
      expect(logged.filter((l) => l.includes('joined'))).toEqual([]);
      expect(results).toEqual([]);
      expect((await store.list({ owners: 'all', limit: 10, offset: 0 })).total).toBe(0);
    } finally {
      evil.stop(true);
      await mjsonp.stop();
      await store.close();
    }
  }, 60_000);
});
