import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { GatewayPlugin, RunningServer } from '../../src/runtime';
import { startTestServer, testEnv, teardown } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const env = testEnv('shot');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const rendered: string[] = [];
const events: string[] = [];
const plugin: GatewayPlugin = {
  name: 'test-plugin',
  screenshot: async (windowId) => { rendered.push(windowId); return PNG; },
  services: (ctx) => [{
    name: 'recorder',
    start: () => { events.push('start'); ctx.bus.subscribe('window.change', (e) => events.push(`${e.change_type} ${e.window_id}`)); },
    stop: () => { events.push('stop'); },
  }],
};
let server: RunningServer;

beforeAll(async () => { server = await startTestServer(env.config(), { plugins: [plugin] }); });
afterAll(() => teardown(() => server?.stop(), env.cleanup));

describe('plugins', () => {
  it('serve GET …/screenshot and capture.screenshot through the plugin renderer', async () => {
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
    expect(events[0]).toBe('start');
    expect(events).toContain(`new ${rendered[0]}`);
    await server.gateway.stop();
    expect(events.at(-1)).toBe('stop');
  });
});
