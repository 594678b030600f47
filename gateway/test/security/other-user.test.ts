import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { createLogger } from '@devhub/shared';
import { canRunAsNobody, NOBODY_UID, runAsNobody } from '@devhub/shared/testing';
import { loopbackPeerUids, procSocketKey, uidsInTable } from '@devhub/shared/peer-user';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';

// Without an API key the gateway serves loopback peers; every user of the machine can reach
// 127.0.0.1, so it also reads which user's program is on the other end (the kernel's socket
// table) and serves only its own user's. Here a real program of another user (`nobody`, through
// setpriv: this needs root, as CI runs) tries the REST API and the WebSocket.
const env = testEnv('other-user');
let server: RunningServer;
const lines: string[] = [];

beforeAll(async () => {
  const log = createLogger('other-user-test', 5);
  log.setReporters([{ log: (entry) => lines.push(entry.args.join(' ')) }]);
  server = await startTestServer(env.config({}), { log });
});
afterAll(() => teardown(() => server?.stop(), env.cleanup));

/** Runs `code` as user nobody; what it prints. */
async function asNobody(code: string): Promise<string> {
  const run = await runAsNobody(code);
  if (run.exitCode !== 0) throw new Error(`nobody's program failed: ${run.err}`);
  return run.out;
}

const sessionCount = async () => ((await (await fetch(`${server.url}/api/v1/sessions`)).json()) as { sessions: unknown[] }).sessions.length;

describe('another user of this machine, without an API key', () => {
  it.skipIf(!canRunAsNobody)('is refused on REST (401, logged with its uid) and starts nothing, while this user\'s programs pass', async () => {
    const out = await asNobody(`
      const base = ${JSON.stringify(server.url)};
      const list = await fetch(base + '/api/v1/sessions');
      const made = await fetch(base + '/api/v1/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: 'intruder', provider: 'shell' }) });
      console.log(JSON.stringify([process.getuid(), list.status, made.status, (await made.json()).detail]));`);
    expect(JSON.parse(out)).toEqual([NOBODY_UID, 401, 401, 'Invalid or missing API key']);
    expect(await sessionCount()).toBe(0);
    expect(lines.some((l) => l.includes(`belongs to uid ${NOBODY_UID}`))).toBe(true);
    expect((await fetch(`${server.url}/api/v1/sessions`)).status).toBe(200);
  }, 30_000);

  it.skipIf(!canRunAsNobody)('is refused on both WebSocket paths: the error message, then close 4001', async () => {
    const out = await asNobody(`
      const seen = [];
      for (const path of ['/api/v1/ws', '/api/v1/ws/intruder']) {
        const ws = new WebSocket(${JSON.stringify(server.url.replace('http', 'ws'))} + path);
        const msgs = [];
        ws.onmessage = (e) => msgs.push(JSON.parse(e.data).type);
        const code = await new Promise((r) => { ws.onclose = (e) => r(e.code); });
        seen.push([path, code, msgs]);
      }
      console.log(JSON.stringify(seen));`);
    expect(JSON.parse(out)).toEqual([['/api/v1/ws', 4001, ['error']], ['/api/v1/ws/intruder', 4001, ['error']]]);
    // This user's own WebSocket is welcomed.
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws`);
    const first = await new Promise<string>((r) => { ws.onmessage = (e) => r(JSON.parse(String(e.data)).type); });
    ws.close();
    expect(first).toBe('gateway.hello');
  }, 30_000);
});

describe('reading the kernel\'s socket table', () => {
  it('finds the owner of a live loopback connection (this process) by its port', async () => {
    const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const client = await Bun.connect({ hostname: '127.0.0.1', port: listener.port, socket: { data() {} } });
    try {
      const own = [process.getuid!()];
      const peer = { address: '127.0.0.1', port: client.localPort };
      // Over netlink: the one socket (listen address known), or a scan (a wildcard listener).
      expect(loopbackPeerUids(peer, { port: listener.port, address: '127.0.0.1' })).toEqual(own);
      expect(loopbackPeerUids(peer, { port: listener.port, address: '0.0.0.0' })).toEqual(own);
      // The IPv4-mapped form a dual-stack server sees names the same socket.
      expect(loopbackPeerUids({ address: '::ffff:127.0.0.1', port: client.localPort }, { port: listener.port })).toEqual(own);
      // Another port, or another of our addresses, is nobody's connection to us.
      expect(loopbackPeerUids(peer, { port: listener.port === 1 ? 2 : 1 })).toEqual([]);
      expect(loopbackPeerUids(peer, { port: listener.port, address: '127.0.0.2' })).toEqual([]);
      // The same answers read from /proc/net/tcp.
      const key = procSocketKey('127.0.0.1', client.localPort)!;
      expect(uidsInTable(readFileSync('/proc/net/tcp', 'utf8'), key, listener.port)).toEqual(own);
    } finally {
      client.end();
      listener.stop(true);
    }
  });

  it('reads the table\'s address format (little-endian words) for IPv4 and IPv6', () => {
    expect(procSocketKey('127.0.0.1', 8900)).toBe('0100007F:22C4');
    expect(procSocketKey('::1', 443)).toBe('00000000000000000000000001000000:01BB');
    // A dual-stack server's ::ffff:a.b.c.d peer is an IPv4 client: its socket is in the IPv4 table.
    expect(procSocketKey('::ffff:127.0.0.1', 1)).toBe('0100007F:0001');
    expect(procSocketKey('not an address', 1)).toBeNull();
    expect(procSocketKey('[fe80::1%eth0]', 2)).toBe('000080FE000000000000000001000000:0002');
    const table = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:22C4 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 11 1 0',
      '   1: 0100007F:D431 0100007F:22C4 01 00000000:00000000 00:00000000 00000000  1001        0 12 1 0',
      // The same local port bound again to reach another of our addresses (127.0.0.2) by another user.
      '   2: 0100007F:D431 0200007F:22C4 01 00000000:00000000 00:00000000 00000000  1002        0 13 1 0',
    ].join('\n');
    expect(uidsInTable(table, '0100007F:D431', 8900)).toEqual([1001, 1002]);
    expect(uidsInTable(table, '0100007F:D431', 8901)).toEqual([]);
    expect(uidsInTable(table, '0100007F:D432', 8900)).toEqual([]);
  });
});
