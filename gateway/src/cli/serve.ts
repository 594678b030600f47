import { defineCommand } from 'citty';
import { refuseKeylessExposure } from '../config';
import { listenArgs } from './_args';
import { cliContext, listenAddress, refuseIfRunning } from './_context';
import { runForeground } from './server/foreground';

/** `agentgw serve` = `agentgw server start` in the foreground (the workspace's common verb). */
export default defineCommand({
  meta: { name: 'serve', description: 'Run the server in the foreground (same as: server start)' },
  args: listenArgs,
  async run({ args }) {
    const ctx = cliContext();
    refuseIfRunning(ctx);
    refuseKeylessExposure(ctx.config);
    await runForeground(ctx, listenAddress(ctx, { host: args.host, port: args.port }));
  },
});
