/**
 * AI speed before and after, in one process: hanchan per second on one core for the random,
 * heuristic and strong AIs of this tree and of a baseline commit (its mahjong/src and mahjong/models extracted with
 * `git archive` into a scratch folder inside the repo, so its imports resolve; removed at the end).
 * Passes alternate between the two trees over the same seeds; the figure is the median of the
 * measured passes after a warm-up pass each, by CPU time (steadier than wall clock on a shared
 * machine). Only playing is timed, and no game is kept alive while timing. It also checks that both
 * trees play every measured game identically (the speed work must not change a decision): a digest
 * of each game's Tenhou XML, from the same seeds played again after the timing, must match.
 *
 * Run: bun bench/mahjong-ai-speed.ts [--baseline REV] [--games N] [--passes P] [--warmup W] [--only random,heuristic,strong]
 *      (defaults: baseline 9c42c6e, the tree before this round's AI speed work; N = 600/150/150 per AI; P = 3;
 *      W = N warm-up games per tree: the shanten group tables keep filling for a few thousand hanchan,
 *      so a larger W gives the rate of a long run)
 *      [--opts JSON]: options for both trees' `strong` (a baseline ignores options it does not know)
 *      [--isolate R]: each tree plays in its own child process instead (R rounds, the order of the two
 *      trees alternating per round; each child warms up, then plays the P passes; the figure is the
 *      median of all R × P passes). In one process the two trees' code shares the JIT's profiles of
 *      the built-ins and the heap, and a tree measured against itself came out 0.97–1.33x depending
 *      on the AI, pass size and order; separate processes remove that bias (on this machine the
 *      same-tree ratio then stays within the pass-to-pass spread).
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { arg } from './cli-args';

const ROOT = join(import.meta.dir, '..');
const baselineRev = arg('baseline', '9c42c6e');
const passes = Number(arg('passes', '3'));
const only = arg('only', 'random,heuristic,strong').split(',');
const gamesFor = (ai: string) => Number(arg('games', '0')) || (ai === 'random' ? 600 : 150);
const warmupFor = (ai: string) => Number(arg('warmup', '0')) || gamesFor(ai);
const strongOpts = JSON.parse(arg('opts', '{}')) as Record<string, unknown>;

type Agent = { decide(view: unknown): number };
interface Tree {
  label: string;
  make: (ai: string, seat: number, game: number) => Agent;
  play: (agents: Agent[], opts: { seed: number }) => { toMjlog(): string };
}

async function load(dir: string, label: string): Promise<Tree> {
  const ai = await import(join(dir, 'mahjong/src/engine/ai/index.ts'));
  const sim = await import(join(dir, 'mahjong/src/engine/sim/play.ts'));
  return {
    label,
    make: (kind, seat, game) => (kind === 'random' ? new ai.RandomAgent(game * 4 + seat + 1) : kind === 'heuristic' ? new ai.HeuristicAgent() : new ai.StrongAgent('strong', strongOpts)),
    play: sim.playGame,
  };
}

function pass(tree: Tree, ai: string, games: number, base: number, records = true): { rate: number; digests: string[] } {
  // Only play is timed, and no game is kept while timing: a long run (a simulation, an arena)
  // keeps none either, and holding a pass's games alive made the collector's work about a fifth
  // of a random hanchan. The records for the identical-games check (each game's Tenhou XML) come
  // from playing the same seeds again afterwards, untimed: play is deterministic.
  const c0 = process.cpuUsage();
  for (let i = 0; i < games; i++) tree.play([0, 1, 2, 3].map((s) => tree.make(ai, s, i)), { seed: base + i });
  const c = process.cpuUsage(c0);
  const digests: string[] = [];
  if (records) for (let i = 0; i < games; i++) digests.push(Bun.hash(tree.play([0, 1, 2, 3].map((s) => tree.make(ai, s, i)), { seed: base + i }).toMjlog()).toString(36));
  return { rate: games / ((c.user + c.system) / 1e6), digests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The lowest and highest pass: a median is read with its range, never alone. */
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

const isolate = Number(arg('isolate', '0'));
const worker = arg('worker', '');

/** A child of `--isolate`: one tree, one AI; prints its pass rates and the measured games' digests. */
async function runWorker(dir: string): Promise<void> {
  const tree = await load(dir, dir);
  const ai = only[0]!;
  const games = gamesFor(ai);
  pass(tree, ai, warmupFor(ai), 500_000, false);
  const rates: number[] = [];
  const digests: string[] = [];
  for (let p = 0; p < passes; p++) {
    const r = pass(tree, ai, games, 1_000_000 + p * games);
    rates.push(r.rate);
    digests.push(...r.digests);
  }
  console.log(JSON.stringify({ rates, digests }));
}

