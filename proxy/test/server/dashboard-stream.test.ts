import { afterAll, describe, expect, it } from 'bun:test';
import { connect } from 'node:net';
import { MAX_STREAM_LAG_BYTES } from '../../src/modules/dashboard/feed';
import { messageResponse, startMockUpstream } from '../helpers/mock-upstream';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

describe('the dashboard\'s live stream', () => {
  it(`drops a client that stops reading once ${MAX_STREAM_LAG_BYTES / 1024} KiB wait for it, instead of keeping every request line for it`, async () => {
    const upstream = await startMockUpstream(() => messageResponse('ok'));
    // A long provider name makes each request line about 100 KB: the socket buffers (a few MiB)
    // fill after a few dozen requests instead of thousands.
    const provider = `p${'x'.repeat(100_000)}`;
    const h = harness({ providers: { [provider]: { base_url: upstream.url, api_keys: [{ key: 'sk-dash-stream-0001' }] } }, routes: { default: [{ match: '.*', provider }] } });
    const server = h.listen();
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    try {
      let received = '';
      let closed = false;
      let wake = () => {};
      const { promise: connected, resolve: onConnected } = Promise.withResolvers<void>();
      socket.on('data', (data) => { received += data.toString(); if (received.includes(': connected')) onConnected(); wake(); });
      socket.on('close', () => { closed = true; wake(); });
      socket.on('error', () => {});
      socket.write('GET /dashboard/api/events HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      await connected;
      // The client stops reading; requests go on.
      socket.pause();
      const requests = 150;
      const ask = JSON.stringify({ model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] });
      for (let i = 0; i < requests; i++) expect((await fetch(`${server.url}/v1/messages`, { method: 'POST', body: ask })).status).toBe(200);
      await h.logLines();
      // Reading again: what the sockets held arrives, then the proxy's end of the stream (or, kept, every line).
      socket.resume();
      const events = () => received.split('event: request').length - 1;
      while (!closed && events() < requests) await new Promise<void>((resolve) => { wake = resolve; });
      expect(closed).toBe(true);
      expect(events()).toBeLessThan(requests);
    } finally {
      socket.destroy();
      await server.stop();
      await upstream.stop();
    }
  }, 60_000);
});
