import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser } from 'playwright-core';
import { createApp } from '../../src/app';
import { LISTEN_OPTIONS } from '../../src/listen-options';
import { waitFor } from '@devhub/shared/testing';
import { CHROMIUM, launchChromium } from '@devhub/shared/testing-chromium';

const app = createApp();
const get = (path: string) => app.handle(new Request(`http://localhost${path}`));

describe('/docs is served from the binary', () => {
  it('the page names only its own assets, no CDN', async () => {
    const res = await get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls).toEqual(['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/init.js']);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves the pinned swagger-ui-dist files byte for byte, and a structured 404 for anything else', async () => {
    for (const [file, type] of [['swagger-ui-bundle.js', 'text/javascript'], ['swagger-ui.css', 'text/css']] as const) {
      const res = await get(`/docs/assets/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toStartWith(type);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await Bun.file(Bun.resolveSync(`swagger-ui-dist/${file}`, join(import.meta.dir, '../../../shared/src'))).arrayBuffer()))).toBe(true);
    }
    const missing = await get('/docs/assets/index.html');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
  });

  it('still serves the OpenAPI document at /docs/json', async () => {
    const doc = (await (await get('/docs/json')).json()) as { info: { title: string }; paths: Record<string, unknown> };
    expect(doc.info.title).toBe('modelproxy — local model proxy');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/messages', '/v1/messages/count_tokens', '/v1/chat/completions', '/v1/responses', '/v1/models']));
  });
});

describe('/docs in Chromium', () => {
  let browser: Browser | undefined;
  let server: { url: string; stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) return;
    const listening = createApp().listen({ hostname: '127.0.0.1', port: 0, ...LISTEN_OPTIONS });
    server = { url: `http://127.0.0.1:${listening.server!.port}`, stop: async () => { await listening.stop(true); } };
    browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.skipIf(!existsSync(CHROMIUM))('renders the API reference with every request going to the proxy itself', async () => {
    const page = await browser!.newPage();
    const requested: string[] = [];
    page.on('request', (request) => { requested.push(request.url()); });
    await page.goto(`${server!.url}/docs`);
    await page.waitForSelector('.swagger-ui .info .title', { timeout: 30_000 });
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('modelproxy — local model proxy');
    await waitFor(async () => (await page.locator('.opblock-summary-path').allTextContents()).some((p) => p.includes('/v1/messages')), 'the operations list', 30_000);
    expect(requested.length).toBeGreaterThanOrEqual(4);
    expect(requested.filter((url) => !url.startsWith(`${server!.url}/`))).toEqual([]);
    await page.close();
  }, 90_000);
});
