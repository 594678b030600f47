/**
 * `mahjong convert <in> --to xml|tenhou6|mjai [--out file]`: read a log in any accepted format
 * (recognised from its content; gzip or plain) and write it in another. Without --out the result
 * goes to stdout; with it the file is written atomically.
 */
import { BadArgument, writeFileAtomic } from '@devhub/shared';
import { defineCommand } from 'citty';
import { exportLog, isLogFormat, LOG_FORMATS, parseLogBytes } from '../formats';

export default defineCommand({
  meta: { name: 'convert', description: 'Convert a game log between Tenhou XML, tenhou.net/6 JSON and mjai JSON lines' },
  args: {
    input: { type: 'positional', required: true, description: 'The log to read (any accepted format, gzip or plain; - for stdin)' },
    to: { type: 'string', required: true, description: `Output format: ${LOG_FORMATS.join(' | ')}` },
    out: { type: 'string', description: 'Write here instead of stdout' },
  },
  async run({ args }) {
    const to = String(args.to);
    if (!isLogFormat(to)) throw new BadArgument(`--to must be one of ${LOG_FORMATS.join(', ')}, got "${to}"`);
    const input = String(args.input);
    const file = input === '-' ? Bun.stdin : Bun.file(input);
    if (input !== '-' && !(await file.exists())) throw new BadArgument(`${input}: no such file`);
    const { format, paipu } = await parseLogBytes(new Uint8Array(await file.arrayBuffer()));
    const text = exportLog(paipu, to);
    if (args.out) {
      writeFileAtomic(String(args.out), text);
      process.stderr.write(`${input} (${format}) → ${args.out} (${to}): ${paipu.rounds.length} hands\n`);
    } else process.stdout.write(text);
  },
});
