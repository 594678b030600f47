import { afterAll, describe, expect, it } from 'bun:test';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';
import { MjsonpServer } from '../../src/mjai/tcp/server';
import { MAX_LINE_BYTES, MAX_UNASKED_LINES, ProcessTransport } from '../../src/mjai/transport';

const temp = useTempDirs(afterAll);
const quiet = { info: () => {}, error: () => {} };

/** A raw TCP client of the classic port, from a chosen local address (127.0.0.2 plays another machine). */
interface RawClient {
  socket: Socket;
  /** JSON lines received so far. */
  received: { type: string; message?: string }[];
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
  /** Resolves once `n` lines have arrived. */
  lines(n: number): Promise<void>;
}

function rawClient(port: number, from = '127.0.0.1'): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const received: RawClient['received'] = [];
    let buf = '';
    const waiters: { n: number; done: () => void }[] = [];
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => resolve({
      socket, received, closed,
      lines: (n) => new Promise((done) => { if (received.length >= n) done(); else waiters.push({ n, done }); }),
    }));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        received.push(JSON.parse(buf.slice(0, nl)));
        buf = buf.slice(nl + 1);
      }
      for (const w of waiters.splice(0)) if (received.length >= w.n) w.done(); else waiters.push(w);
    });
    socket.on('error', reject);
  });
}

describe('classic mjai port: a client cannot make the server hold what it sends, or take every place', () => {
  const dir = temp.make('mahjong-mjsonp-limits-');
  const store = new SqliteGameStore(join(dir, 'games.sqlite'));
  const server = new MjsonpServer({ host: '127.0.0.1', port: 0, store, log: quiet, maxPerClient: 3 });
  server.start();
  afterAll(async () => { await server.stop(); await store.close(); });

  it('a client waiting in a room that keeps writing is told why and closed once it has sent more lines than it was asked for', async () => {
    const c = await rawClient(server.port, '127.0.0.2');
    await c.lines(1);
    expect(c.received[0]!.type).toBe('hello');
    c.socket.write(`${JSON.stringify({ type: 'join', name: 'flood', room: 'lonely' })}\n`);
    // A room of four: this client waits; everything it writes now is unasked.
    await Bun.sleep(50);
    c.socket.write('{"type":"none"}\n'.repeat(MAX_UNASKED_LINES * 20));
    await c.closed;
    expect(c.received.at(-1)).toEqual({ type: 'error', message: `client 127.0.0.2 sent more than ${MAX_UNASKED_LINES} lines without being asked` });
    // The room is free again and the server still serves.
    const next = await rawClient(server.port, '127.0.0.2');
    await next.lines(1);
    expect(next.received[0]!.type).toBe('hello');
    next.socket.destroy();
  });

  it('a line longer than the limit, before any join, is refused the same way', async () => {
    const c = await rawClient(server.port, '127.0.0.2');
    await c.lines(1);
    c.socket.write('x'.repeat(MAX_LINE_BYTES + 10));
    await c.closed;
    expect(c.received.at(-1)).toEqual({ type: 'error', message: `client 127.0.0.2 sent a line longer than ${MAX_LINE_BYTES} bytes` });
  });

  it('one address holds at most --max-per-client connections; the owner\'s 127.0.0.1 is never limited; a place comes back when a connection ends', async () => {
    const held = await Promise.all([1, 2, 3].map(() => rawClient(server.port, '127.0.0.2')));
    await Promise.all(held.map((c) => c.lines(1)));
    const fourth = await rawClient(server.port, '127.0.0.2');
    await fourth.closed;
    expect(fourth.received).toEqual([{ type: 'error', message: 'Too many connections from your address (at most 3). Retry after a while.' }]);
    // Another address has its own share; the owner's own bots none at all.
    const other = await rawClient(server.port, '127.0.0.3');
    const own = await Promise.all([1, 2, 3, 4, 5].map(() => rawClient(server.port, '127.0.0.1')));
    await Promise.all([other, ...own].map((c) => c.lines(1)));
    for (const c of [other, ...own]) expect(c.received[0]!.type).toBe('hello');
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await Bun.sleep(50);
    const again = await rawClient(server.port, '127.0.0.2');
    await again.lines(1);
    expect(again.received[0]!.type).toBe('hello');
    for (const c of [...held, other, ...own, again]) c.socket.destroy();
  });
});

describe('mjai bot process: a bot that floods its stdout', () => {
  it('fails as illegal once it has written more lines than it was asked for, and is stopped', async () => {
    // Writes forever without reading its input.
    const bot = new ProcessTransport(['bun', '-e', 'for (;;) process.stdout.write(\'{"type":"none"}\\n\'.repeat(100))']);
    await Bun.sleep(300);
    const err = await bot.exchange('{"type":"start_game","id":0,"names":["a","b","c","d"]}', 5_000).then(() => null, (e: Error & { kind?: string }) => e);
    expect(err?.kind).toBe('illegal');
    expect(err?.message).toContain(`more than ${MAX_UNASKED_LINES} lines without being asked`);
    await bot.close();
    expect(bot.running).toBe(false);
  });

  it('fails as illegal on a line longer than the limit', async () => {
    const bot = new ProcessTransport(['bun', '-e', `process.stdout.write('x'.repeat(${MAX_LINE_BYTES * 2})); setInterval(() => {}, 1000)`]);
    const err = await bot.exchange('{"type":"start_game","id":0,"names":["a","b","c","d"]}', 5_000).then(() => null, (e: Error & { kind?: string }) => e);
    expect(err?.kind).toBe('illegal');
    expect(err?.message).toContain(`a line longer than ${MAX_LINE_BYTES} bytes`);
    await bot.close();
    expect(bot.running).toBe(false);
  });
});
