import { Elysia, t } from 'elysia';

export const HealthStatus = t.Object({ status: t.Union([t.Literal('ok'), t.Literal('not_ready')]) });
export type HealthStatus = typeof HealthStatus.static;

export const healthModule = (isReady: () => boolean = () => true) =>
  new Elysia({ name: 'health' }).get('/api/health', () => ({ status: isReady() ? 'ok' : 'not_ready' }) as HealthStatus, {
    response: HealthStatus,
    detail: { summary: 'Health check', tags: ['health'] },
  });
