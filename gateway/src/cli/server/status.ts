import { defineCommand } from 'citty';
import { isProcessAlive, readPidFile, removePidFile } from '@devhub/shared';
import { cliContext } from '../_context';
import { readServerInfo, removeServerInfo } from './info';

export default defineCommand({
  meta: { name: 'status', description: 'Show whether the server runs (exit 0 running, 1 stopped)' },
  run() {
    const { paths } = cliContext();
    const pid = readPidFile(paths.pid);
    const lines = ['API Server Status'];
    let running = false;
    if (pid !== null && isProcessAlive(pid)) {
      running = true;
      const info = readServerInfo(paths.dir);
      lines.push('  Status:   running', `  PID:      ${pid}`, `  PID file: ${paths.pid}`);
      if (info?.pid === pid) lines.push(`  URL:      ${info.url}`, `  Started:  ${info.started_at}`);
    } else if (pid !== null) {
      removePidFile(paths.pid);
      removeServerInfo(paths.dir);
      lines.push('  Status:   stopped (stale PID file removed)', `  PID:      ${pid} (not running)`, `  PID file: ${paths.pid}`);
    } else {
      lines.push('  Status:   stopped', '  PID:      -', `  PID file: ${paths.pid} (absent)`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    process.exitCode = running ? 0 : 1;
  },
});
