import { defineCommand } from 'citty';
import { runningPid } from '@devhub/shared';
import { listenArgs } from './_args';
import { cliContext } from './_context';
import { runForeground } from './server/foreground';

/** `agentgw serve` = `agentgw server start` in the foreground (the workspace's common verb). */
export default defineCommand({
  meta: { name: 'serve', description: 'Run the server in the foreground (same as: server start)' },
  args: listenArgs,
  async run({ args }) {
    const ctx = cliContext();
    const pid = runningPid(ctx.paths.pid);
    if (pid !== null) {
      ctx.log.error(`agentgw server is already running (PID ${pid}); stop it with: agentgw server stop`);
      process.exit(1);
    }
    await runForeground(ctx, { host: args.host, port: args.port });
  },
});
