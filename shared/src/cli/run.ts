import { renderUsage, runCommand, runMain, type CommandDef } from 'citty';
import { BadArgument, ConfigError, ExitStatus, isAppError } from '../errors';
import { stripAnsi, useColor } from './colour';
import { unexpectedArgs } from './strict';

type AnyCommand = CommandDef<any>;
const nameOf = (cmd: AnyCommand | undefined) => (cmd?.meta as { name?: string } | undefined)?.name;

/**
 * Runs a product's root command with one set of exit codes: 0 success, 1 a failure, 2 bad
 * arguments or config (ARCHITECTURE.md, exit codes). citty's runMain exits 1 for every error and silently
 * ignores unknown options (`--prot 9000` would start on the default port), so arguments are
 * checked first and errors mapped here; help and version output still come from citty.
 */
export async function runCli(root: AnyCommand, rawArgs: string[] = process.argv.slice(2)): Promise<void> {
  quietWhenReaderLeaves();
  if (rawArgs.includes('--help') || rawArgs.includes('-h') || (rawArgs.length === 1 && ['--version', '-v'].includes(rawArgs[0]!))) {
    return runMain(root, { rawArgs, showUsage: usagePrinter(root) });
  }
  if (rawArgs.length === 0) return runMain(root, { rawArgs: ['--help'], showUsage: usagePrinter(root) });
  try {
    const { options, positionals } = await unexpectedArgs(root, rawArgs);
    if (options.length > 0) throw new BadArgument(`unknown option${options.length > 1 ? 's' : ''} ${options.join(', ')} (see --help)`);
    if (positionals.length > 0) throw new BadArgument(`unexpected argument${positionals.length > 1 ? 's' : ''} ${positionals.join(', ')} (see --help)`);
    await runCommand(root, { rawArgs });
  } catch (error) {
    process.exitCode = report(error);
  }
}

/**
 * `mahjong convert game.mjlog --to mjai | head`: once the reader has gone, writing the rest of a
 * long output fails with EPIPE, which Bun reports as an uncaught error with a stack trace. There
 * is no one left to show anything to, so the command just ends.
 */
let watchingStdout = false;
function quietWhenReaderLeaves(): void {
  if (watchingStdout) return;
  watchingStdout = true;
  process.stdout.on('error', (err: Error & { code?: string }) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

/**
 * citty colours help even in a pipe and honours only NO_COLOR=1, so help follows useColor()
 * instead. citty also names a nested command by its parent alone (`USAGE server start`), which
 * cannot be run as written; the root's name goes in front.
 */
export function usagePrinter(root: AnyCommand) {
  return async (cmd: AnyCommand, parent?: AnyCommand): Promise<void> => {
    let text = await renderUsage(cmd, parent);
    const [rootName, parentName, name] = [nameOf(root), nameOf(parent), nameOf(cmd)];
    if (parent && parent !== root && rootName && parentName && name) {
      text = text.replaceAll(`${parentName} ${name}`, `${rootName} ${parentName} ${name}`);
    }
    process.stdout.write(`${useColor(process.stdout.isTTY) ? text : stripAnsi(text)}\n\n`);
  };
}

function report(error: unknown): number {
  const e = error as Error & { code?: string };
  if (error instanceof ExitStatus) {
    if (error.message) process.stderr.write(`${error.message}\n`);
    return error.exitCode;
  }
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
