import { defineCommand } from 'citty';
import { runningPid } from '@devhub/shared';
import { detachArg, listenArgs } from '../_args';
import { cliContext } from '../_context';
import { runDetached } from './detach';
import { runForeground } from './foreground';

export default defineCommand({
  meta: { name: 'start', description: 'Start the API server (foreground, or -d for background)' },
  args: { ...listenArgs, ...detachArg },
  async run({ args }) {
    const ctx = cliContext();
    const pid = runningPid(ctx.paths.pid);
    if (pid !== null) {
      ctx.log.error(`agentgw server is already running (PID ${pid}); stop it with: agentgw server stop`);
      process.exit(1);
    }
    const flags = { host: args.host, port: args.port };
    if (args.detach) process.exit(await runDetached(ctx, flags));
    await runForeground(ctx, flags);
  },
});
