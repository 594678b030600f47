import { launchdManager as sharedLaunchd, type ServiceManager } from '@devhub/shared/service';
import { FOREGROUND, SERVICE_NAME } from './spec';

/** The proxy's launchd agent (macOS); the call sequences live in @devhub/shared/service. */
export const launchdManager = (home: string, logFile: string): ServiceManager =>
  sharedLaunchd({ home, name: SERVICE_NAME, foreground: FOREGROUND, logFile });
