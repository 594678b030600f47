import type { ServiceSpec } from '@devhub/shared';
import { isCompiledBinary } from '@devhub/shared/runtime';
import { join, resolve } from 'node:path';

export const SERVICE_NAME = 'modelproxy';
/** Suggested when no service manager can run it. */
export const FOREGROUND = 'modelproxy serve';


/** The long-running command the service manager starts: `modelproxy serve`, state dir pinned. */
export function serviceSpec(stateDir: string): ServiceSpec {
  const argv = isCompiledBinary() ? [process.execPath, 'serve'] : [process.execPath, resolve(import.meta.dir, '..', 'index.ts'), 'serve'];
  return {
    name: SERVICE_NAME,
    description: 'modelproxy — local model proxy',
    argv,
    env: { MODELPROXY_DIR: stateDir },
    workingDirectory: stateDir,
    logFile: join(stateDir, 'modelproxy.log'),
  };
}
