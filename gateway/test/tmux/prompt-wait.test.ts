import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { Tmux } from '../../src/tmux';
import { testEnv, waitFor } from '../helpers/gateway';

const env = testEnv('prompt');
let tmux: Tmux;

beforeAll(async () => {
  tmux = env.tmux();
  await tmux.ensureSession();
  // A shell that takes a while to draw its prompt, like one reading a heavy rc file.
  await tmux.client.exec(['set-option', '-g', 'default-command', "sleep 0.8; PS1='READY> ' exec bash --norc --noprofile"]);
});
afterAll(() => env.cleanup());

describe('launch command', () => {
  it("is typed after the shell's prompt is drawn, not echoed ahead of it", async () => {
    const id = await tmux.createWindow({ name: 'slow', cwd: env.dir, command: 'echo launched-$((6*7))', provider: 'shell', mode: 'normal' });
    await waitFor(async () => (await tmux.capturePane(id)).includes('launched-42'), 'the command ran');
    const lines = (await tmux.capturePane(id)).split('\n').filter((l) => l.trim());
    expect(lines[0]).toBe('READY> echo launched-$((6*7))');
    expect(lines[1]).toBe('launched-42');
  });
});
