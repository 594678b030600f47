import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { canRunAsNobody, NOBODY_UID, runAsNobody } from '@devhub/shared/testing';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';

// Without server.auth_token the proxy serves loopback programs; every user of the machine reaches
// 127.0.0.1, so it asks the kernel which user owns the peer's socket and serves only its own
// user's (and root's). A real program of another user (`nobody` through setpriv: needs root, as CI
// runs) tries to spend the keys; the upstream mock counts what reaches it.
let upstreamHits = 0;
const upstream = Bun.serve({
  hostname: '127.0.0.1', port: 0,
  fetch() {
    upstreamHits++;
    return Response.json({ id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text: 'hi' }], stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 } });
  },
});
const h = harness(configFor({ mm: { url: `http://127.0.0.1:${upstream.port}/anthropic`, keys: ['sk-other-user-0000'] } }));
let server: { url: string; stop(): Promise<void> };

beforeAll(() => { server = h.listen(); });
afterAll(async () => {
  await server?.stop();
  upstream.stop(true);
  removeTempDirs();
});

const BODY = JSON.stringify({ model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });

describe('another user of this machine, without auth_token', () => {
  it.skipIf(!canRunAsNobody)('gets 403 forbidden_user and never reaches the upstream, while this user\'s programs are served', async () => {
    const code = `const r = await fetch(${JSON.stringify(`${server.url}/v1/messages`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(BODY)} });
      const b = await r.json(); console.log(JSON.stringify([process.getuid(), r.status, b.error?.code ?? b.code ?? null]));`;
    const { out, err } = await runAsNobody(code);
    expect(err).toBe('');
    expect(JSON.parse(out)).toEqual([NOBODY_UID, 403, 'forbidden_user']);
    expect(upstreamHits).toBe(0);
    const own = await fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
    expect(own.status).toBe(200);
    expect(upstreamHits).toBe(1);
  }, 30_000);
});
