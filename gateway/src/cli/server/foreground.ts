import { removePidFile, writePidFile } from '@devhub/shared';
import { gatewayFeatures } from '../../app';
import { configFileExposure } from '../../config';
import { type RunningServer, startServer } from '../../server';
import { processStart } from '@devhub/shared';
import type { CliContext } from '../_context';
import { StartFailed } from '../errors';
import { boundAddress, removeServerInfo, writeServerInfo } from './info';

/**
 * Runs the server in this process until SIGINT/SIGTERM. The PID file exists exactly while it
 * serves: written after the listener is up, removed on shutdown; the process then ends by itself
 * (nothing is left to keep it alive), exit code 0.
 */
export async function runForeground({ config, paths, log }: CliContext, listen: { host: string; port: number }): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer({ config, host: listen.host, port: listen.port, ...gatewayFeatures(), log });
  } catch (error) {
    throw new StartFailed((error as Error).message);
  }
  // The record first: a PID file is trusted only with a record naming the same process (owner.ts).
  writeServerInfo(paths.dir, {
    pid: process.pid, host: listen.host, port: server.port, url: server.url, started_at: server.gateway.startedAt, process_start: processStart(process.pid),
  });
  writePidFile(paths.pid);
  const auth = config.api_key ? 'API key required' : "no API key: only this user's programs on this machine";
  log.ready(`agentgw listening on ${boundAddress(listen.host, server.port)} (${wildcardNote(listen.host, server.url)}docs: ${server.url}/docs; ${auth}; tmux session "${config.tmux_session}")`);
  const exposed = configFileExposure(config.config_file);
  if (exposed) log.warn(exposed);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    try {
      await server.stop();
    } finally {
      removePidFile(paths.pid);
      removeServerInfo(paths.dir);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function wildcardNote(host: string, url: string): string {
  return host === '0.0.0.0' || host === '::' ? `every interface; open ${url}; ` : '';
}
