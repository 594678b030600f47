import { readFileSync } from 'node:fs';
import { isRecordedProcess, runningPid } from '@devhub/shared';
import { listenFilePath, pidFilePath } from '../config';

/**
 * The PID of modelproxy.pid, only while it is the proxy that wrote listen.json: after a kill -9
 * the number may belong to another program, which `service reload` must never signal (SIGUSR1
 * kills a program that does not handle it). serve records its own start time (isRecordedProcess).
 */
export function proxyPid(dir: string): number | null {
  const pid = runningPid(pidFilePath(dir));
  if (pid === null) return null;
  let rec: { pid?: unknown; process_start?: unknown };
  try {
    rec = JSON.parse(readFileSync(listenFilePath(dir), 'utf8')) as typeof rec;
  } catch {
    return null;
  }
  return isRecordedProcess(pid, rec) ? pid : null;
}
