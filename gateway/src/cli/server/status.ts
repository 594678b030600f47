import { defineCommand } from 'citty';
import { ExitStatus, removePidFile } from '@devhub/shared';
import { serverControlContext } from '../_context';
import { readServerInfo, removeServerInfo } from './info';
import { serverPid } from './owner';

export default defineCommand({
  meta: { name: 'status', description: 'Show whether the server runs (exit 0 running, 1 stopped)' },
  run() {
    const { paths } = serverControlContext();
    const server = serverPid(paths);
    const pid = server.state === 'none' ? null : server.pid;
    const lines = ['API Server Status'];
    let running = false;
    if (server.state === 'running') {
      running = true;
      const info = readServerInfo(paths.dir);
      lines.push('  Status:   running', `  PID:      ${pid}`, `  PID file: ${paths.pid}`);
      if (info?.pid === pid) lines.push(`  URL:      ${info.url}`, `  Started:  ${info.started_at}`);
    } else if (pid !== null) {
      removePidFile(paths.pid);
      removeServerInfo(paths.dir);
      lines.push('  Status:   stopped (stale PID file removed)', `  PID:      ${pid} (no agentgw server)`, `  PID file: ${paths.pid}`);
    } else {
      lines.push('  Status:   stopped', '  PID:      -', `  PID file: ${paths.pid} (absent)`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    if (!running) throw new ExitStatus(1);
  },
});
