import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { GatewayPlugin } from '../../src/runtime';
import { startTestApp, testEnv } from '../helpers/gateway';

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
let t: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => { t = await startTestApp(env.config(), { plugins: [plugin] }); });
afterAll(async () => { await t.gateway.stop(); await env.cleanup(); });

describe('plugins', () => {
  it('serve the screenshot endpoint through the plugin renderer', async () => {
    const created = await t.call('POST', '/api/v1/sessions', { channel_id: 's', provider: 'shell', work_dir: env.dir });
    const res = await t.app.handle(new Request('http://localhost/api/v1/sessions/s/screenshot'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(rendered).toEqual([created.body.window_id]);
  });

  it('start services with the gateway, feed them bus events, and stop them with it', async () => {
    expect(events[0]).toBe('start');
    expect(events).toContain(`new ${rendered[0]}`);
    await t.gateway.stop();
    expect(events.at(-1)).toBe('stop');
  });
});
