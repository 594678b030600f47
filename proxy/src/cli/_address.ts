import { displayUrl, resolveListen, writeJsonAtomic, removePidFile } from '@devhub/shared';
import { existsSync, readFileSync } from 'node:fs';
import { listenFilePath, stateDir, type ProxyConfig } from '../config';
import { LISTEN_ENV } from '../config/listen';
import { BadArgument } from './_errors';
import { processStart } from '@devhub/shared';
import { proxyPid } from './_owner';

export interface Address {
  host: string;
  port: number;
  url: string;
}

/** --host/--port of a command, when it has them. */
export interface AddressFlags {
  host?: string;
  port?: string;
}

/** serve records where it listens, so `settings apply`, `doctor` and `status` find a proxy started with --port. */
export function recordAddress(dir: string, host: string, port: number): void {
  writeJsonAtomic(listenFilePath(dir), { pid: process.pid, process_start: processStart(process.pid), host, port });
}

export const forgetAddress = (dir: string): void => removePidFile(listenFilePath(dir));

/** The address of the running proxy: only when the record belongs to the live proxy of modelproxy.pid (_owner.ts). */
export function recordedAddress(dir: string): { host: string; port: number } | null {
  const path = listenFilePath(dir);
  if (!existsSync(path)) return null;
  try {
    const rec = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; host?: unknown; port?: unknown };
    if (proxyPid(dir) === null) return null;
    return typeof rec.host === 'string' && Number.isInteger(rec.port) ? { host: rec.host, port: rec.port as number } : null;
  } catch {
    return null;
  }
}

/**
 * The proxy's address: --host/--port, else where the running proxy listens, else
 * MODELPROXY_HOST/PORT and config.yaml as `serve` resolves them.
 */
export function proxyAddress(config: ProxyConfig, flags: AddressFlags = {}, dir: string = stateDir()): Address {
  const running = flags.host || flags.port !== undefined ? null : recordedAddress(dir);
  let listen: { host: string; port: number };
  try {
    listen = resolveListen(flags, LISTEN_ENV, running ?? config.server, running ? {} : process.env);
  } catch (error) {
    throw new BadArgument(`${(error as Error).message} (--port, ${LISTEN_ENV.port})`);
  }
  if (listen.port === 0) throw new BadArgument(`port 0 means "any free port" to serve; give the port the proxy listens on (--port, ${LISTEN_ENV.port})`);
  return { ...listen, url: displayUrl(listen.host, listen.port) };
}

export const proxyUrl = (config: ProxyConfig, flags: AddressFlags = {}, dir?: string): string => proxyAddress(config, flags, dir).url;
