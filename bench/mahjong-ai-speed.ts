/**
 * AI speed before and after, in one process: hanchan per second on one core for the random,
 * heuristic and strong AIs of this tree and of a baseline commit (its mahjong/src and mahjong/models extracted with
 * `git archive` into a scratch folder inside the repo, so its imports resolve; removed at the end).
 * Passes alternate between the two trees over the same seeds; the figure is the median of the
 * measured passes after a warm-up pass each, by CPU time (steadier than wall clock on a shared
 * machine). Only playing is timed. It also checks that both trees play every measured game
 * identically (the speed work must not change a decision): a digest of each game's Tenhou XML,
 * written after the timing, must match.
 *
 * Run: bun bench/mahjong-ai-speed.ts [--baseline REV] [--games N] [--passes P] [--warmup W] [--only random,heuristic,strong]
 *      (defaults: baseline 9c42c6e, the tree before this round's AI speed work; N = 600/150/150 per AI; P = 3;
 *      W = N warm-up games per tree: the shanten group tables keep filling for a few thousand hanchan,
 *      so a larger W gives the rate of a long run)
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dir, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const baselineRev = arg('baseline', '9c42c6e');
const passes = Number(arg('passes', '3'));
const only = arg('only', 'random,heuristic,strong').split(',');
const gamesFor = (ai: string) => Number(arg('games', '0')) || (ai === 'random' ? 600 : 150);
const warmupFor = (ai: string) => Number(arg('warmup', '0')) || gamesFor(ai);

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
    make: (kind, seat, game) => (kind === 'random' ? new ai.RandomAgent(game * 4 + seat + 1) : kind === 'heuristic' ? new ai.HeuristicAgent() : new ai.StrongAgent()),
    play: sim.playGame,
  };
}

function pass(tree: Tree, ai: string, games: number, base: number): { rate: number; digests: string[] } {
  // Only play is timed: writing each record as Tenhou XML (for the identical-games check) is not
  // the AIs' or the engine's work, and was a sixth of a random hanchan.
  const played: Array<{ toMjlog(): string }> = [];
  const c0 = process.cpuUsage();
  for (let i = 0; i < games; i++) played.push(tree.play([0, 1, 2, 3].map((s) => tree.make(ai, s, i)), { seed: base + i }));
  const c = process.cpuUsage(c0);
  return { rate: games / ((c.user + c.system) / 1e6), digests: played.map((game) => Bun.hash(game.toMjlog()).toString(36)) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const scratch = join(ROOT, `mahjong/.bench-baseline-${process.pid}`);
mkdirSync(scratch, { recursive: true });
try {
  // The shipped models too: the strong AI imports its learned discard order from mahjong/models.
  let models = true;
  try { execFileSync('git', ['-C', ROOT, 'cat-file', '-e', `${baselineRev}:mahjong/models`], { stdio: 'ignore' }); } catch { models = false; }
  const tar = execFileSync('git', ['-C', ROOT, 'archive', baselineRev, 'mahjong/src', ...(models ? ['mahjong/models'] : [])], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', scratch], { input: tar });
  const before = await load(scratch, `baseline ${baselineRev}`);
  const after = await load(ROOT, 'this tree');
  console.log(`${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, bun ${Bun.version}; one core, CPU time, median of ${passes} alternated passes after a warm-up each`);
  for (const ai of only) {
    const games = gamesFor(ai);
    // Warm-up on other seeds: fills the shanten tables and lets the JIT's optimising tiers compile.
    pass(before, ai, warmupFor(ai), 500_000);
    pass(after, ai, warmupFor(ai), 500_000);
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
    console.log(`${ai.padEnd(10)} baseline ${rb.toFixed(1).padStart(7)} hanchan/s   this tree ${ra.toFixed(1).padStart(7)} hanchan/s   ratio ${(ra / rb).toFixed(2)}x   (${games} games per pass; ${differing ? `${differing} game records DIFFER` : 'identical game records'})`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
