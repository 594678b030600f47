import { defineCommand } from 'citty';
import { refuseKeylessExposure } from '../../config';
import { detachArg, listenArgs } from '../_args';
import { cliContext, listenAddress, refuseIfRunning } from '../_context';
import { runDetached } from './detach';
import { runForeground } from './foreground';
import { ExitStatus } from '@devhub/shared';

export default defineCommand({
  meta: { name: 'start', description: 'Start the API server (foreground, or -d for background)' },
  args: { ...listenArgs, ...detachArg },
  async run({ args }) {
    const ctx = cliContext();
    refuseIfRunning(ctx);
    refuseKeylessExposure(ctx.config);
    const flags = { host: args.host, port: args.port };
    const listen = listenAddress(ctx, flags);
    if (args.detach) {
      const code = await runDetached(ctx, flags);
      if (code !== 0) throw new ExitStatus(code);
      return;
    }
    await runForeground(ctx, listen);
  },
});
