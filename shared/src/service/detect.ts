import { homedir } from 'node:os';
import { which } from '../exec';
import { launchdPlist, serviceFilePath, systemdUnit, type ServiceSpec } from '../service-unit';
import { launchdManager } from './launchd';
import { NoServiceManager, type ServiceManager } from './manager';
import { systemdManager } from './systemd';

export const homeDir = (): string => process.env.HOME || homedir();

export interface DetectOptions {
  /** The foreground command suggested when no service manager can be used. */
  foreground: string;
  home?: string;
  platform?: NodeJS.Platform;
}

/** Where this platform's unit or plist for `name` lives, whether or not it exists. */
export const installedServiceFile = (name: string, home = homeDir()): string => serviceFilePath(home, name);

/** systemd user units on Linux, launchd agents on macOS; anything else has no service manager. */
export function detectManager(spec: ServiceSpec, { foreground, home = homeDir(), platform = process.platform }: DetectOptions): ServiceManager {
  const options = { home, name: spec.name, foreground };
  if (platform === 'darwin') return launchdManager({ ...options, logFile: spec.logFile ?? `${home}/Library/Logs/${spec.name}.log` });
  if (platform === 'linux') {
    if (!which('systemctl')) throw new NoServiceManager('systemctl not found (no systemd on this machine)', foreground);
    return systemdManager(options);
  }
  throw new NoServiceManager(`no supported service manager on ${platform}`, foreground);
}

/** The unit or plist text for a manager kind, from the shared generators. */
export const serviceFileContent = (spec: ServiceSpec, kind: ServiceManager['kind']): string =>
  kind === 'launchd' ? launchdPlist(spec) : systemdUnit(spec);
