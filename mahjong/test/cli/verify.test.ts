import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MJLOG_DATA } from '../fixtures/data/paths';
import { Game } from '../../src/engine/game';
import { RandomAgent } from '../../src/engine/ai';
import { newWallSecret } from '../../src/engine/table/secure-wall';

const CLI = `${import.meta.dir}/../../src/cli/index.ts`;
const DATA = MJLOG_DATA;

const temps: string[] = [];
const temp = (prefix: string) => { const d = mkdtempSync(join(tmpdir(), prefix)); temps.push(d); return d; };
afterAll(() => { for (const d of temps) rmSync(d, { recursive: true, force: true }); });

async function run(...args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, ...args], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, MAHJONG_DIR: temp('mj-') } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('mahjong verify: the wall commitment of a game this engine dealt', () => {
  it('verifies a finished game\'s revealed secret against its commitment and walls, and fails a tampered one', async () => {
    const game = new Game({ secret: newWallSecret(), maxRound: 0 });
    const agents = [0, 1, 2, 3].map((s) => new RandomAgent(s + 1));
    while (!game.isOver()) {
      const seat = game.actor();
      if (seat < 0) { game.nextHand(); continue; }
      game.step(seat, agents[seat]!.pick(game.validActions(seat)));
    }
    const dir = temp('mj-wall-');
    const xml = game.toMjlog();
    writeFileSync(join(dir, 'game.mjlog'), xml);
    const ok = await run('verify', join(dir, 'game.mjlog'));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`wall commitment verified: the revealed secret hashes to ${game.commitment}`);
    // The same game converted to tenhou.net/6 is checked too (the seed travels in its title).
    const t6 = await run('convert', join(dir, 'game.mjlog'), '--to', 'tenhou6', '--out', join(dir, 'game.json'));
    expect(t6.code).toBe(0);
    expect((await run('verify', join(dir, 'game.json'))).stdout).toContain('wall commitment verified');
    // Another secret under the published commitment.
    writeFileSync(join(dir, 'forged.mjlog'), xml.replace(game.secret!, newWallSecret()));
    const bad = await run('verify', join(dir, 'forged.mjlog'));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/MISMATCH .*forged\.mjlog[\s\S]*does not hash to the commitment/);
  }, 60_000);

  it('the README\'s check by hand (grep, printf, sha256sum) prints the commitment of a finished game and MISMATCH for a forged secret', () => {
    const readme = readFileSync(join(import.meta.dir, '../../README.md'), 'utf8');
    const line = readme.split('\n').find((l) => l.includes('sha256sum') && l.startsWith('grep '));
    expect(line).toBeDefined();
    const game = new Game({ secret: newWallSecret(), maxRound: 0 });
    const agents = [0, 1, 2, 3].map((s) => new RandomAgent(s + 7));
    while (!game.isOver()) {
      const seat = game.actor();
      if (seat < 0) { game.nextHand(); continue; }
      game.step(seat, agents[seat]!.pick(game.validActions(seat)));
    }
    const dir = temp('mj-byhand-');
    const check = (xml: string) => {
      writeFileSync(join(dir, 'game.mjlog'), xml);
      const p = Bun.spawnSync(['bash', '-c', line!], { cwd: dir });
      return p.stdout.toString().trim();
    };
    expect(check(game.toMjlog())).toBe(`commitment OK: ${game.commitment}`);
    expect(check(game.toMjlog().replace(game.secret!, newWallSecret()))).toBe('MISMATCH');
  });
});

describe('mahjong verify', () => {
  it('checks a directory, reports truncated fixtures, exits 0 when everything reproduces', async () => {
    const dir = temp('mj-logs-');
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
    const dir = temp('mj-bad-');
    const bad = join(dir, 'bad.mjlog');
    writeFileSync(bad, readFileSync(`${DATA}/2010081709gm-00a9-0000-fe3371ad.mjlog`, 'utf8').replace('ten="30,7700,0"', 'ten="30,8000,0"'));
    const r = await run('verify', '--json', bad);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({ files: 1, mismatch: 1 });
    expect(report.files[0].firstMismatch).toContain('log 30 fu 8000');
  }, 60_000);

  it('reports sanma and missing files as errors', async () => {
    const dir = temp('mj-sanma-');
    const sanma = join(dir, 'sanma.mjlog');
    writeFileSync(sanma, readFileSync(`${DATA}/double-ron.mjlog`, 'utf8').replace('type="169"', 'type="185"'));
    const r = await run('verify', sanma, join(dir, 'nope.mjlog'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('three-player (sanma) logs are not supported');
    expect(r.stdout).toContain('no such file or directory');
  }, 60_000);

  it('reads every log in a directory whatever its extension (.txt, .xml, none; gzip by magic bytes) and skips other files', async () => {
    const dir = temp('mj-ext-');
    writeFileSync(join(dir, 'a.txt'), readFileSync(`${DATA}/double-ron.mjlog`));
    writeFileSync(join(dir, 'b.xml'), gzipSync(readFileSync(`${DATA}/pao-tsumo.mjlog`)));
    writeFileSync(join(dir, 'c'), gzipSync(readFileSync(`${DATA}/double-ron.mjlog`)));
    writeFileSync(join(dir, 'notes.md'), '# not a log\n');
    const r = await run('verify', dir);
    expect(r.stdout).toMatch(/^ok +.*a\.txt/m);
    expect(r.stdout).toMatch(/^ok +.*b\.xml/m);
    expect(r.stdout).toMatch(/^ok +.*\/c +/m);
    expect(r.stdout).not.toContain('notes.md');
    expect(r.code).toBe(0);
  }, 60_000);

  it('finding no log is an error (exit 2), never "0/0 hands ok"', async () => {
    const dir = temp('mj-empty-');
    writeFileSync(join(dir, 'readme.md'), 'nothing here\n');
    const r = await run('verify', dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no logs found');
    expect(r.stdout).not.toContain('0/0');
  }, 60_000);
});
