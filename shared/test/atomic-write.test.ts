import { afterAll, describe, expect, it } from 'bun:test';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic, writeJsonAtomic } from '../src';
import { useTempDirs } from '../src/testing';

const temp = useTempDirs(afterAll);

const tempDir = () => temp.make('atomic-');

describe('atomic write', () => {
  it('writes content with the requested mode and leaves no temp files', () => {
    const dir = tempDir();
    const path = join(dir, 'secret.yaml');
    writeFileAtomic(path, 'key: abc\n', { mode: 0o600 });
    expect(readFileSync(path, 'utf8')).toBe('key: abc\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['secret.yaml']);
  });

  it('keeps a backup of the previous content when asked', () => {
    const dir = tempDir();
    const path = join(dir, 'state.json');
    writeJsonAtomic(path, { v: 1 });
    writeJsonAtomic(path, { v: 2 }, { backup: true });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ v: 2 });
    expect(JSON.parse(readFileSync(`${path}.bak`, 'utf8'))).toEqual({ v: 1 });
  });

  it('creates missing parent directories', () => {
    const path = join(tempDir(), 'a', 'b', 'c.txt');
    writeFileAtomic(path, 'x');
    expect(readFileSync(path, 'utf8')).toBe('x');
  });

  it('writes through a symlinked file to its target, keeping the link (a dotfiles repository)', () => {
    const home = tempDir();
    mkdirSync(join(home, 'dotfiles'));
    mkdirSync(join(home, '.claude'));
    const real = join(home, 'dotfiles', 'claude-settings.json');
    const link = join(home, '.claude', 'settings.json');
    writeFileSync(real, '{"theme":"dark"}\n');
    symlinkSync('../dotfiles/claude-settings.json', link);
    writeJsonAtomic(link, { theme: 'light' }, { backup: true, mode: 0o600 });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('../dotfiles/claude-settings.json');
    expect(JSON.parse(readFileSync(real, 'utf8'))).toEqual({ theme: 'light' });
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${link}.bak`, 'utf8')).toBe('{"theme":"dark"}\n');
    expect(readdirSync(join(home, 'dotfiles'))).toEqual(['claude-settings.json']);
    // A link whose target does not exist yet: the target is created, the link kept.
    const dangling = join(home, '.claude', 'later.json');
    symlinkSync('../dotfiles/later.json', dangling);
    writeFileAtomic(dangling, 'x');
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(home, 'dotfiles', 'later.json'), 'utf8')).toBe('x');
  });

  it('replaces a symlink at <file>.bak instead of writing through it', () => {
    const home = tempDir();
    const victim = join(home, '.bashrc');
    writeFileSync(victim, 'export PATH=$HOME/bin:$PATH\n', { mode: 0o644 });
    const path = join(home, 'settings.json');
    writeFileSync(path, '{"v":1}\n');
    symlinkSync('.bashrc', `${path}.bak`);
    writeJsonAtomic(path, { v: 2 }, { backup: true, mode: 0o600 });
    expect(readFileSync(victim, 'utf8')).toBe('export PATH=$HOME/bin:$PATH\n');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(lstatSync(`${path}.bak`).isSymbolicLink()).toBe(false);
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe('{"v":1}\n');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ v: 2 });
  });

  it('creates the missing folders of an owner-only file owner-only, or with the mode asked for', () => {
    const dir = tempDir();
    writeFileAtomic(join(dir, 'state', 'deep', 'secret.json'), '{}', { mode: 0o600 });
    expect(statSync(join(dir, 'state')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'state', 'deep')).mode & 0o777).toBe(0o700);
    writeJsonAtomic(join(dir, 'data', 'ladder.json'), { version: 1 }, { dirMode: 0o700 });
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'data', 'ladder.json')).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it('leaves the old file intact when the writer is killed mid-write', async () => {
    const dir = tempDir();
    const path = join(dir, 'state.json');
    const old = JSON.stringify({ generation: 'old' });
    writeFileSync(path, old);
    // A child process writes a large file atomically in a loop; we SIGKILL it while it writes.
    const script = join(dir, 'writer.ts');
    writeFileSync(script, `
      import { writeFileAtomic } from ${JSON.stringify(join(import.meta.dir, '../src/atomic-write.ts'))};
      const big = JSON.stringify({ generation: 'new', pad: 'x'.repeat(8 * 1024 * 1024) });
      process.stdout.write('ready\\n');
      for (;;) writeFileAtomic(${JSON.stringify(path)}, big);
    `);
    const proc = Bun.spawn(['bun', script], { stdout: 'pipe', stderr: 'pipe' });
    const reader = proc.stdout.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('ready');
    await Bun.sleep(150); // let it get into the middle of a write; we assert on the file, not on timing
    proc.kill('SIGKILL');
    expect(await proc.exited).not.toBe(0);
    const parsed = JSON.parse(readFileSync(path, 'utf8'));
    expect(['old', 'new']).toContain(parsed.generation);
    expect(readdirSync(dir).filter((f) => !f.endsWith('.tmp')).sort()).toEqual(['state.json', 'writer.ts']);
  });
});
