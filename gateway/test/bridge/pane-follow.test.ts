import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { PaneFollower } from '../../src/bridge/pane-follow';
import type { Tmux } from '../../src/tmux';
import { testEnv, waitFor } from '../helpers/gateway';

// A shell's output followed on a real tmux pane while it scrolls: the chat bridges show what
// read() returns, so a read must never skip lines that scrolled into the history meanwhile.
const env = testEnv('pane-follow');
let tmux: Tmux;

beforeAll(async () => {
  tmux = env.tmux();
  await tmux.ensureSession();
});
afterAll(() => env.cleanup());

const LINES = 1500;
const label = (n: number) => `L${String(n).padStart(5, '0')}`;

describe('following a shell pane', () => {
  it('reads the output since the mark whole while it scrolls: every read is the first lines, never a later stretch', async () => {
    const id = await tmux.createWindow({ name: 'follow', cwd: env.dir, command: '', provider: 'shell', mode: 'normal' });
    await waitFor(async () => (await tmux.capturePane(id)).trim().length > 0, 'the shell prompt');
    const follower = await PaneFollower.mark(tmux, id);
    // Short pauses keep the pane scrolling for a while, so reads land in the middle of it.
    await tmux.sendText(id, `for i in $(seq 1 ${LINES}); do printf 'L%05d\\n' $i; [ $((i % 40)) = 0 ] && sleep 0.01; done`, { enter: true, literal: true, raw: false, enterDelayMs: 50 });

    const reads: string[] = [];
    for (let last = ''; !last.includes(label(LINES));) {
      const text = await follower.read();
      if (text === null) continue;
      reads.push(text);
      last = text;
    }
    expect(reads.length).toBeGreaterThan(3);
    for (const text of reads) {
      const labels = text.split('\n').filter((line) => /^L\d{5}$/.test(line));
      expect(labels).toEqual(Array.from({ length: labels.length }, (_, i) => label(i + 1)));
      expect(text.split('\n')[0]).toContain('seq 1');
    }
    expect(reads.at(-1)!.split('\n').filter((line) => /^L\d{5}$/.test(line))).toHaveLength(LINES);
    await tmux.killWindow(id);
  }, 30_000);
});
