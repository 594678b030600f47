/**
 * Command-line start-up: `modelproxy statusline` (run on every Claude Code status refresh) against
 * a recorded requests.db, and `--help` of the three binaries, each built as its package's `build`
 * script builds it, beside a bare `bun build --compile` hello-world (the floor every compiled Bun
 * program pays). Wall time of the whole process and its CPU (user + system), p50 and p90 over
 * RUNS runs, after WARM runs; prints figures, asserts nothing.
 *
 *   bun bench/cli-startup.ts            (RUNS=41 WARM=5)
 */
import { Database } from 'bun:sqlite';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLUMNS, openDatabase } from '../proxy/src/accounting/db';
import { fingerprint } from '../proxy/src/usage/cache';

const RUNS = Number(process.env.RUNS ?? 41);
const WARM = Number(process.env.WARM ?? 5);
const ROOT = join(import.meta.dir, '..');
const work = mkdtempSync(join(tmpdir(), 'cli-startup-'));

try {
  /** The binary as `bun run build` in the package makes it (its flags, our output path). */
  const build = (pkg: string, name: string): string => {
    const script = JSON.parse(readFileSync(join(ROOT, pkg, 'package.json'), 'utf8')).scripts.build as string;
    const out = join(work, name);
    const args = script.replace(/--outfile\s+\S+/, '').split(/\s+/).filter(Boolean).slice(1);
    const built = Bun.spawnSync(['bun', ...args, '--outfile', out], { cwd: join(ROOT, pkg), stderr: 'pipe', stdout: 'pipe' });
    if (built.exitCode !== 0) throw new Error(`${name}: ${built.stderr.toString()}`);
    return out;
  };
  writeFileSync(join(work, 'hello.ts'), 'console.log("hello");\n');
  const hello = join(work, 'hello');
  Bun.spawnSync(['bun', 'build', '--compile', join(work, 'hello.ts'), '--outfile', hello]);
  const binaries = { modelproxy: build('proxy', 'modelproxy'), agentgw: build('gateway', 'agentgw'), mahjong: build('mahjong', 'mahjong') };

  // A recorded database: 20 000 requests over 200 sessions, and the served key's cached quota.
  const dir = join(work, 'state');
  mkdirSync(dir);
  const db = openDatabase(join(dir, 'requests.db'), { create: true })!;
  const insert = db.prepare(`INSERT INTO requests (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  const fp = fingerprint('sk-cp-bench-key-0001');
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < 20_000; i++) {
      insert.run(now - (20_000 - i) * 1000, `session-${i % 200}`, '/v1/messages', 'minimax', 1, fp, 'default[1]', 'claude-opus-5-5', 'MiniMax-M2', 1, 200, 1, 1, 1200 + i, 300, 45_000, 3000, 40, 60, 900, 2048);
    }
  })();
  (db as Database).close();
  const reset = new Date(now + 3_600_000).toISOString();
  writeFileSync(join(dir, 'usage-cache.json'), JSON.stringify({ version: 1, entries: {}, quota: { [fp]: { five_hour: { remaining_percent: 62, reset_at: reset }, weekly: { remaining_percent: 80, reset_at: reset }, checked_at: new Date(now).toISOString() } } }));
  const input = JSON.stringify({ session_id: 'session-7', model: { id: 'claude-opus-5-5', display_name: 'Opus' } });
  const env = { ...process.env, MODELPROXY_DIR: dir, NO_COLOR: '1' };

  const measure = (argv: string[], stdin?: string) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    let output = '';
    for (let i = 0; i < WARM + RUNS; i++) {
      const began = performance.now();
      const run = Bun.spawnSync(argv, { env, stdin: stdin === undefined ? 'ignore' : Buffer.from(stdin), stdout: 'pipe', stderr: 'pipe' });
      const took = performance.now() - began;
      if (run.exitCode !== 0) throw new Error(`${argv.join(' ')} exited ${run.exitCode}: ${run.stderr.toString()}`);
      output = run.stdout.toString();
      if (i < WARM) continue;
      wall.push(took);
      const usage = run.resourceUsage;
      cpu.push(usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1000 : NaN);
    }
    const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
    return { wall50: q(wall, 0.5), wall90: q(wall, 0.9), cpu50: q(cpu, 0.5), output };
  };

  const floor = measure([hello]);
  const rows: [string, ReturnType<typeof measure>][] = [
    ['hello-world (bare bun build --compile)', floor],
    ['modelproxy statusline (recorded db)', measure([binaries.modelproxy, 'statusline'], input)],
    ['modelproxy --help', measure([binaries.modelproxy, '--help'])],
    ['agentgw --help', measure([binaries.agentgw, '--help'])],
    ['mahjong --help', measure([binaries.mahjong, '--help'])],
  ];
  const ms = (x: number) => `${x.toFixed(1).padStart(6)} ms`;
  console.log(`${RUNS} runs each after ${WARM} warm-up runs; ${navigator.hardwareConcurrency} cores; bun ${Bun.version}`);
  console.log(`${'command'.padEnd(40)} ${'wall p50'.padStart(9)} ${'wall p90'.padStart(9)} ${'CPU p50'.padStart(9)}  wall / hello-world`);
  for (const [name, r] of rows) console.log(`${name.padEnd(40)} ${ms(r.wall50)} ${ms(r.wall90)} ${ms(r.cpu50)}  ${(r.wall50 / floor.wall50).toFixed(2)}x`);
  console.log(`statusline printed: ${rows[1]![1].output.trim()}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
