import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write';

export function writePidFile(path: string, pid: number = process.pid): void {
  writeFileAtomic(path, `${pid}\n`);
}

/** The PID recorded in the file, or null when the file is missing or unreadable. */
export function readPidFile(path: string): number | null {
  if (!existsSync(path)) return null;
  const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Whether `pid` names a running process. A zombie (it exited, its parent has not reaped it yet) is
 * not one: `kill(pid, 0)` still succeeds for it, and under a parent that never reaps (a container's
 * PID 1 shell) a crashed server would otherwise count as running forever.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procState(pid) !== 'Z';
}

/** The state letter of /proc/<pid>/stat (field 3: R, S, Z, …); null without /proc. */
function procState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) || null;
  } catch {
    return null;
  }
}

/** The PID of a live process recorded in the file; removes a stale file. */
export function runningPid(path: string): number | null {
  const pid = readPidFile(path);
  if (pid === null) return null;
  if (isProcessAlive(pid)) return pid;
  removePidFile(path);
  return null;
}

export function removePidFile(path: string): void {
  try { unlinkSync(path); } catch { /* already gone */ }
}

/**
 * When process `pid` started (field 22 of /proc/<pid>/stat, clock ticks since boot); null without
 * /proc. A PID file names a process only if the start time recorded with it matches: after a crash
 * the number may belong to another program, which must never be signalled.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether live process `pid` is the one a server recorded about itself (`{pid, process_start}`,
 * written at start): a process that got the PID later started later. Without /proc (macOS) the
 * record's PID is trusted.
 */
export function isRecordedProcess(pid: number, record: { pid?: unknown; process_start?: unknown } | null): boolean {
  if (record?.pid !== pid) return false;
  const started = processStart(pid);
  if (started === null) return !existsSync('/proc/self');
  return record.process_start === started;
}
