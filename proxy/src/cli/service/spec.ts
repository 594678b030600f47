import type { ServiceSpec } from '@devhub/shared';
import { join, resolve } from 'node:path';

export const SERVICE_NAME = 'modelproxy';
/** Suggested when no service manager can run it. */
export const FOREGROUND = 'modelproxy serve';

/** A compiled binary runs from Bun's embedded file system; a source checkout runs through bun. */
export const isCompiled = (): boolean => import.meta.path.startsWith('/$bunfs') || /^[A-Z]:[\\/]~BUN/.test(import.meta.path);

/** The long-running command the service manager starts: `modelproxy serve`, state dir pinned. */
export function serviceSpec(stateDir: string): ServiceSpec {
  const argv = isCompiled() ? [process.execPath, 'serve'] : [process.execPath, resolve(import.meta.dir, '..', 'index.ts'), 'serve'];
  return {
    name: SERVICE_NAME,
    description: 'modelproxy — local model proxy',
    argv,
    env: { MODELPROXY_DIR: stateDir },
    workingDirectory: stateDir,
    logFile: join(stateDir, 'modelproxy.log'),
  };
}
