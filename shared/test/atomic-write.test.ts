import { afterAll, describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
