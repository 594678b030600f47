import { maskUrlPasswords } from './mask';

/**
 * Base class for every expected failure. Each product maps these to its own documented
 * error body in one `onError` hook; nothing else turns errors into responses.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: string, status: number, message: string, details?: unknown) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.status = status;
    this.details = details;
  }

  toJSON() {
    return { code: this.code, status: this.status, message: this.message, details: this.details };
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

/**
 * A config file that is missing, unparsable or invalid. `problems` lists every bad path; a URL
 * password a problem quotes (`base_url: … got "ftp://admin:…@host"`) is masked, as the problems are
 * printed, logged and shown on the dashboard.
 */
export class ConfigError extends AppError {
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, quoted: string[]) {
    const problems = quoted.map(maskUrlPasswords);
    super('CONFIG_INVALID', 500, `${file}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`, { file, problems });
    this.file = file;
    this.problems = problems;
  }
}

export class ProcessTimeout extends AppError {
  constructor(argv: readonly string[], timeoutMs: number) {
    super('PROCESS_TIMEOUT', 504, `${argv[0]} did not finish within ${timeoutMs} ms`, { argv: argv.slice(0, 1) });
  }
}

/** Bad command-line input: exit code 2 in every CLI (exit codes: root ARCHITECTURE.md). */
export class BadArgument extends AppError {
  constructor(message: string) {
    super('BAD_ARGUMENT', 400, message);
  }
}

/**
 * A command that ran but must end with a given exit code (a failed check, a stopped server): the
 * shared CLI runner turns it into the exit code and prints `message` if there is one. Commands
 * never call process.exit or set process.exitCode themselves.
 */
export class ExitStatus extends AppError {
  constructor(readonly exitCode: number, message = '') {
    super('EXIT_STATUS', exitCode === 0 ? 200 : 500, message);
  }
}
