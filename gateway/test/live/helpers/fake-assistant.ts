/**
 * A stand-in coding assistant for end-to-end tests, drawing what Claude Code draws: first a
 * spinner above its input box (until a line arrives on stdin), then a Bash permission prompt
 * (until the answer arrives), then it prints the outcome and exits to the shell. At start it writes
 * a Claude-format transcript for its cwd under $HOME/.claude/projects, as the real CLI does.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const rule = '─'.repeat(60);
const dir = join(process.env.HOME ?? '/tmp', '.claude', 'projects', process.cwd().replace(/[^a-zA-Z0-9]/g, '-'));
mkdirSync(dir, { recursive: true });
const transcript = join(dir, 'fa1e5e55-0000-4000-8000-000000000001.jsonl');
const line = (record: unknown) => appendFileSync(transcript, `${JSON.stringify(record)}\n`);
const now = () => new Date().toISOString();
line({ type: 'user', timestamp: now(), message: { role: 'user', content: 'make the marker file' } });
line({ type: 'assistant', timestamp: now(), message: { id: 'msg_1', role: 'assistant', content: [{ type: 'text', text: 'FAKE-REPLY: on it' }] } });

const draw = (lines: string[]) => process.stdout.write(`\x1b[2J\x1b[H${lines.join('\r\n')}\r\n`);
const lines = (async function* () {
  let buffer = '';
  for await (const chunk of Bun.stdin.stream()) {
    buffer += new TextDecoder().decode(chunk);
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) { yield buffer.slice(0, at).trim(); buffer = buffer.slice(at + 1); }
  }
})();

draw(['> make the marker file', '', '\x1b[38;5;174m✢\x1b[0m Pondering… (2s · ↓ 12 tokens)', '', rule, '❯ ', rule, '  esc to interrupt']);
await lines.next();
draw([
  '● Bash(touch marker.txt)', '  ⎿  Waiting…', rule, ' \x1b[1mBash command\x1b[0m', '   touch marker.txt', '   Create a marker file', '',
  ' Do you want to proceed?', ' \x1b[36m❯ 1. Yes\x1b[0m', '   2. No', '', ' Esc to cancel · Tab to amend',
]);
const answer = (await lines.next()).value;
line({ type: 'assistant', timestamp: now(), message: { id: 'msg_2', role: 'assistant', content: [{ type: 'text', text: `FAKE-DONE: answered ${answer}` }] } });
process.stdout.write(`\x1b[2J\x1b[Hanswered ${answer}\r\n`);
process.exit(0);
