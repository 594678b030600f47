export { NoServiceManager, type ServiceManager, type ServiceState } from '@devhub/shared/service';
