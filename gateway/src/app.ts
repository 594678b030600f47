import { swagger } from '@elysiajs/swagger';
import { Elysia } from 'elysia';
import { healthModule } from './modules/health';
import { VERSION } from './version';

export interface AppDeps {}

/** Composes the gateway's modules; never listens (the serve command does). */
export function createApp(_deps: AppDeps = {}) {
  return new Elysia()
    .use(swagger({ path: '/docs', documentation: { info: { title: 'agentgw — session gateway', version: VERSION } } }))
    .use(healthModule());
}
