import { existsSync } from 'node:fs';
import { defineCommand } from 'citty';
import { readPidFile } from '@devhub/shared';
import { pidFilePath } from '../../config';
import { print } from '../_args';
import { loadContext } from '../_context';
import { CommandFailed } from '../_errors';
import { proxyPid } from '../_owner';
import { detectManager } from './detect';
import { NoServiceManager } from './manager';

/**
 * SIGUSR1 makes a running proxy re-read its config (README "Reload"). Through the service manager when the
 * service is installed, otherwise straight to the PID in the PID file (a foreground `serve`), and only
 * when that PID is still the proxy that wrote it (_owner.ts).
 */
export default defineCommand({
  meta: { name: 'reload', description: 'Make the running proxy reload its config (SIGUSR1)' },
  async run() {
    const { dir } = loadContext();
    let manager = null;
    try {
      manager = detectManager(dir);
    } catch (error) {
      if (!(error instanceof NoServiceManager)) throw error;
    }
    if (manager && existsSync(manager.file)) {
      await manager.reload();
      return print(`reload signal sent (${manager.kind})`);
    }
    const pid = proxyPid(dir);
    if (pid === null) {
      const other = readPidFile(pidFilePath(dir));
      throw new CommandFailed(other === null
        ? 'the proxy is not running (no service installed and no live PID file)'
        : `the proxy is not running: ${pidFilePath(dir)} names pid ${other}, which is not the proxy that wrote it (left by a crash); nothing was signalled`, 'NOT_RUNNING');
    }
    process.kill(pid, 'SIGUSR1');
    print(`reload signal sent to pid ${pid}`);
  },
});
