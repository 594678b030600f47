import { run, which } from '@devhub/shared';
import { TmuxError, TmuxNotInstalled } from './errors';
import { commandLine } from './script';
import { tmuxServerEnv } from './server-env';

export { isMissingTarget } from './errors';

export interface TmuxTarget {
  /** `tmux -L <socket>`; empty uses the default server. Tests use their own socket. */
  socket: string;
  /** The dedicated session holding every gateway window. */
  session: string;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Every tmux invocation goes through here: argv array, shared process wrapper, timeout. */
export class TmuxClient {
  constructor(
    readonly target: TmuxTarget,
    /** Extra environment for tmux; the server started by the first call keeps it (tests set HOME). */
    private readonly env: Record<string, string> = {},
    private readonly timeoutMs = 10_000,
  ) {}

  /**
   * `-u`: tmux escapes a tab or any non-ASCII character in its output as `_` unless the locale
   * says UTF-8, and a service manager often starts the gateway with no LANG at all; `list-windows`
   * would then report names and folders mangled and captures would lose the assistants' glyphs.
   */
  argv(args: readonly string[]): string[] {
    return ['tmux', '-u', ...(this.target.socket ? ['-L', this.target.socket] : []), ...args];
  }

  /** Runs tmux; the result is returned whatever the exit code. */
  async tryExec(args: readonly string[], stdin?: string): Promise<ExecResult> {
    if (!which('tmux')) throw new TmuxNotInstalled();
    return run(this.argv(args), { stdin, timeoutMs: this.timeoutMs, env: { ...tmuxServerEnv(process.env), ...this.env } });
  }

  /** Runs tmux and returns stdout; a non-zero exit is a TmuxError. */
  async exec(args: readonly string[], stdin?: string): Promise<string> {
    const result = await this.tryExec(args, stdin);
    if (result.exitCode !== 0) throw new TmuxError(args[0] ?? '', result.stderr, result.exitCode);
    return result.stdout;
  }

  /**
   * Runs one tmux command whose arguments must not be seen by others: text typed into a window,
   * the variables of a new window (API tokens). A process's argv is readable by every user of the
   * machine (`/proc/<pid>/cmdline`, `ps`), so the command goes to `tmux source-file -` on stdin
   * instead (script.ts); tmux gets the same arguments, and answers as it would to `exec`.
   */
  async execPrivate(args: readonly string[]): Promise<string> {
    const result = await this.tryExec(['source-file', '-'], commandLine(args));
    if (result.exitCode !== 0) throw new TmuxError(args[0] ?? '', result.stderr, result.exitCode);
    return result.stdout;
  }
}

