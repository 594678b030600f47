import { swagger } from '@elysiajs/swagger';
import { Elysia } from 'elysia';
import { healthModule } from './modules/health';
import { VERSION } from './version';

export interface AppDeps {}

/** Composes the mahjong's modules; never listens (the serve command does). */
export function createApp(_deps: AppDeps = {}) {
  return new Elysia()
    .use(swagger({ path: '/docs', documentation: { info: { title: 'mahjong — riichi mahjong platform', version: VERSION } } }))
    .use(healthModule());
}
