import { defineCommand } from 'citty';
import { createLogger, displayUrl, resolveListen } from '@devhub/shared';
import { createApp } from '../app';
import { MAX_BODY_BYTES } from '../server/body-limit';

export const DEFAULT_LISTEN = { host: '127.0.0.1', port: 8000 };
export const LISTEN_ENV = { host: 'MAHJONG_HOST', port: 'MAHJONG_PORT' };

export default defineCommand({
  meta: { name: 'serve', description: 'Run the server in the foreground' },
  args: {
    host: { type: 'string', description: `Listen address (env ${LISTEN_ENV.host}, default ${DEFAULT_LISTEN.host})` },
    port: { type: 'string', description: `Listen port, 0 = any free port (env ${LISTEN_ENV.port}, default ${DEFAULT_LISTEN.port})` },
  },
  run({ args }) {
    const log = createLogger('mahjong');
    const listen = resolveListen(args, LISTEN_ENV, DEFAULT_LISTEN);
    const app = createApp({ log }).listen({ hostname: listen.host, port: listen.port, maxRequestBodySize: MAX_BODY_BYTES + 1024, idleTimeout: 60 });
    const port = app.server?.port ?? listen.port;
    log.ready(`mahjong listening on ${displayUrl(listen.host, port)} (docs: ${displayUrl(listen.host, port)}/docs)`);
    const stop = async () => { await app.stop(); process.exit(0); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
});
