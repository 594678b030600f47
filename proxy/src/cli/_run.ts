import { ConfigError, isAppError } from '@devhub/shared';
import { renderUsage, runCommand, runMain, type CommandDef } from 'citty';
import { useColor } from '../usage/format/color';
import { BadArgument } from './_errors';
import { unexpectedArgs } from './_strict';

/**
 * Runs the root command with the exit codes of DECISIONS.md: 0 success, 1 a failure (e.g. a key
 * failed), 2 bad arguments or config. citty's runMain exits 1 for every error, so errors are
 * mapped here; help and version output still come from citty.
 */
export async function runCli(cmd: CommandDef<any>, rawArgs: string[] = process.argv.slice(2)): Promise<void> {
  if (rawArgs.includes('--help') || rawArgs.includes('-h') || (rawArgs.length === 1 && ['--version', '-v'].includes(rawArgs[0]!))) {
    return runMain(cmd, { rawArgs, showUsage: usagePrinter(cmd) });
  }
  if (rawArgs.length === 0) return runMain(cmd, { rawArgs: ['--help'], showUsage: usagePrinter(cmd) });
  try {
    const { options, positionals } = await unexpectedArgs(cmd, rawArgs);
    if (options.length > 0) throw new BadArgument(`unknown option${options.length > 1 ? 's' : ''} ${options.join(', ')} (see --help)`);
    if (positionals.length > 0) throw new BadArgument(`unexpected argument${positionals.length > 1 ? 's' : ''} ${positionals.join(', ')} (see --help)`);
    await runCommand(cmd, { rawArgs });
  } catch (error) {
    process.exitCode = report(error);
  }
}

/**
 * citty colours help even in a pipe and honours only NO_COLOR=1, so help follows the CLI's colour
 * rule instead. citty also names a nested command by its parent alone (`settings apply`), which
 * cannot be run as written; the root's name is put in front.
 */
function usagePrinter(root: CommandDef<any>) {
  return async (cmd: CommandDef<any>, parent?: CommandDef<any>): Promise<void> => {
    let text = await renderUsage(cmd, parent);
    const rootName = (root.meta as { name?: string } | undefined)?.name;
    const parentName = (parent?.meta as { name?: string } | undefined)?.name;
    if (parent && parent !== root && rootName && parentName) text = text.replaceAll(`${parentName} ${(cmd.meta as { name?: string }).name}`, `${rootName} ${parentName} ${(cmd.meta as { name?: string }).name}`);
    process.stdout.write(`${useColor(process.stdout.isTTY) ? text : stripAnsi(text)}\n\n`);
  };
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
