import type { Logger } from '@devhub/shared';
import { Elysia } from 'elysia';

/** One debug line per request (LOG_LEVEL=debug); never headers or bodies, which may hold keys. */
export const accessLog = (log: Logger) =>
  new Elysia({ name: 'access-log' }).onAfterResponse({ as: 'global' }, ({ request, path, set }) => {
    log.debug(`${request.method} ${path} ${set.status ?? 200}`);
  });
