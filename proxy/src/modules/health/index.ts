import { Elysia, t } from 'elysia';

export const HealthStatus = t.Object({ status: t.Union([t.Literal('ok'), t.Literal('not_ready')]) });
export type HealthStatus = typeof HealthStatus.static;

/**
 * `/health`, and a quiet `HEAD /` and `HEAD /api/hello`: Claude Code checks that its base URL
 * answers at every start (2.1.1xx with `HEAD /`, 2.1.330 with `HEAD /api/hello`), and a 404 there
 * left a warning in the log each time.
 */
export const healthModule = (isReady: () => boolean = () => true) =>
  new Elysia({ name: 'health' })
    .get('/health', () => ({ status: isReady() ? 'ok' : 'not_ready' }) as HealthStatus, {
      response: HealthStatus,
      detail: { summary: 'Health check', tags: ['health'] },
    })
    .route('HEAD', '/', () => new Response(null, { status: 200 }), { detail: { summary: 'Reachability check (Claude Code sends it at start)', tags: ['health'] } })
    .route('HEAD', '/api/hello', () => new Response(null, { status: 200 }), { detail: { summary: 'Reachability check (Claude Code 2.1.330 sends it at start)', tags: ['health'] } });
