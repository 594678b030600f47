/**
 * The scripted assistant bench/gateway-status.ts drives (one line on stdin per step). It draws what
 * Claude Code draws, writes its transcript and Stop hook lines as the real CLI and `agentgw hook`
 * do, and logs when each change happened to `events.log` in its working folder:
 *   (start) input box · `work` prompt line + spinner · `idle` reply + Stop hook + input box ·
 *   `ask` permission prompt · `answer` spinner again · `exit` ends the process.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const rule = '─'.repeat(60);
const dir = join(process.env.HOME ?? '/tmp', '.claude', 'projects', process.cwd().replace(/[^a-zA-Z0-9]/g, '-'));
mkdirSync(dir, { recursive: true });
const transcript = join(dir, `bench-${process.pid}.jsonl`);
const key = Bun.spawnSync(['tmux', 'display-message', '-p', '-t', process.env.TMUX_PANE ?? '', '#{socket_path}:#{session_name}:#{window_id}']).stdout.toString().trim();
const eventsFile = join(process.env.GW_DIR ?? '', 'events.jsonl');
const draw = (lines: string[]) => process.stdout.write(`\x1b[2J\x1b[H${lines.join('\r\n')}\r\n`);
const logged = (event: string, at: number) => appendFileSync('events.log', `${JSON.stringify({ event, at })}\n`);
const box = ['', rule, '❯ ', rule, '  ? for shortcuts'];

function step(command: string): void {
  const at = Date.now();
  const stamp = new Date(at).toISOString();
  if (command === 'work' || command === 'answer') {
    if (command === 'work') appendFileSync(transcript, `${JSON.stringify({ type: 'user', timestamp: stamp, message: { role: 'user', content: 'go' } })}\n`);
    draw(['> go', '', '✢ Pondering… (1s · ↓ 12 tokens)', rule, '❯ ', rule, '  esc to interrupt']);
  } else if (command === 'idle') {
    appendFileSync(transcript, `${JSON.stringify({ type: 'assistant', timestamp: stamp, message: { id: `m${at}`, role: 'assistant', content: [{ type: 'text', text: 'done' }] } })}\n`);
    appendFileSync(eventsFile, `${JSON.stringify({ ts: stamp, event: 'Stop', window_key: key, session_id: 'bench', data: {} })}\n`);
    draw(['> go', '● done', ...box]);
  } else if (command === 'ask') {
    draw(['● Bash(touch x)', rule, ' Do you want to proceed?', ' ❯ 1. Yes', '   2. No', '', ' Esc to cancel · Tab to amend']);
  } else if (command === 'exit') {
    logged('exit', at);
    process.exit(0);
  } else return;
  logged(command, at);
}

draw(['Scripted assistant', ...box]);
logged('start', Date.now());
let buffer = '';
process.stdin.on('data', (chunk) => {
  buffer += chunk.toString();
  for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
    step(buffer.slice(0, at).trim());
    buffer = buffer.slice(at + 1);
  }
});
