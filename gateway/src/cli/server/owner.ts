import { existsSync, readFileSync } from 'node:fs';
import { isProcessAlive, readPidFile } from '@devhub/shared';

export type ServerPid = { state: 'none' } | { state: 'stale' | 'running'; pid: number };

/**
 * What server.pid says. A PID counts as running only while its process is alive *and* is an
 * agentgw server: after a crash the number may belong to another program, which `stop` must never
 * signal and `start` must not be refused by.
 */
export function serverPid(pidFile: string): ServerPid {
  const pid = readPidFile(pidFile);
  if (pid === null) return { state: 'none' };
  return { state: isProcessAlive(pid) && isServerProcess(pid) ? 'running' : 'stale', pid };
}

/** `… server start` or `… serve` on its command line (Linux /proc; elsewhere the PID file is trusted). */
export function isServerProcess(pid: number): boolean {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return !existsSync('/proc/self');
  }
  return cmdline.split('\0').some((arg) => arg === 'server' || arg === 'serve');
}
