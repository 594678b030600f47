import { detectManager, type ServiceManager, type ServiceSpec } from '@devhub/shared/service';
import { join } from 'node:path';
import { type CliContext, listenAddress, selfArgv } from '../_context';

export const SERVICE_NAME = 'agentgw';
/** Suggested when no service manager can run the gateway. */
export const FOREGROUND = 'agentgw server start';

/**
 * The service runs `agentgw server start` in the foreground with the listen address pinned in
 * argv and GW_DIR in its environment, so it uses the same config and state as the shell that
 * installed it. PATH is captured too: the gateway starts tmux and the assistants, which a service
 * manager's minimal PATH (e.g. no ~/.local/bin) would not find.
 */
export function gatewaySpec(ctx: CliContext, flags: { host?: string; port?: string } = {}): ServiceSpec {
  const { host, port } = listenAddress(ctx, flags);
  return {
    name: SERVICE_NAME,
    description: 'agentgw — session gateway',
    argv: [...selfArgv(), 'server', 'start', '--host', host, '--port', String(port)],
    env: { GW_DIR: ctx.config.home_dir, ...(process.env.PATH ? { PATH: process.env.PATH } : {}) },
    workingDirectory: ctx.paths.dir,
    logFile: join(ctx.paths.dir, 'service.log'),
    // The gateway has no reload: a USR1 would end it.
    reloadSignal: null,
  };
}

export const gatewayManager = (spec: ServiceSpec): ServiceManager => detectManager(spec, { foreground: FOREGROUND });

export const print = (lines: string | string[]): void => {
  process.stdout.write(`${([] as string[]).concat(lines).join('\n')}\n`);
};
