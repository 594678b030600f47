import { isProcessAlive, isRecordedProcess, readPidFile } from '@devhub/shared';
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
  return { state: isProcessAlive(pid) && isRecordedProcess(pid, readServerInfo(paths.dir)) ? 'running' : 'stale', pid };
}
