import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { readUntil, useTempDirs } from '@devhub/shared/testing';

const temp = useTempDirs(afterAll);

const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const env = () => ({ ...process.env, MAHJONG_DIR: temp.make('mahjong-serve-'), NO_COLOR: '1', LOG_LEVEL: 'info' });

/** Reads the process output until it names its address (consola logs only at LOG_LEVEL info). */
const address = async (stream: ReadableStream<Uint8Array>): Promise<string> => (await readUntil(stream, /http:\/\/127\.0\.0\.1:\d+/))[0];

/** What a stream still has to say (its start was read by `address`). */
async function rest(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += new TextDecoder().decode(value);
  }
}

/** One raw request over TCP (HTTP/1.0 lets a request omit Host, which fetch never does); the whole answer. */
async function rawExchange(port: number, request: string): Promise<string> {
  const chunks: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => resolve(), 5_000);
    Bun.connect({
      hostname: '127.0.0.1', port, socket: {
        open: (s) => { s.write(request); },
        data: (_s, d) => { chunks.push(new TextDecoder().decode(d)); },
        close: () => { clearTimeout(timer); resolve(); },
        error: (_s, e) => { clearTimeout(timer); reject(e); },
      },
    }).catch(reject);
  });
  return chunks.join('');
}

describe('mahjong serve', () => {
  it('serves the pages, the API and an event stream on a free port, and stops on SIGTERM', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--host', '127.0.0.1', '--port', '0', '--max-sessions', '1'], { env: { ...env(), MAHJONG_ALLOWED_HOSTS: 'mahjong.example.org, .friends.example' }, stdout: 'pipe', stderr: 'pipe' });
    const base = await address(proc.stdout);
    expect((await fetch(`${base}/`)).headers.get('content-type')).toContain('text/html');
    // DNS rebinding: a Host that is not a loopback name, this machine's address or an allowed one is refused.
    const withHost = (host: string) => fetch(`${base}/api/health`, { headers: { host } });
    const rebound = await withHost('evil.example');
    expect(rebound.status).toBe(403);
    expect(await rebound.json()).toMatchObject({ code: 'FORBIDDEN_HOST', detail: expect.stringContaining('--allowed-hosts') });
    expect((await withHost('friends.example.evil.test')).status).toBe(403);
    for (const host of ['localhost:8000', 'mahjong.example.org', 'table.friends.example:443', 'friends.example']) expect([host, (await withHost(host)).status]).toEqual([host, 200]);
    // HTTP/1.0 without any Host: the same documented 403, not an internal error.
    const raw = await rawExchange(Number(new URL(base).port), 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(raw).toStartWith('HTTP/1.1 403');
    expect(raw).toContain('"code":"FORBIDDEN_HOST"');
    const game = (await (await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { session_id: string; token: string };
    const events = await fetch(`${base}/api/game/${game.session_id}/events`, { headers: { 'x-session-token': game.token } });
    const first = new TextDecoder().decode((await events.body!.getReader().read()).value);
    expect(first).toContain('event: snapshot');
    const second = await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(second.status).toBe(429);
    // Over a real socket, a body past 5 MB gets the app's 413 body, not the listener's bare one.
    const big = await fetch(`${base}/api/replay/load`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(6 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it('stops once when Ctrl-C under a launcher brings SIGINT and SIGTERM together', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--host', '127.0.0.1', '--port', '0'], { env: env(), stdout: 'pipe', stderr: 'pipe' });
    const base = await address(proc.stdout);
    const game = (await (await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"4ai","delay_ms":100}' })).json()) as { session_id: string };
    const events = await fetch(`${base}/api/game/${game.session_id}/events`);
    await events.body!.getReader().read();
    // The terminal's SIGINT reaches the server with the launcher's SIGTERM right behind it.
    proc.kill('SIGINT');
    proc.kill('SIGTERM');
    const [out, err, code] = await Promise.all([rest(proc.stdout), new Response(proc.stderr).text(), proc.exited]);
    expect(out + err).not.toContain("isn't running");
    expect(code).toBe(0);
  });

  it('refuses a bad limit with exit code 2 and a message', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--session-ttl', 'soon'], { env: env(), stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(2);
    expect(out + err).toContain('--session-ttl must be a positive number');
  });
});

describe('mahjong serve on a port already taken', () => {
  it('refuses to share it with exit 1 and a message, even with a listener that allows SO_REUSEPORT', async () => {
    // As Elysia would listen by default: a second server with reuse on would be let in silently.
    using taken = Bun.serve({ hostname: '127.0.0.1', port: 0, reusePort: true, fetch: () => new Response('other') });
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--port', String(taken.port)], { env: env(), stdout: 'pipe', stderr: 'pipe' });
    // Bounded: a server that did start would run forever.
    const bound = setTimeout(() => proc.kill(), 20_000);
    const [out, err, exited] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    clearTimeout(bound);
    expect(exited).toBe(1);
    expect(out + err).toContain(`cannot listen on 127.0.0.1:${taken.port}: the port is in use`);
    expect(out + err).not.toContain('at <anonymous>');
  });

  it('names an address that is not on this machine', async () => {
    const { listenError } = await import('../../src/cli/serve');
    expect(listenError(Object.assign(new Error('x'), { code: 'EADDRNOTAVAIL' }), { host: '10.9.9.9', port: 80 })).toBe('cannot listen on 10.9.9.9:80: no such address on this machine (--host)');
  });
});

describe('stopping', () => {
  it('stops once however many signals ask, and never asks a stopped Elysia again', async () => {
    const { stopOnce } = await import('../../src/cli/serve');
    const { createApp } = await import('../../src/app');
    const app = createApp();
    app.listen({ hostname: '127.0.0.1', port: 0 });
    const warnings: string[] = [];
    // Elysia prints "Elysia isn't running" (it does not throw) when asked to stop twice: count the asks.
    const real = app.stop.bind(app);
    let asked = 0;
    app.stop = ((...args: Parameters<typeof real>) => { asked++; return real(...args); }) as typeof app.stop;
    const stop = stopOnce(app, { warn: (m) => warnings.push(m) });
    await Promise.all([stop(), stop()]);
    await stop();
    expect(asked).toBe(1);
    expect(warnings).toEqual([]);
    expect(app.server).toBeFalsy();
  });
});

describe('serve defaults', () => {
  it('listens on 127.0.0.1:8000 unless told otherwise (README)', async () => {
    const { DEFAULT_LISTEN, LISTEN_ENV } = await import('../../src/cli/serve');
    expect(DEFAULT_LISTEN).toEqual({ host: '127.0.0.1', port: 8000 });
    expect(LISTEN_ENV).toEqual({ host: 'MAHJONG_HOST', port: 'MAHJONG_PORT' });
  });
});
