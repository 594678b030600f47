import { resolveStateDir } from '@devhub/shared';
import type { Env } from './env';

export const STATE_DIR_SPEC = { envVar: 'GW_DIR', defaultName: '.agentgw' } as const;

/** `GW_DIR` or `~/.agentgw`: where config.yaml lives. */
export function resolveHomeDir(env: Env = process.env): string {
  return resolveStateDir(STATE_DIR_SPEC, env);
}
