import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM } from '../src/testing-chromium';
import { useTempDirs } from '../src/testing';

const dirs = useTempDirs(afterAll, 'devhub-chromium-test-');

/** Every path under `dir`, Bun's own cache aside (Bun writes it to $HOME/.bun whatever runs). */
function contents(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((p) => p !== '.bun' && !p.startsWith('.bun/')).sort();
}

describe.skipIf(!existsSync(CHROMIUM))('launchChromium', () => {
  it('leaves nothing in the home or the temp folder of whoever runs the tests', async () => {
    const root = dirs.make();
    const home = join(root, 'home');
    const tmp = join(root, 'tmp');
    mkdirSync(home);
    mkdirSync(tmp);
    await using child = Bun.spawn(['bun', join(import.meta.dir, 'fixtures/chromium-page.ts')], {
      env: { ...process.env, HOME: home, TMPDIR: tmp }, stdout: 'pipe', stderr: 'pipe',
    });
    const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' });
    expect(out.trim()).toBe('hello');
    // Chromium launched as is writes ~/.config/chromium/Crash Reports and ~/.cache/dconf here.
    expect(contents(home)).toEqual([]);
    expect(contents(tmp)).toEqual([]);
  });
});
