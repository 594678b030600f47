/**
 * An assistant that drops Enters, as Claude Code does while it settles after its trust prompt: it
 * draws Claude's input box, shows what is typed in it, ignores the first N Enters (its argument)
 * and records every line submitted after that — an empty one too — in `submitted.jsonl` in its
 * working folder.
 */
import { appendFileSync } from 'node:fs';

const rule = '─'.repeat(60);
let dropping = Number(process.argv[2] ?? 0);
let box = '';
const draw = () => process.stdout.write(`\x1b[2J\x1b[H${['Welcome', '', rule, `❯ ${box}`, rule, '  ? for shortcuts'].join('\r\n')}`);

process.stdin.setRawMode?.(true);
draw();
process.stdin.on('data', (chunk) => {
  for (const char of chunk.toString()) {
    if (char === '\r' || char === '\n') {
      if (dropping > 0) {
        dropping--;
        continue;
      }
      appendFileSync('submitted.jsonl', `${JSON.stringify(box)}\n`);
      box = '';
    } else if (char >= ' ') {
      box += char;
    }
  }
  draw();
});
