import { afterAll, describe, expect, it } from 'bun:test';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MJLOG_DATA } from '../fixtures/data/paths';

const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const DATA = MJLOG_DATA;
const temps: string[] = [];
const temp = () => { const d = mkdtempSync(join(tmpdir(), 'mj-train-')); temps.push(d); return d; };
afterAll(() => { for (const d of temps) rmSync(d, { recursive: true, force: true }); });

async function run(cwd: string, ...args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, 'train', ...args], { cwd, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, HOME: cwd } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('mahjong train', () => {
  it('trains on logs, skips a damaged one with a warning and writes a policy file', async () => {
    const dir = temp();
    copyFileSync(join(DATA, 'double-ron.mjlog'), join(dir, 'a.mjlog'));
    // gzip magic followed by garbage: unreadable, must be skipped, not crash the command
    writeFileSync(join(dir, 'b.mjlog'), new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7]));
    const r = await run(dir, dir, '--out', join(dir, 'p.json'), '--epochs', '1', '--evaluate', '0');
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).toContain('b.mjlog: skipped');
    const model = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8'));
    expect(model).toMatchObject({ format: 'mahjong-policy-v1', name: 'policy', trained_on: { files: 1 } });
  }, 60_000);

  it('holds out whole games (by seed) and reports agreement on them and on the training games', async () => {
    const dir = temp();
    const names = readdirSync(DATA).filter((n) => n.endsWith('.mjlog')).slice(0, 5);
    for (const n of names) copyFileSync(join(DATA, n), join(dir, n));
    const all = await run(dir, dir, '--out', join(dir, 'all.json'), '--epochs', '1', '--evaluate', '0', '--holdout', '0');
    const split = await run(dir, dir, '--out', join(dir, 'split.json'), '--epochs', '1', '--evaluate', '0', '--holdout', '0.4');
    const again = await run(dir, dir, '--out', join(dir, 'again.json'), '--epochs', '1', '--evaluate', '0', '--holdout', '0.4');
    expect([all.code, split.code, again.code]).toEqual([0, 0, 0]);
    const total = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')).trained_on;
    const on = JSON.parse(readFileSync(join(dir, 'split.json'), 'utf8')).trained_on;
    expect(total.held_out).toBeUndefined();
    expect(on.held_out.files).toBe(2);
    expect(on.files + on.held_out.files).toBe(total.files);
    expect(on.samples + on.held_out.samples).toBe(total.samples);
    expect(on.held_out.accuracy).toBeGreaterThan(0);
    expect(split.stdout).toContain(`on the ${on.files} training games, ${(on.held_out.accuracy * 100).toFixed(1)}% on the 2 held-out games`);
    // The same seed holds out the same games.
    expect(JSON.parse(readFileSync(join(dir, 'again.json'), 'utf8')).trained_on).toEqual(on);
  }, 60_000);

  it('refuses a held-out share of 1 or more with exit 2', async () => {
    const dir = temp();
    const r = await run(dir, DATA, '--holdout', '1', '--evaluate', '0');
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toContain('--holdout must be a number ≥ 0 and < 1');
  });

  it('refuses a bad number with exit 2', async () => {
    const dir = temp();
    const r = await run(dir, DATA, '--hidden', 'lots');
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toContain('--hidden must be an integer');
  });

  it('a directory with no log in it is exit 2', async () => {
    const empty = temp();
    writeFileSync(join(empty, 'notes.md'), '# nothing\n');
    const none = await run(empty, empty, '--evaluate', '0');
    expect(none.code).toBe(2);
    expect(none.stdout + none.stderr).toContain('no logs found');
  });
});
