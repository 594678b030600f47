import { hostName, isLoopbackName } from '@devhub/shared/host-allow';

/** The env variables that override server.host / server.port, for serve and every command that needs the proxy's address. */
export const LISTEN_ENV = { host: 'MODELPROXY_HOST', port: 'MODELPROXY_PORT' };

/** Host names and addresses that only the local machine can reach (a bare name or address, or a Host header with its port). */
export function isLoopbackHost(host: string): boolean {
  if (host === '127.0.0.1' || host === 'localhost') return true; // the usual Host, checked on every request without the work below
  return isLoopbackName(hostName(host));
}
