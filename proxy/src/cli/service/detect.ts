import * as service from '@devhub/shared/service';
import type { ServiceManager } from '@devhub/shared/service';
import { FOREGROUND, SERVICE_NAME, serviceSpec } from './spec';

export const homeDir = service.homeDir;

/** Where this platform's unit or plist lives, whether or not it exists. */
export const installedServiceFile = (): string => service.installedServiceFile(SERVICE_NAME);

/** systemd user units on Linux, launchd agents on macOS; anything else has no service manager. */
export const detectManager = (stateDir: string, platform: NodeJS.Platform = process.platform): ServiceManager =>
  service.detectManager(serviceSpec(stateDir), { foreground: FOREGROUND, platform });

/** The file content for a platform, from the shared generators. */
export const serviceFileContent = (stateDir: string, kind: ServiceManager['kind']): string =>
  service.serviceFileContent(serviceSpec(stateDir), kind);
