import { defineCommand } from 'citty';
import { isProcessAlive, removePidFile } from '@devhub/shared';
import { serverControlContext } from '../_context';
import { removeServerInfo } from './info';
import { serverPid } from './owner';

const GRACE_MS = 5_000;

export default defineCommand({
  meta: { name: 'stop', description: 'Stop the background server: SIGTERM, SIGKILL after 5 s' },
  async run() {
    const { paths, log } = serverControlContext();
    const server = serverPid(paths);
    if (server.state !== 'running') {
      removePidFile(paths.pid);
      removeServerInfo(paths.dir);
      log.info(server.state === 'none' ? 'agentgw server is not running' : `agentgw server is not running (removed stale PID file for ${server.pid})`);
      return;
    }
    const { pid } = server;
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + GRACE_MS;
    while (isProcessAlive(pid) && Date.now() < deadline) await Bun.sleep(50);
    if (isProcessAlive(pid)) {
      log.warn(`PID ${pid} still running after ${GRACE_MS / 1000} s; sending SIGKILL`);
      process.kill(pid, 'SIGKILL');
      while (isProcessAlive(pid)) await Bun.sleep(20);
    }
    removePidFile(paths.pid);
    removeServerInfo(paths.dir);
    log.success(`agentgw server stopped (PID ${pid})`);
  },
});
