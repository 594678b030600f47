import { runningPid } from '@devhub/shared';
import { existsSync } from 'node:fs';
import { defineCommand } from 'citty';
import { pidFilePath } from '../../config';
import { print } from '../_args';
import { loadContext } from '../_context';
import { CommandFailed } from '../_errors';
import { detectManager } from './detect';
import { NoServiceManager } from './manager';

/**
 * SIGUSR1 makes a running proxy re-read its config (README "Reload"). Through the service manager when the
 * service is installed, otherwise straight to the PID in the PID file (a foreground `serve`).
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
    const pid = runningPid(pidFilePath(dir));
    if (pid === null) throw new CommandFailed('the proxy is not running (no service installed and no live PID file)', 'NOT_RUNNING');
    process.kill(pid, 'SIGUSR1');
    print(`reload signal sent to pid ${pid}`);
  },
});
