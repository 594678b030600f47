/**
 * A stand-in assistant for the console's layout and markdown tests: writes a Claude-format
 * transcript for its cwd (as the real CLI does) holding the markdown in $MD_TEXT and then
 * $MD_FILLER more replies, fills its whole screen with text, and waits.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(process.env.HOME ?? '/tmp', '.claude', 'projects', process.cwd().replace(/[^a-zA-Z0-9]/g, '-'));
mkdirSync(dir, { recursive: true });
const transcript = join(dir, 'ad0c5e55-0000-4000-8000-000000000002.jsonl');
const line = (record: unknown) => appendFileSync(transcript, `${JSON.stringify(record)}\n`);
const now = () => new Date().toISOString();
const say = (id: string, text: string) => line({ type: 'assistant', timestamp: now(), message: { id, role: 'assistant', content: [{ type: 'text', text }] } });

line({ type: 'user', timestamp: now(), message: { role: 'user', content: 'show me markdown' } });
say('msg_md', process.env.MD_TEXT ?? '');
for (let i = 1; i <= Number(process.env.MD_FILLER ?? 0); i++) say(`msg_${i}`, `filler reply ${i}: ${'lorem ipsum '.repeat(8)}`);

const rows = process.stdout.rows || 50;
process.stdout.write(`\x1b[2J\x1b[H${Array.from({ length: rows - 1 }, (_, i) => `screen line ${i + 1} ${'='.repeat(150)}`).join('\r\n')}`);
for await (const _ of Bun.stdin.stream()) { /* waits until the window is closed */ }
