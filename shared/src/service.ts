/** User-service management shared by the proxy and the gateway: `import … from '@devhub/shared/service'`. */
export { detectManager, homeDir, installedServiceFile, serviceFileContent, type DetectOptions } from './service/detect';
export { launchdManager } from './service/launchd';
export { mustRun, NoServiceManager, ServiceCommandFailed, type ManagerOptions, type ServiceManager, type ServiceState } from './service/manager';
export { systemdManager } from './service/systemd';
export { launchdLabel, launchdPlist, serviceFilePath, systemdUnit, type ServiceSpec } from './service-unit';
