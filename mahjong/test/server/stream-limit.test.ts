import { afterAll, describe, expect, it } from 'bun:test';
import { connect, type Socket } from 'node:net';
import { waitFor } from '@devhub/shared/testing';
import { createApp } from '../../src/app';
import { MAX_STREAMS_PER_CLIENT } from '../../src/server/stream-quota';
import { MAX_STREAM_LAG_BYTES } from '../../src/modules/events/hub';

// Event streams per client (README, Security model): anyone may watch a 4ai game or a room, and
// each stream holds a socket, a descriptor and a timer for as long as its client likes. Real
// sockets from several loopback addresses (127.0.0.1 with no forwarding header is the owner's
// own machine and is not counted).
const app = createApp({}).listen({ hostname: '127.0.0.1', port: 0 });
const port = app.server!.port!;
const base = `http://127.0.0.1:${port}`;
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  app.decorator.rooms.closeStreams();
  await app.decorator.games.close();
  await app.stop(true);
});

/** GET `path` from `from` on a raw socket: a stream answers its first event and stays open; a refusal is read whole. */
function openFrom(from: string, path: string): Promise<{ status: number; raw: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    });
    sockets.push(socket);
    let raw = '';
    const status = () => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      raw += chunk;
      if (status() === 200 && raw.includes('\nevent: ')) resolve({ status: 200, raw, socket });
    });
    socket.on('end', () => resolve({ status: status(), raw, socket }));
    socket.on('error', reject);
  });
}

describe('event streams per client', () => {
  it(`one address holds at most ${MAX_STREAMS_PER_CLIENT} streams; others and the owner are not affected; a closed one frees its place`, async () => {
    const created = await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: '4ai', delay_ms: 10_000, max_round: 0 }) });
    const id = ((await created.json()) as any).session_id as string;
    const room = ((await (await fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Host' }) })).json()) as any).room.room_id;
    const watch = `/api/game/${id}/events`;
    const open: Socket[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_CLIENT; i++) {
      const s = await openFrom('127.0.9.2', watch);
      expect(s.status).toBe(200);
      open.push(s.socket);
    }
    const refused = await openFrom('127.0.9.2', watch);
    expect(refused.status).toBe(429);
    expect(refused.raw).toMatch(/retry-after: 10/i);
    const body = JSON.parse(refused.raw.slice(refused.raw.indexOf('\r\n\r\n') + 4));
    expect([body.code, body.max_streams, body.retry_after]).toEqual(['TOO_MANY_STREAMS', MAX_STREAMS_PER_CLIENT, 10]);
    // The count is the client's, whatever it watches: a room's spectator stream too.
    expect((await openFrom('127.0.9.2', `/api/rooms/${room}/events?watch=1`)).status).toBe(429);
    // Another address, and the owner's own machine, still watch.
    expect((await openFrom('127.0.9.3', watch)).status).toBe(200);
    expect((await openFrom('127.0.0.1', watch)).status).toBe(200);
    // A stream its client closes gives its place back.
    open.pop()!.destroy();
    await waitFor(async () => {
      const again = await openFrom('127.0.9.2', `/api/rooms/${room}/events?watch=1`);
      return again.status === 200;
    }, 'a place for 127.0.9.2 again');
  }, 60_000);
});

describe('a stream read at full speed', () => {
  it(`is never taken for a stalled one: a 4ai game at delay 0 (about 6.7 MB of events a second) reaches its reader whole`, async () => {
    // A reader that stops is dropped past MAX_STREAM_LAG_BYTES (${MAX_STREAM_LAG_BYTES} bytes; test/server/hub.test.ts):
    // on a real socket a reader that keeps up never gets near it.
    const created = await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: '4ai', delay_ms: 0, seed: 5 }) });
    const id = ((await created.json()) as any).session_id as string;
    const session = await app.decorator.games.get(id);
    const reader = (await fetch(`${base}/api/game/${id}/events`)).body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: game_over')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(session.isOver).toBe(true);
    expect(text).toStartWith('retry: 2000\nevent: snapshot');
    expect(text).toContain('event: game_over');
    expect(text.length).toBeGreaterThan(4 * MAX_STREAM_LAG_BYTES);
    expect(session.hub.size).toBe(1);
    await reader.cancel();
  }, 60_000);
});
