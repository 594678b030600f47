import { existsSync, readFileSync } from 'node:fs';
import { isProcessAlive, readPidFile } from '@devhub/shared';
import type { StatePaths } from '../../state';
import { readServerInfo } from './info';

export type ServerPid = { state: 'none' } | { state: 'stale' | 'running'; pid: number };

/**
 * What server.pid says. A PID counts as running only while its process is alive *and* is the
 * server that wrote server.json: after a crash the number may belong to another program (even
 * another `… serve`, such as modelproxy), which `stop` must never signal and `start` must not be
 * refused by.
 */
export function serverPid(paths: StatePaths): ServerPid {
  const pid = readPidFile(paths.pid);
  if (pid === null) return { state: 'none' };
  return { state: isProcessAlive(pid) && isRecordedServer(pid, readServerInfo(paths.dir)) ? 'running' : 'stale', pid };
}

/**
 * The server records its own process start time; a process that got the PID later started later.
 * Without /proc (macOS) the record's PID is trusted.
 */
function isRecordedServer(pid: number, info: { pid?: number; process_start?: string | null } | null): boolean {
  if (info?.pid !== pid) return false;
  const started = processStart(pid);
  if (started === null) return !existsSync('/proc/self');
  return info.process_start === started;
}

/** Field 22 of /proc/<pid>/stat: the process's start, in clock ticks since boot; null without /proc. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
