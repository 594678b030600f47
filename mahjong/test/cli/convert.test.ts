import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { parseLogText } from '../../src/formats';
import { canonicalGame } from '../../src/formats/canonical';
import { MJLOG_DATA } from '../fixtures/data/paths';

const CLI = `${import.meta.dir}/../../src/cli/index.ts`;
const dir = mkdtempSync(join(tmpdir(), 'mj-convert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SRC = `${MJLOG_DATA}/pao-tsumo.mjlog`;

async function run(...args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, ...args], { stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('mahjong convert', () => {
  it('reads the log from stdin with -', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'convert', '-', '--to', 'mjai'], { stdin: Bun.file(SRC), stdout: 'pipe', stderr: 'pipe' });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect([code, stderr]).toEqual([0, '']);
    expect(canonicalGame(parseLogText(stdout).paipu)).toEqual(canonicalGame(parseMjlog(readFileSync(SRC, 'utf8'))));
  }, 30_000);

  it('a character reference outside Unicode is the malformed-log message with line and column, not a stack trace', async () => {
    const bad = join(dir, 'bad-ref.mjlog');
    writeFileSync(bad, readFileSync(SRC, 'utf8').replace(/<UN n0="[^"]*"/, '<UN n0="&#x110000;"'));
    const r = await run('convert', bad, '--to', 'mjai');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: malformed mjlog: character reference &#x110000; is not a valid XML character \(line \d+, column \d+\)\n$/);
  }, 30_000);

  it('xml → tenhou6 (stdout) → mjai (--out, from gzip) → xml, the same game throughout', async () => {
    const original = canonicalGame(parseMjlog(readFileSync(SRC, 'utf8')));
    const t6 = await run('convert', SRC, '--to', 'tenhou6');
    expect(t6.code).toBe(0);
    expect(JSON.parse(t6.stdout).log.length).toBeGreaterThan(0);
    writeFileSync(join(dir, 'g.json.gz'), Bun.gzipSync(new TextEncoder().encode(t6.stdout)));
    const mj = await run('convert', join(dir, 'g.json.gz'), '--to', 'mjai', '--out', join(dir, 'g.jsonl'));
    expect(mj.code).toBe(0);
    expect(mj.stderr).toContain('(tenhou6)');
    const xml = await run('convert', join(dir, 'g.jsonl'), '--to', 'xml');
    expect(xml.stdout.startsWith('<mjloggm')).toBe(true);
    expect(canonicalGame(parseLogText(xml.stdout).paipu)).toEqual(original);
  }, 60_000);

  it('verify reads every format in a directory', async () => {
    const d = join(dir, 'logs');
    await run('convert', SRC, '--to', 'mjai', '--out', join(d, 'a'));
    await run('convert', SRC, '--to', 'tenhou6', '--out', join(d, 'b.txt'));
    const r = await run('verify', d);
    expect(r.stdout).toMatch(/^ok +.*\/a +/m);
    expect(r.stdout).toMatch(/^ok +.*b\.txt/m);
    expect(r.code).toBe(0);
  }, 60_000);

  it('exits 2 on a bad --to and 1 on an unreadable log, naming the accepted formats', async () => {
    const bad = await run('convert', SRC, '--to', 'pdf');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('xml, tenhou6, mjai');
    writeFileSync(join(dir, 'x.txt'), 'not a log');
    const unknown = await run('convert', join(dir, 'x.txt'), '--to', 'xml');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('tenhou.net/6');
    expect((await run('convert', join(dir, 'missing'), '--to', 'xml')).code).toBe(2);
  }, 60_000);
});
