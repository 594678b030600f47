import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { BrowserContext } from 'playwright-core';
import { createApp as createMahjong } from '../mahjong/src/app';
import { launchBrowser } from '../mahjong/test/web/browser';
import { startTestServer, teardown, testEnv } from '../gateway/test/helpers/gateway';
import type { RunningServer } from '../gateway/src/server';
import { waitFor } from '../shared/src/testing';

// The gateway's and mahjong's /docs render Swagger UI from assets in the binary (shared/src/docs-page.ts),
// as the proxy's does (proxy/test/server/docs.test.ts): offline, with no request leaving the server.
const env = testEnv('docs');
const mahjong = createMahjong().listen({ hostname: '127.0.0.1', port: 0 });
let gateway: RunningServer;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;
beforeAll(async () => {
  gateway = await startTestServer(env.config());
  ({ context, close: closeBrowser } = await launchBrowser());
}, 60_000);
afterAll(async () => {
  await closeBrowser?.();
  await gateway?.stop();
  await mahjong.stop(true);
  await teardown(env.cleanup);
});

describe('/docs of the gateway and mahjong, offline', () => {
  it.each([
    ['agentgw', () => gateway.url, 'agentgw — session gateway', '/api/v1/sessions'],
    ['mahjong', () => `http://127.0.0.1:${mahjong.server!.port}`, 'mahjong — riichi mahjong platform', '/api/game/new'],
  ])('%s renders its API reference with every request going to itself', async (_name, base, title, path) => {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => { requested.push(request.url()); });
    await page.goto(`${base()}/docs`);
    await page.waitForSelector('.swagger-ui .info .title', { timeout: 30_000 });
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain(title);
    await waitFor(async () => (await page.locator('.opblock-summary-path').allTextContents()).some((p) => p.includes(path)), 'the operations list', 30_000);
    expect(requested.filter((url) => !url.startsWith(`${base()}/`))).toEqual([]);
    await page.close();
  }, 60_000);
});
