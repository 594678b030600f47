import { afterAll, describe, expect, it } from 'bun:test';
import type { GatewayFeatures } from '../../src/runtime';
import type { RunningServer } from '../../src/server';
import { startTestServer, testEnv, teardown, type TestEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const cleanups: Array<() => unknown> = [];
afterAll(() => teardown(...cleanups.reverse()));

/** A server of its own per test (one test stops its gateway), with a recording renderer and service. */
async function serverWithFeatures(): Promise<{ server: RunningServer; env: TestEnv; rendered: string[]; events: string[] }> {
  const env = testEnv('shot');
  const rendered: string[] = [];
  const events: string[] = [];
  const features: GatewayFeatures = {
    screenshot: async (windowId) => { rendered.push(windowId); return PNG; },
    services: [{
      name: 'recorder',
      start: (ctx) => { events.push('start'); ctx.bus.subscribe('window.change', (e) => events.push(`${e.change_type} ${e.window_id}`)); },
      stop: () => { events.push('stop'); },
    }],
  };
  cleanups.push(env.cleanup);
  const server = await startTestServer(env.config(), features);
  cleanups.push(() => server.stop());
  return { server, env, rendered, events };
}

describe('gateway features', () => {
  it('serve GET …/screenshot and capture.screenshot through the given renderer', async () => {
    const { server, env, rendered } = await serverWithFeatures();
    const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/shot`);
    try {
      const created = await ws.request({ type: 'session.create', channel_id: 'shot', provider: 'shell', work_dir: env.dir });
      const windowId = String(created.window_id);
      const res = await fetch(`${server.url}/api/v1/sessions/shot/screenshot`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
      const reply = await ws.request({ type: 'capture.screenshot' });
      expect(reply).toMatchObject({ type: 'capture.screenshot', channel_id: 'shot', image_base64: Buffer.from(PNG).toString('base64') });
      expect(rendered).toEqual([windowId, windowId]);
    } finally {
      ws.close();
    }
  });

  it('start services with the gateway, feed them bus events, and stop them with it', async () => {
    const { server, env, events } = await serverWithFeatures();
    expect(events[0]).toBe('start');
    const res = await fetch(`${server.url}/api/v1/sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: 'fed', provider: 'shell', work_dir: env.dir }),
    });
    const { window_id } = (await res.json()) as { window_id: string };
    expect(events).toContain(`new ${window_id}`);
    await server.gateway.stop();
    expect(events.at(-1)).toBe('stop');
  });
});
