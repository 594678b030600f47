import { launchdPlist, serviceFilePath, systemdUnit, which } from '@devhub/shared';
import { homedir } from 'node:os';
import { launchdManager } from './launchd';
import { NoServiceManager, type ServiceManager } from './manager';
import { SERVICE_NAME, serviceSpec } from './spec';
import { systemdManager } from './systemd';

export const homeDir = (): string => process.env.HOME || homedir();

/** Where this platform's unit or plist lives, whether or not it exists. */
export const installedServiceFile = (): string => serviceFilePath(homeDir(), SERVICE_NAME);

/** systemd user units on Linux, launchd agents on macOS; anything else has no service manager. */
export function detectManager(stateDir: string, platform: NodeJS.Platform = process.platform): ServiceManager {
  const home = homeDir();
  if (platform === 'darwin') return launchdManager(home, serviceSpec(stateDir).logFile!);
  if (platform === 'linux') {
    if (!which('systemctl')) throw new NoServiceManager('systemctl not found (no systemd on this machine)');
    return systemdManager(home);
  }
  throw new NoServiceManager(`no supported service manager on ${platform}`);
}

/** The file content for a platform, from the shared generators. */
export function serviceFileContent(stateDir: string, kind: ServiceManager['kind']): string {
  const spec = serviceSpec(stateDir);
  return kind === 'launchd' ? launchdPlist(spec) : systemdUnit(spec);
}
