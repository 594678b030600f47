import type { ArgsDef } from 'citty';

/** Listen flags shared by `server start` and `serve`. */
export const listenArgs = {
  host: { type: 'string', description: 'Bind address (env GW_API_HOST, config api_host, default 0.0.0.0)' },
  port: { type: 'string', alias: 'p', description: 'Bind port, 0 = any free port (env GW_API_PORT, config api_port, default 8900)' },
} as const satisfies ArgsDef;

export const detachArg = {
  detach: { type: 'boolean', alias: 'd', default: false, description: 'Run in the background; PID in <state dir>/server.pid' },
} as const satisfies ArgsDef;
