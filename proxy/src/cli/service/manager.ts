import { run, which, type RunResult } from '@devhub/shared';
import { CommandFailed } from '../_errors';

export interface ServiceState {
  installed: boolean;
  active: boolean;
  /** Manager's own words, e.g. `active (running)` or `not loaded`. */
  detail: string;
  pid: number | null;
}

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

export class NoServiceManager extends CommandFailed {
  constructor(why: string) {
    super(`${why}. Run the proxy in the foreground instead: modelproxy serve`, 'NO_SERVICE_MANAGER');
  }
}

/** Every systemctl/launchctl call goes through the shared run() wrapper; a non-zero exit is an error. */
export async function mustRun(argv: string[], unavailable?: { pattern: RegExp; why: string }): Promise<RunResult> {
  if (!which(argv[0]!)) throw new NoServiceManager(`${argv[0]} not found`);
  const result = await run(argv, { timeoutMs: 30_000 });
  if (result.exitCode !== 0) {
    const detail = (result.stderr || result.stdout).trim().split('\n')[0] ?? '';
    if (unavailable?.pattern.test(result.stderr)) throw new NoServiceManager(`${unavailable.why} (${detail})`);
    throw new CommandFailed(`${argv.join(' ')} failed (exit ${result.exitCode})${detail ? `: ${detail}` : ''}`);
  }
  return result;
}
