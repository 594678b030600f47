import { swagger } from '@elysiajs/swagger';
import { docsPage } from './modules/docs';
import { createLogger, type Logger } from '@devhub/shared';
import { Elysia } from 'elysia';
import { join } from 'node:path';
import { Authenticator, authModule, CONSOLE_SESSIONS_FILE, ConsoleSessions, type PeerResolver, type PeerUidResolver } from './modules/auth';
import { guardModule, RequestPolicy } from './modules/guard';
import { accessLog } from './modules/common/access-log';
import { consoleRoutes } from './modules/console';
import { errorHandler } from './modules/common/error-handler';
import { jsonBody } from './modules/common/json-body';
import { directoriesModule } from './modules/directories';
import { feishuModule } from './modules/feishu';
import { healthModule } from './modules/health';
import { sessionsModule } from './modules/sessions';
import { WsHub, wsModule } from './modules/ws';
import { BridgeService } from './bridge/service';
import { LiveService, screenshotWindow } from './live';
import { NotifyService } from './notify';
import type { Gateway, GatewayFeatures } from './runtime';
import { VERSION } from './version';

export interface AppDeps {
  gateway: Gateway;
  /** The WebSocket fan-out; created from the gateway's bus when not given. */
  hub?: WsHub;
  /** The peer address of a request (for the loopback rule); the server passes Bun's requestIP. */
  peerOf?: PeerResolver;
  /** The Unix user of a loopback peer's program (the loopback rule serves only this gateway's user). */
  peerUidOf?: PeerUidResolver;
  log?: Logger;
  /** The web console's logins; by default kept in the state directory. */
  sessions?: ConsoleSessions;
  /** The address the server listens on, when a flag overrides `api_host` (its name is an allowed Host). */
  listenHost?: string;
}

/**
 * What `agentgw server start` runs beside the core gateway: the chat bridge (off unless a platform
 * is enabled), the live services (transcript monitor, hook tailer, status poller), notification
 * webhooks and the pane screenshot renderer. The bridge starts first so it sees the first status of
 * every window. Tests pass their own services to reach them, or start the core alone.
 */
export function gatewayFeatures(
  live = new LiveService(), notify = new NotifyService(), bridge = new BridgeService({ screenshot: screenshotWindow }),
): Required<GatewayFeatures> {
  return { services: [bridge, live, notify], screenshot: screenshotWindow };
}

/** Composes the gateway's HTTP modules; never listens (see server.ts). Its one state is the console logins, kept in the state directory. */
export function createApp(deps: AppDeps) {
  const log = deps.log ?? deps.gateway.ctx.log ?? createLogger('gateway');
  const hub = deps.hub ?? new WsHub(deps.gateway.ctx.bus, deps.gateway.ctx.store);
  const peerOf = deps.peerOf ?? (() => null);
  const config = deps.gateway.ctx.config;
  const auth = new Authenticator(config, deps.sessions ?? new ConsoleSessions(join(deps.gateway.ctx.paths.dir, CONSOLE_SESSIONS_FILE), log), deps.peerUidOf);
  return new Elysia({ serve: { routes: consoleRoutes } })
    .use(errorHandler(log))
    .use(guardModule(new RequestPolicy({ ...config, api_host: deps.listenHost ?? config.api_host }), log))
    .use(accessLog(log))
    .use(jsonBody())
    .use(healthModule(() => deps.gateway.ready))
    .use(authModule(deps.gateway, auth, peerOf, log))
    .use(swagger({
      path: '/docs',
      documentation: {
        info: {
          title: 'agentgw — session gateway', version: VERSION,
          description: 'REST API. The WebSocket protocol (/api/v1/ws) is at [/docs/asyncapi.json](/docs/asyncapi.json) (AsyncAPI 3.0); the web console at [/](/).',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
    }))
    .use(docsPage('agentgw — session gateway'))
    .use(sessionsModule(deps.gateway))
    .use(directoriesModule())
    .use(feishuModule(deps.gateway))
    .use(wsModule(deps.gateway, hub, auth, log));
}

export type App = ReturnType<typeof createApp>;
