import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '../shared/src/testing';

// mahjong/README.md's first commands work as written, from the repository root after
// `bun install` (issue #27 §4: `mahjong` is not on PATH there; `bun run mahjong …` is).
const root = join(import.meta.dir, '..');
const temp = useTempDirs(afterAll);
const readme = readFileSync(join(root, 'mahjong/README.md'), 'utf8');
const first = /```sh\n([\s\S]*?)```/.exec(readme)![1]!.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean);

async function sh(command: string, cwd: string) {
  await using proc = Bun.spawn(['bash', '-c', command], { cwd, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, MAHJONG_DIR: temp.make('mj-readme-') } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('the README\'s first commands', () => {
  it('all start with `bun run mahjong`', () => {
    expect(first.length).toBeGreaterThan(5);
    for (const line of first) expect(line).toStartWith('bun run mahjong ');
  });

  it('run from the repository root: score, convert from stdin, verify, games list', async () => {
    const score = first.find((l) => l.includes(' score '))!;
    const s = await sh(score, root);
    expect(s.code).toBe(0);
    expect(s.stdout).toContain('han');
    const dir = temp.make('mj-readme-files-');
    const sample = join(root, 'mahjong/samples/tenhou-2019060813gm-00a9-0000-08bb0ec3.xml');
    const converted = await sh(`bun run mahjong convert - --to tenhou6 --out ${dir}/game.json < ${sample}`, root);
    expect(converted.code).toBe(0);
    const verified = await sh(`bun run mahjong verify ${dir}/game.json`, root);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('hands ok');
    const games = await sh('bun run mahjong games list', root);
    expect(games.stderr).not.toContain('Script not found');
  }, 60_000);
});
