import { defineCommand } from 'citty';
import { AppError, ConfigError, createLogger, displayUrl, listenErrorMessage, removePidFile, resolveListen, runningPid, writePidFile } from '@devhub/shared';
import { createApp } from '../app';
import { forgetAddress, recordAddress, recordedAddress } from './_address';
import { healthOf } from './_running';
import { BadArgument } from './_errors';
import { isLoopbackHost, LISTEN_ENV } from '../config/listen';
import { loadProxyConfig } from '../config/load';
import { configPath, ensureProxyStateDir, pidFilePath, requestsDbPath, requestsLogPath, usageCachePath } from '../config/paths';
import { migrateConfigFile } from '../migrations';
import { LISTEN_OPTIONS } from '../listen-options';
import { QuotaRefresher } from '../accounting/quota-refresh';
import { AccountingStore } from '../accounting/store';
import { RequestLog } from '../upstream/request-log';
import { ProxyState } from '../upstream/state';
import { keyWarnings } from '../upstream/key-warnings';
import { modeWarning } from './config/check';
import { rememberQuotaRests, restKnownEmptyKeys } from '../usage/known-quota';
import { statSync } from 'node:fs';

export const DEFAULT_LISTEN = { host: '127.0.0.1', port: 8765 };
/** How often serve looks whether `modelproxy usage` rewrote the usage cache (one stat call). */
const CACHE_CHECK_MS = 5_000;

const mtimeOf = (path: string): number => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};
export { LISTEN_ENV };

export default defineCommand({
  meta: { name: 'serve', description: 'Run the proxy in the foreground (alias: run); SIGUSR1 reloads config.yaml' },
  args: {
    host: { type: 'string', description: `Listen address (env ${LISTEN_ENV.host}, default server.host of config.yaml)` },
    port: { type: 'string', description: `Listen port, 0 = any free port (env ${LISTEN_ENV.port}, default server.port of config.yaml)` },
  },
  async run({ args }) {
    const log = createLogger('proxy', undefined, { oneLine: true });
    const dir = ensureProxyStateDir();
    // A second serve on another port would take over modelproxy.pid, and reload/status would lose the first.
    const running = recordedAddress(dir);
    if (running && (await healthOf(displayUrl(running.host, running.port))) !== null) {
      throw new AppError('ALREADY_RUNNING', 409, `modelproxy is already running with ${dir} (pid ${runningPid(pidFilePath(dir))}, ${displayUrl(running.host, running.port)}); stop it first, or give this one its own MODELPROXY_DIR`);
    }
    const file = configPath(dir);
    let state: ProxyState;
    try {
      // An older config_version is backed up and upgraded before the first load (README "Config versions").
      const migrated = migrateConfigFile(file);
      if (migrated) log.info(`migrated ${file} from config_version ${migrated.from} to ${migrated.to} (original: ${migrated.backup})`);
      state = new ProxyState(loadProxyConfig(file));
      state.configPath = file;
    } catch (error) {
      throw error instanceof ConfigError ? error : new BadArgument(`cannot load ${file}: ${(error as Error).message}`);
    }
    const server = state.current.config.server;
    let listen: ReturnType<typeof resolveListen>;
    try {
      listen = resolveListen(args, LISTEN_ENV, { host: server.host, port: server.port });
    } catch (error) {
      throw new BadArgument(`${(error as Error).message} (--port, ${LISTEN_ENV.port})`);
    }
    if (!isLoopbackHost(listen.host) && !server.allow_remote) {
      throw new BadArgument(`refusing to listen on ${listen.host}: not a loopback address. Set server.allow_remote: true (and server.auth_token) in ${file} to expose the proxy.`);
    }
    if (server.allow_remote && !server.auth_token) log.warn('allow_remote is on without auth_token: anyone who reaches this port can spend your keys');
    const requestLog = new RequestLog(requestsLogPath(dir), log);
    const accounting = new AccountingStore(requestsDbPath(dir), log);
    const refresher = new QuotaRefresher(usageCachePath(dir), () => state.current.config, log);
    accounting.onWrite = (rows) => refresher.served(rows);
    // Retention is read at each pass, so a reload that changes it applies within the hour.
    const prune = () => accounting.prune(state.current.config.accounting.retention_days);
    prune();
    const pruner = setInterval(prune, 3_600_000);
    pruner.unref();
    // Set once restEmpty exists below: the dashboard's reload button does what SIGUSR1 does.
    const warnIfExposed = () => {
      const exposed = modeWarning(file);
      if (exposed) log.warn(exposed);
    };
    let reloadConfig = (): { ok: boolean; reason: string | null } => ({ ok: false, reason: 'the proxy is still starting' });
    const app = createApp({
      state, log, requestLog, accounting, usageCachePath: usageCachePath(dir), requestsDbPath: requestsDbPath(dir), reload: () => reloadConfig(),
    });
    try {
      app.listen({
        hostname: listen.host,
        port: listen.port,
        ...LISTEN_OPTIONS,
      });
    } catch (error) {
      throw new AppError('LISTEN_FAILED', 500, listenErrorMessage(error, listen, 'modelproxy'));
    }
    const port = app.server?.port ?? listen.port;
    writePidFile(pidFilePath(dir));
    recordAddress(dir, listen.host, port);
    // Keys whose last known quota (modelproxy usage) is used up rest until their window resets: read
    // at start, after a reload, and when `usage` rewrites the cache while serve runs.
    const cacheFile = usageCachePath(dir);
    const restEmpty = () => restKnownEmptyKeys(state.current.config, state.pool, cacheFile, log);
    // A used-up plan window a vendor reported is kept there too, so a restart does not wake the key.
    rememberQuotaRests(state.pool, cacheFile, log);
    restEmpty();
    let cacheStamp = mtimeOf(cacheFile);
    const cacheWatch = setInterval(() => {
      const stamp = mtimeOf(cacheFile);
      if (stamp !== cacheStamp) {
        cacheStamp = stamp;
        restEmpty();
      }
    }, CACHE_CHECK_MS).unref();
    reloadConfig = () => {
      const result = state.reload(file, log);
      if (result.ok) restEmpty();
      warnIfExposed();
      return result.ok ? { ok: true, reason: null } : { ok: false, reason: result.reason };
    };
    process.on('SIGUSR1', () => reloadConfig());
    const stop = async () => {
      // Streams have no idle limit, so waiting for them would make Ctrl-C (and a service stop) hang
      // for as long as a model keeps streaming: open connections are closed at once.
      clearInterval(cacheWatch);
      await app.stop(true);
      clearInterval(pruner);
      requestLog.close();
      accounting.close();
      removePidFile(pidFilePath(dir));
      forgetAddress(dir);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // Announced only once the signal handlers are in place: whoever waits for this line may stop us at once.
    log.ready(`proxy ${listeningText(listen.host, port)} (dashboard: ${displayUrl(listen.host, port)}/dashboard, docs: ${displayUrl(listen.host, port)}/docs, config: ${file})`);
    for (const warning of keyWarnings(state.current.config, file)) log.warn(warning);
    warnIfExposed();
  },
});

/**
 * The address as bound: a wildcard host is every interface, which `127.0.0.1` alone would hide
 * (other machines reach it too); this machine still reaches it on loopback.
 */
export function listeningText(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::';
  const bound = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return wildcard ? `listening on ${bound} (every interface; this machine: ${displayUrl(host, port)})` : `listening on ${bound}`;
}
