/**
 * A stand-in coding assistant for end-to-end tests, drawing what Claude Code draws: first a
 * spinner above its input box (until a line arrives on stdin), then a Bash permission prompt
 * (until the answer arrives), then it prints the outcome and exits to the shell. At start it writes
 * a Claude-format transcript for its cwd under $HOME/.claude/projects, as the real CLI does.
 * The prompt is a real menu: Up/Down move its marker, Enter confirms the marked option. With
 * FAKE_MENU_DEAF_MS set, keys that arrive that soon after the menu is drawn are dropped, as a CLI
 * still mounting its dialog drops them. With FAKE_MENU_SLOW_MS set, each key read in the first 2.5 s
 * after the menu is drawn is handled that much later, one after the other (a CLI busy starting up
 * reads its keys late but loses none). FAKE_MENU_WRAP=1 makes Down on the last option go back to the
 * first, as Claude Code's trust prompt does. With FAKE_MENU_PROBE_MS set, the menu is drawn again
 * with its marker back on the first option that long after it was first drawn (an Ink CLI
 * re-rendering once its terminal probe is answered), and keys that arrive before that, after the
 * first ones, are read only after it (the CLI busy with the probe's replies); a file of that name in the
 * working folder sets it too (a test with more behaviours than providers).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
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
const chunks = (async function* () {
  for await (const chunk of Bun.stdin.stream()) yield new TextDecoder().decode(chunk);
})();

/** The first line typed (the terminal in its normal, line-by-line mode). */
async function firstLine(): Promise<string> {
  let buffer = '';
  for (;;) {
    const at = buffer.indexOf('\n');
    if (at >= 0) return buffer.slice(0, at).trim();
    const next = await chunks.next();
    if (next.done) return buffer;
    buffer += next.value;
  }
}

draw(['> make the marker file', '', '\x1b[38;5;174m✢\x1b[0m Pondering… (2s · ↓ 12 tokens)', '', rule, '❯ ', rule, '  esc to interrupt']);
await firstLine();

// The permission menu, read key by key.
process.stdin.setRawMode?.(true);
const options = ['Yes', 'No'];
let marked = 0;
const menu = () => draw([
  '● Bash(touch marker.txt)', '  ⎿  Waiting…', rule, ' \x1b[1mBash command\x1b[0m', '   touch marker.txt', '   Create a marker file', '',
  ' Do you want to proceed?', ...options.map((o, i) => (i === marked ? ` \x1b[36m❯ ${i + 1}. ${o}\x1b[0m` : `   ${i + 1}. ${o}`)), '', ' Esc to cancel · Tab to amend',
]);
menu();
const drawnAt = Date.now();
const deafUntil = drawnAt + Number(process.env.FAKE_MENU_DEAF_MS ?? 0);
const slowMs = Number(process.env.FAKE_MENU_SLOW_MS ?? 0);
const wraps = process.env.FAKE_MENU_WRAP === '1';
const probeMs = process.env.FAKE_MENU_PROBE_MS ?? (existsSync('FAKE_MENU_PROBE_MS') ? readFileSync('FAKE_MENU_PROBE_MS', 'utf8') : undefined);
const probeAt = probeMs ? drawnAt + Number(probeMs) : null;
let probed = probeAt === null;
const probeAnswered = () => { if (!probed) { probed = true; marked = 0; menu(); } };
if (probeAt !== null) setTimeout(probeAnswered, probeAt - Date.now());
const keys: string[] = [];
let chosen: string | null = null;
while (chosen === null) {
  const next = await chunks.next();
  if (next.done) break;
  if (!probed && probeAt !== null && keys.length > 0) {
    await Bun.sleep(Math.max(0, probeAt - Date.now()));
    probeAnswered();
  }
  if (Date.now() < deafUntil) continue;
  if (slowMs > 0 && Date.now() < drawnAt + 2_500) await Bun.sleep(slowMs);
  for (const key of next.value.match(/\x1b(?:\[|O)[AB]|[\s\S]/g) ?? []) {
    keys.push(key);
    if (key.length > 1 && key.endsWith('A')) marked = Math.max(0, marked - 1);
    else if (key.length > 1 && key.endsWith('B')) marked = wraps ? (marked + 1) % options.length : Math.min(options.length - 1, marked + 1);
    else if (key === '\r' || key === '\n') { chosen = `${marked + 1}. ${options[marked]}`; break; }
    menu();
  }
}
const answer = `${chosen} (keys: ${JSON.stringify(keys.join(''))})`;
line({ type: 'assistant', timestamp: now(), message: { id: 'msg_2', role: 'assistant', content: [{ type: 'text', text: `FAKE-DONE: answered ${answer}` }] } });
process.stdout.write(`\x1b[2J\x1b[Hanswered ${answer}\r\n`);
process.exit(0);