/** Runs one child for `dir` (the same core: CPU affinity is inherited) and reads its answer. */
function child(dir: string, ai: string): { rates: number[]; digests: string[] } {
  const args = [import.meta.path, '--worker', dir, '--only', ai, '--passes', String(passes), '--games', String(gamesFor(ai)), '--warmup', String(warmupFor(ai)), '--opts', JSON.stringify(strongOpts)];
  const out = execFileSync(process.execPath, args, { maxBuffer: 1 << 26, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { rates: number[]; digests: string[] };
}

function isolated(dir: string, ai: string): void {
  const rates: Record<string, number[]> = { before: [], after: [] };
  let differing = 0;
  for (let r = 0; r < isolate; r++) {
    const first = r % 2 === 0 ? 'before' : 'after';
    const run = (which: string) => child(which === 'before' ? dir : ROOT, ai);
    const x = run(first);
    const y = run(first === 'before' ? 'after' : 'before');
    const [b, a] = first === 'before' ? [x, y] : [y, x];
    rates.before!.push(...b.rates);
    rates.after!.push(...a.rates);
    differing += a.digests.filter((d, i) => d !== b.digests[i]).length;
  }
  const rb = median(rates.before!), ra = median(rates.after!);
  console.log(`${ai.padEnd(10)} baseline ${rb.toFixed(1).padStart(7)} hanchan/s (${spread(rates.before!)})   this tree ${ra.toFixed(1).padStart(7)} hanchan/s (${spread(rates.after!)})   ratio ${(ra / rb).toFixed(2)}x   (${gamesFor(ai)} games per pass, ${isolate} × ${passes} passes in separate processes; ${differing ? `${differing} game records DIFFER` : 'identical game records'})`);
}

if (worker) {
  await runWorker(worker);
  process.exit(0);
}

const scratch = join(ROOT, `mahjong/.bench-baseline-${process.pid}`);
mkdirSync(scratch, { recursive: true });
try {
  // The shipped models too: the strong AI imports its learned discard order from mahjong/models.
  let models = true;
  try { execFileSync('git', ['-C', ROOT, 'cat-file', '-e', `${baselineRev}:mahjong/models`], { stdio: 'ignore' }); } catch { models = false; }
  const tar = execFileSync('git', ['-C', ROOT, 'archive', baselineRev, 'mahjong/src', ...(models ? ['mahjong/models'] : [])], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', scratch], { input: tar });
  if (isolate > 0) {
    console.log(`${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, bun ${Bun.version}; CPU time, a process per tree and round (${isolate} rounds, order alternating), median of all passes after a warm-up each`);
    for (const ai of only) isolated(scratch, ai);
  } else await inProcess(scratch);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** Both trees in this process, passes alternating (the default). */
async function inProcess(dir: string): Promise<void> {
  const before = await load(dir, `baseline ${baselineRev}`);
  const after = await load(ROOT, 'this tree');
  console.log(`${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, bun ${Bun.version}; one core, CPU time, median of ${passes} alternated passes after a warm-up each`);
  for (const ai of only) {
    const games = gamesFor(ai);
    // Warm-up on other seeds: fills the shanten tables and lets the JIT's optimising tiers compile.
    pass(before, ai, warmupFor(ai), 500_000, false);
    pass(after, ai, warmupFor(ai), 500_000, false);
    const rates: Record<string, number[]> = { before: [], after: [] };
    let differing = 0;
    for (let p = 0; p < passes; p++) {
      const seed = 1_000_000 + p * games;
      const b = pass(before, ai, games, seed);
      const a = pass(after, ai, games, seed);
      rates.before!.push(b.rate);
      rates.after!.push(a.rate);
      const differ = a.digests.findIndex((d, i) => d !== b.digests[i]);
      differing += a.digests.filter((d, i) => d !== b.digests[i]).length;
      if (differ >= 0) console.log(`  ${ai}: game with seed ${seed + differ} is played differently by the two trees (decisions changed)`);
    }
    const rb = median(rates.before!), ra = median(rates.after!);
    console.log(`${ai.padEnd(10)} baseline ${rb.toFixed(1).padStart(7)} hanchan/s (${spread(rates.before!)})   this tree ${ra.toFixed(1).padStart(7)} hanchan/s (${spread(rates.after!)})   ratio ${(ra / rb).toFixed(2)}x   (${games} games per pass; ${differing ? `${differing} game records DIFFER` : 'identical game records'})`);
  }
}
