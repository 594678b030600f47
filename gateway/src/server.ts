import { createLogger, EXCLUSIVE_LISTEN, type Logger } from '@devhub/shared';
import { requestPeerUids } from '@devhub/shared/peer-user';
import { createApp } from './app';
import type { GatewayConfig } from './config';
import { WsHub } from './modules/ws';
import { WS_SERVER_OPTIONS } from './modules/ws/limits';
import { Gateway, type GatewayFeatures } from './runtime';

/**
 * Bun answers a body over its own cap (128 MiB by default) with a bare 413 before any handler runs:
 * no documented body, no security headers. The gateway's own limits refuse a declared length before
 * reading and stop reading a chunked body at the limit (json-body.ts: 8 MiB; the Feishu webhook:
 * 1 MiB), so Bun's cap is lifted out of their way.
 */
const BODY_LIMITS_ARE_OURS = { maxRequestBodySize: Number.MAX_SAFE_INTEGER } as const;

export interface ServerOptions extends GatewayFeatures {
  config: GatewayConfig;
  host?: string;
  port?: number;
  log?: Logger;
  /** Environment for the tmux server if this gateway starts it (tests give a temporary HOME). */
  tmuxEnv?: Record<string, string>;
}

export interface RunningServer {
  gateway: Gateway;
  hub: WsHub;
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Serves `createApp` over a gateway with the given features (`gatewayFeatures()` for the real
 * server). Listens first (health answers `not_ready`, the API 503), then starts the gateway; a
 * failed start stops the listener and rethrows.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? createLogger('gateway');
  const gateway = new Gateway(options.config, { services: options.services, screenshot: options.screenshot, log, tmuxEnv: options.tmuxEnv });
  const hub = new WsHub(gateway.ctx.bus, gateway.ctx.store);
  let server: ReturnType<typeof Bun.serve> | undefined;
  const app = createApp({
    gateway, hub, log, listenHost: options.host,
    peerOf: (request) => server?.requestIP(request)?.address ?? null,
    peerUidOf: (request) => requestPeerUids(server, request, options.host ?? options.config.api_host),
  });
  // development: false — the console's bundle is built once, minified, without Bun's reload client.
  app.listen({ hostname: options.host ?? options.config.api_host, port: options.port ?? options.config.api_port, development: false, websocket: WS_SERVER_OPTIONS, ...BODY_LIMITS_ARE_OURS, ...EXCLUSIVE_LISTEN });
  server = app.server ?? undefined;
  const port = server?.port ?? 0;
  const host = options.host ?? options.config.api_host;
  const stop = async () => {
    await gateway.stop();
    hub.close();
    await app.stop(true);
  };
  try {
    await gateway.start();
  } catch (error) {
    await stop();
    throw error;
  }
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { gateway, hub, port, url: `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`, stop };
}
