import { afterAll, describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMjlog } from '../../src/engine/game';
import { verifyPaipu } from '../../src/engine/verify/verify-paipu';
import { useTempDirs } from '@devhub/shared/testing';

const temp = useTempDirs(afterAll);

const CLI = `${import.meta.dir}/../../src/cli/index.ts`;

describe('mahjong simulate', () => {
  it('plays games, prints rates and placements, and writes verifiable mjlog files', async () => {
    const out = temp.make('mj-sim-');
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', '3', '--ai', 'heuristic,random,heuristic,random', '--seed', '5', '--out', out], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/games: 3 in [\d.]+ s \([\d.]+ games\/s\)/);
    expect(stdout).toMatch(/hands: \d+ \([\d.]+ per game\)/);
    expect(stdout).toMatch(/^heuristic +6 /m);
    expect(stdout).toMatch(/^random +6 /m);
    const files = readdirSync(out).sort();
    expect(files).toEqual(['game-000005.mjlog', 'game-000006.mjlog', 'game-000007.mjlog']);
    for (const f of files) expect(verifyPaipu(parseMjlog(readFileSync(join(out, f), 'utf8'))).status).toBe('ok');
  }, 60_000);

  it('refuses an --out that is a file, saying it takes a directory', async () => {
    const file = join(temp.make('mj-sim-'), 'taken');
    await Bun.write(file, 'x');
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', '1', '--out', file], { stdout: 'pipe', stderr: 'pipe' });
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(2);
    expect(stderr).toContain(`--out ${file}: a file is in the way; --out takes a directory`);
  });

  it('refuses bad arguments with a message', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', 'x'], { stdout: 'pipe', stderr: 'pipe' });
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('--games must be a positive integer');
  }, 60_000);

  it('plays a trained policy file (mahjong-policy-v1) and the shipped "policy" by name', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', '1', '--east-only', '--ai', 'policy,random,random,random', '--seed', '3'], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // The shipped model is named "policy"; a heuristic fallback would be reported as "heuristic".
    expect(stdout).toMatch(/^policy +1 /m);
    expect(stdout).toMatch(/^random +3 /m);
  }, 60_000);
});
