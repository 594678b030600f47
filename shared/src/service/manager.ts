import { existsSync, readFileSync, rmSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-write';
import { AppError, isAppError } from '../errors';
import { run, which, type RunResult } from '../exec';

export interface ServiceState {
  installed: boolean;
  active: boolean;
  /** Manager's own words, e.g. `active (running)` or `not loaded`. */
  detail: string;
  pid: number | null;
}

/** One user-level service under one manager; the verbs are the same for every product. */
export interface ServiceManager {
  kind: 'systemd' | 'launchd';
  /** Where the unit or plist lives. */
  file: string;
  install(content: string): Promise<string[]>;
  uninstall(): Promise<string[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
  restart(): Promise<void>;
  reload(): Promise<void>;
  state(): Promise<ServiceState>;
  /** argv that prints (or follows) the service's log. */
  logsArgv(follow: boolean, lines: number): string[];
}

/** What a manager needs to know about the product beyond the generated file. */
export interface ManagerOptions {
  home: string;
  /** Service name, e.g. `modelproxy` (unit `modelproxy.service`, label `com.devhub.modelproxy`). */
  name: string;
  /** The foreground command suggested when no service manager can be used, e.g. `modelproxy serve`. */
  foreground: string;
}

/** No systemd/launchd here (or no user session): exit 1 with the foreground alternative. */
export class NoServiceManager extends AppError {
  constructor(why: string, foreground: string) {
    super('NO_SERVICE_MANAGER', 500, `${why}. Run it in the foreground instead: ${foreground}`);
  }
}

/** systemctl/launchctl ran and refused. */
export class ServiceCommandFailed extends AppError {
  constructor(message: string) {
    super('COMMAND_FAILED', 500, message);
  }
}

/** Every systemctl/launchctl call goes through the shared run() wrapper; a non-zero exit is an error. */
export async function mustRun(argv: string[], foreground: string, unavailable?: { pattern: RegExp; why: string }): Promise<RunResult> {
  if (!which(argv[0]!)) throw new NoServiceManager(`${argv[0]} not found`, foreground);
  const result = await run(argv, { timeoutMs: 30_000 });
  if (result.exitCode !== 0) {
    const detail = (result.stderr || result.stdout).trim().split('\n')[0] ?? '';
    if (unavailable?.pattern.test(result.stderr)) throw new NoServiceManager(`${unavailable.why} (${detail})`, foreground);
    throw new ServiceCommandFailed(`${argv.join(' ')} failed (exit ${result.exitCode})${detail ? `: ${detail}` : ''}`);
  }
  return result;
}

/**
 * Undoes a half-done install so nothing is left that `status` would call installed and
 * `uninstall` could not remove: the previous file comes back, or the new one goes. Returns the
 * install's error with what was undone appended.
 */
export function rollBackInstall(error: unknown, file: string, previous: string | null): unknown {
  let note: string;
  try {
    if (previous === null) {
      rmSync(file, { force: true });
      note = `nothing was installed (${file} removed again)`;
    } else {
      writeFileAtomic(file, previous);
      note = `the previous ${file} was put back`;
    }
  } catch (undo) {
    note = `${file} could not be cleaned up: ${(undo as Error).message}`;
  }
  return isAppError(error) ? new AppError(error.code, error.status, `${error.message}; ${note}`, error.details) : error;
}

/** The file's text, or null when there is none (what an install replaces). */
export const previousFile = (file: string): string | null => (existsSync(file) ? readFileSync(file, 'utf8') : null);
