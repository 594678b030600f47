import { ProcessTimeout } from './errors';

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Milliseconds before the process is killed and ProcessTimeout thrown. Default 10 s. */
  timeoutMs?: number;
  stdin?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * The one way to run a program: an argv array (never a shell string), output captured,
 * bounded by a timeout. Every tmux/systemctl/launchctl call goes through here.
 */
export async function run(argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  if (argv.length === 0) throw new TypeError('run: empty argv');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const proc = Bun.spawn([...argv], {
    cwd: options.cwd,
    env: options.env ? stripUndefined(options.env) : undefined,
    stdin: options.stdin === undefined ? 'ignore' : new TextEncoder().encode(options.stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; proc.kill('SIGKILL'); }, timeoutMs);
  try {
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    if (timedOut) throw new ProcessTimeout(argv, timeoutMs);
    return { stdout, stderr, exitCode };
  } finally {
    clearTimeout(timer);
  }
}

/** Like run(), but throws when the program is missing instead of when it fails. */
export async function tryRun(argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  try {
    return await run(argv, options);
  } catch (error) {
    if (error instanceof ProcessTimeout) throw error;
    return { stdout: '', stderr: String((error as Error).message ?? error), exitCode: 127 };
  }
}

export function which(program: string): string | null {
  return Bun.which(program);
}

function stripUndefined(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
