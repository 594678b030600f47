import { afterAll, beforeAll } from 'bun:test';
import type { BrowserContext } from 'playwright-core';
import { createApp } from '../../src/app';
import { createLogger } from '@devhub/shared';
import { launchBrowser } from './browser';

/**
 * A test file's quiet in-process mahjong server and one Chromium for its pages, started in
 * beforeAll and stopped (the browser's CSP check included) in afterAll.
 */
export function pageServer(): { base: string; context: () => BrowserContext } {
  const app = createApp({ log: createLogger('mahjong', -999) }).listen({ hostname: '127.0.0.1', port: 0 });
  let context: BrowserContext | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ context, close } = await launchBrowser());
  });
  afterAll(async () => {
    await close?.();
    await app.stop(true);
    app.decorator.games.close();
  });
  return { base: `http://127.0.0.1:${app.server!.port}`, context: () => context! };
}
