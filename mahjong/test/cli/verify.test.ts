import { describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MJLOG_DATA } from '../fixtures/data/paths';

const CLI = `${import.meta.dir}/../../src/cli/index.ts`;
const DATA = MJLOG_DATA;

async function run(...args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, ...args], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, MAHJONG_DIR: mkdtempSync(join(tmpdir(), 'mj-')) } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('mahjong verify', () => {
  it('checks a directory, reports truncated fixtures, exits 0 when everything reproduces', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mj-logs-'));
    for (const f of ['double-ron.mjlog', 'pao-tsumo.mjlog', '2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog']) writeFileSync(join(dir, f), readFileSync(`${DATA}/${f}`));
    writeFileSync(join(dir, 'gz.mjlog'), gzipSync(readFileSync(`${DATA}/upd-aft-ron3.mjlog`)));
    const r = await run('verify', dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok +.*double-ron\.mjlog/m);
    expect(r.stdout).toMatch(/^truncated +.*no-round-end\.mjlog .*middle of a hand/m);
    expect(r.stdout).toMatch(/^truncated +.*gz\.mjlog/m);
    expect(r.stdout).toMatch(/hands ok \(100\.00%\); files: 2 ok, 2 truncated, 0 mismatch, 0 error/);
  }, 60_000);

  it('prints JSON with --json and exits 1 on a mismatch, naming the first difference', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mj-bad-'));
    const bad = join(dir, 'bad.mjlog');
    writeFileSync(bad, readFileSync(`${DATA}/2010081709gm-00a9-0000-fe3371ad.mjlog`, 'utf8').replace('ten="30,7700,0"', 'ten="30,8000,0"'));
    const r = await run('verify', '--json', bad);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({ files: 1, mismatch: 1 });
    expect(report.files[0].firstMismatch).toContain('log 30 fu 8000');
  }, 60_000);

  it('reports sanma and missing files as errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mj-sanma-'));
    const sanma = join(dir, 'sanma.mjlog');
    writeFileSync(sanma, readFileSync(`${DATA}/double-ron.mjlog`, 'utf8').replace('type="169"', 'type="185"'));
    const r = await run('verify', sanma, join(dir, 'nope.mjlog'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('three-player (sanma) logs are not supported');
    expect(r.stdout).toContain('no such file or directory');
  }, 60_000);
});
