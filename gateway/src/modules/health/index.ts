import { Elysia, t } from 'elysia';

export const HealthStatus = t.Object({ status: t.Union([t.Literal('ok'), t.Literal('not_ready')]) });
export type HealthStatus = typeof HealthStatus.static;

/** Served at both `/health` (quick-start checks) and `/api/v1/health` (the prefix rule); no auth. */
export const healthModule = (isReady: () => boolean = () => true) => {
  const handler = () => ({ status: isReady() ? 'ok' : 'not_ready' }) as HealthStatus;
  const hook = { response: HealthStatus, detail: { summary: 'Health check', tags: ['health'] } };
  return new Elysia({ name: 'health' }).get('/health', handler, hook).get('/api/v1/health', handler, hook);
};
