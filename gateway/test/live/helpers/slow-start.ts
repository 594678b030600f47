/**
 * An assistant that loads slowly: it runs at once but draws nothing until the file `go` appears
 * in its working folder, then draws the captured screen named by its argument (Claude Code's idle
 * input box, or its trust dialog) and records every line it reads in `typed.jsonl`, marking the
 * ones that arrived before it drew anything (a real CLI would hand those to whatever it draws first).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const screen = readFileSync(join(import.meta.dir, '../../fixtures/panes', process.argv[2] ?? 'claude-idle.txt'), 'utf8');
let drawn = false;
let buffer = '';
process.stdin.on('data', (chunk) => {
  buffer += chunk.toString();
  for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
    appendFileSync('typed.jsonl', `${JSON.stringify({ line: buffer.slice(0, at).trim(), beforeDraw: !drawn })}\n`);
    buffer = buffer.slice(at + 1);
  }
});
while (!existsSync('go')) await Bun.sleep(50);
process.stdout.write(`\x1b[2J\x1b[H${screen.replace(/\n/g, '\r\n')}`);
drawn = true;
setInterval(() => {}, 1 << 30);
