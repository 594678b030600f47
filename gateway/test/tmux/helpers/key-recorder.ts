/** Records each chunk the terminal delivers (raw mode) as one JSON line in the file named by argv[2]. */
import { appendFileSync } from 'node:fs';

const out = process.argv[2]!;
process.stdin.setRawMode(true);
process.stdout.write('READY\n');
for await (const chunk of process.stdin) {
  const text = Buffer.from(chunk).toString('utf8');
  appendFileSync(out, `${JSON.stringify(text)}\n`);
  if (text.includes('\x04')) process.exit(0);
}
