import { BadArgument, ExitStatus, run } from '@devhub/shared';
import { defineCommand } from 'citty';
import { loadContext } from '../_context';
import { CommandFailed } from '../_errors';
import { existsSync } from 'node:fs';
import { detectManager, installedServiceFile } from './detect';

export default defineCommand({
  meta: { name: 'logs', description: 'Show the service log (journal on Linux, log file on macOS)' },
  args: {
    follow: { type: 'boolean', alias: 'f', description: 'Keep printing new lines', default: false },
    lines: { type: 'string', alias: 'n', description: 'How many recent lines', default: '200' },
  },
  async run({ args }) {
    if (!/^\d+$/.test(args.lines.trim()) || Number(args.lines) < 1) throw new BadArgument(`--lines ${args.lines}: expected a whole number of lines, 1 or more`);
    const { dir } = loadContext();
    // Without a service the journal holds nothing of ours: say where the lines are instead of "-- No entries --".
    if (!existsSync(installedServiceFile())) {
      throw new CommandFailed(`no service is installed (modelproxy service install): a modelproxy serve run by hand logs to its own terminal; every request is also in ${dir}/requests.jsonl (and modelproxy stats)`, 'NO_SERVICE');
    }
    const manager = detectManager(dir);
    const argv = manager.logsArgv(args.follow, Math.min(1_000_000, Number(args.lines)));
    if (!args.follow) {
      const result = await run(argv, { timeoutMs: 30_000 });
      process.stdout.write(result.stdout);
      if (result.exitCode !== 0) throw new CommandFailed(`${argv[0]} failed: ${result.stderr.trim()}`);
      return;
    }
    // Following never ends on its own, so it cannot go through run() (which buffers and times out):
    // the log streams straight to the terminal until Ctrl-C.
    const proc = Bun.spawn(argv, { stdio: ['ignore', 'inherit', 'inherit'] });
    process.once('SIGINT', () => proc.kill('SIGINT'));
    const code = await proc.exited;
    if (code !== 0) throw new ExitStatus(code);
  },
});
