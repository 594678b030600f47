import { ConfigError, isAppError } from '@devhub/shared';
import { runCommand, runMain, type CommandDef } from 'citty';
import { BadArgument } from './_errors';
import { unexpectedArgs } from './_strict';

/**
 * Runs the root command with the exit codes of DECISIONS.md: 0 success, 1 a failure (e.g. a key
 * failed), 2 bad arguments or config. citty's runMain exits 1 for every error, so errors are
 * mapped here; help and version output still come from citty.
 */
export async function runCli(cmd: CommandDef<any>, rawArgs: string[] = process.argv.slice(2)): Promise<void> {
  if (rawArgs.includes('--help') || rawArgs.includes('-h') || (rawArgs.length === 1 && ['--version', '-v'].includes(rawArgs[0]!))) {
    return runMain(cmd, { rawArgs });
  }
  if (rawArgs.length === 0) return runMain(cmd, { rawArgs: ['--help'] });
  try {
    const { options, positionals } = await unexpectedArgs(cmd, rawArgs);
    if (options.length > 0) throw new BadArgument(`unknown option${options.length > 1 ? 's' : ''} ${options.join(', ')} (see --help)`);
    if (positionals.length > 0) throw new BadArgument(`unexpected argument${positionals.length > 1 ? 's' : ''} ${positionals.join(', ')} (see --help)`);
    await runCommand(cmd, { rawArgs });
  } catch (error) {
    process.exitCode = report(error);
  }
}

function report(error: unknown): number {
  const e = error as Error & { code?: string };
  if (e?.name === 'CLIError') {
    process.stderr.write(`error: ${stripAnsi(e.message)}\nRun with --help for usage.\n`);
    return 2;
  }
  if (error instanceof ConfigError || error instanceof BadArgument) {
    process.stderr.write(`error: ${error.message}\n`);
    return 2;
  }
  if (isAppError(error)) {
    process.stderr.write(`error: ${error.message}\n`);
    return 1;
  }
  process.stderr.write(`unexpected error: ${e?.stack ?? String(error)}\n`);
  return 1;
}

const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');
