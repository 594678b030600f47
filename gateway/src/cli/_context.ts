import { BadArgument, ConfigError, createLogger, type Logger, resolveListen } from '@devhub/shared';
import { isCompiledBinary } from '@devhub/shared/runtime';
import { loadGatewayConfig, locateStateDir, type GatewayConfig } from '../config';
import { type StatePaths, statePaths } from '../state';
import { AlreadyRunning } from './errors';
import { serverPid } from './server/owner';

export interface CliContext {
  config: GatewayConfig;
  paths: StatePaths;
  log: Logger;
}

/** Loads config for a command; a bad config throws ConfigError (every problem listed; the runner exits 2). */
export function cliContext(): CliContext {
  const config = loadGatewayConfig();
  return { config, paths: statePaths(config.state_dir), log: createLogger('gateway') };
}

/**
 * For `server stop` and `status`, which need only the state directory: a config made invalid while
 * the server runs must not keep it from being stopped. The problems are printed as a warning.
 */
export function serverControlContext(): Omit<CliContext, 'config'> {
  const log = createLogger('gateway');
  try {
    return { paths: statePaths(loadGatewayConfig().state_dir), log };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const dir = locateStateDir();
    log.warn(`${error.message}
(looking for the server in ${dir} all the same)`);
    return { paths: statePaths(dir), log };
  }
}

/** How to run this program again: the compiled binary alone, or bun with the entry script. */
export function selfArgv(): string[] {
  return isCompiledBinary() ? [process.execPath] : [process.execPath, Bun.main];
}

/** Starting a second server is refused with the PID of the running one (exit 1). */
export function refuseIfRunning({ paths }: CliContext): void {
  const server = serverPid(paths);
  if (server.state === 'running') throw new AlreadyRunning(server.pid);
}

/** Host and port from flags, env and config; a bad port is a usage error (exit 2), not a stack trace. */
export function listenAddress({ config }: CliContext, flags: { host?: string; port?: string }): { host: string; port: number } {
  try {
    return resolveListen(flags, { host: 'GW_API_HOST', port: 'GW_API_PORT' }, { host: config.api_host, port: config.api_port });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const from = flags.port !== undefined ? '--port' : 'GW_API_PORT';
    throw new BadArgument(`${from}: ${error.message}`);
  }
}
