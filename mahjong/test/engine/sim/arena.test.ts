import { describe, expect, it } from 'bun:test';
import { createAgent } from '../../../src/engine/ai';
import { clusterRatio, playArena, rotated } from '../../../src/engine/sim/arena';

const CLI = `${import.meta.dir}/../../../src/cli/index.ts`;

describe('arena (duplicate matches)', () => {
  it('plays each wall four times with the lineup rotated through every seat', () => {
    const { records, report } = playArena({
      lineup: ['strong', 'heuristic', 'heuristic', 'heuristic'], walls: 2, seed: 7, maxRound: 0,
      agent: (name, salt) => createAgent(name, salt),
    });
    expect(records).toHaveLength(8);
    for (const seed of [7, 8]) {
      const games = records.filter((g) => g.seed === seed);
      expect(games.map((g) => g.rotation)).toEqual([0, 1, 2, 3]);
      // The strong AI sat in each seat once on this wall.
      expect(games.map((g) => g.seats.indexOf('strong')).sort()).toEqual([0, 1, 2, 3]);
      for (const g of games) {
        expect(g.results.map((r) => r.place).sort()).toEqual([1, 2, 3, 4]);
        expect(g.results.reduce((a, r) => a + r.score, 0)).toBe(100_000);
      }
    }
    expect(report.games).toBe(8);
    expect(report.walls).toBe(2);
    const [strong, heuristic] = report.contestants;
    expect(strong!.name).toBe('strong');
    expect(strong!.seats).toBe(8);
    expect(heuristic!.seats).toBe(24);
    expect(strong!.places.reduce((a, b) => a + b, 0)).toBe(8);
    // Places of all seats average 2.5 exactly.
    expect((strong!.avgPlace.mean * 8 + heuristic!.avgPlace.mean * 24) / 32).toBeCloseTo(2.5, 10);
    for (const c of report.contestants) for (const e of [c.avgPlace, c.firstRate, c.lastRate, c.avgScore, c.winRate, c.dealInRate]) {
      expect(Number.isFinite(e.mean)).toBe(true);
      expect(e.ci95).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);

  it('rotates a lineup one seat per rotation', () => {
    expect(rotated(['a', 'b', 'c', 'd'], 0)).toEqual(['a', 'b', 'c', 'd']);
    expect(rotated(['a', 'b', 'c', 'd'], 1)).toEqual(['d', 'a', 'b', 'c']);
    expect(rotated(['a', 'b', 'c', 'd'], 3)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('gives a ratio with a cluster confidence interval', () => {
    expect(clusterRatio([2, 2, 2], [1, 1, 1])).toEqual({ mean: 2, ci95: 0 });
    const e = clusterRatio([1, 3], [1, 1]);
    expect(e.mean).toBe(2);
    expect(e.ci95).toBeCloseTo(1.96, 10);
  });

  it('mahjong arena --json prints the report', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'arena', '--ai', 'heuristic,random', '--games', '4', '--east-only', '--json'], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.games).toBe(4);
    expect(report.lineup).toEqual(['heuristic', 'random', 'random', 'random']);
    expect(report.contestants.map((c: { name: string; seats: number }) => [c.name, c.seats])).toEqual([['heuristic', 4], ['random', 12]]);
    expect(Object.keys(report.contestants[0].avgPlace)).toEqual(['mean', 'ci95']);
  }, 60_000);

  it('mahjong arena prints a table with every figure and its interval', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'arena', '--ai', 'heuristic,random', '--games', '4', '--east-only'], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(code).toBe(0);
    expect(stdout).toContain('lineup: heuristic, random, random, random — 1 walls × 4 rotations = 4 games');
    expect(stdout).toMatch(/^AI +seats +avg place +1st % +4th % +avg score +avg points +win % +deal-in %$/m);
    expect(stdout).toMatch(/^heuristic +4 +[\d.]+ ± [\d.]+ /m);
    expect(stdout).toMatch(/^random +12 +[\d.]+ ± [\d.]+ /m);
  }, 60_000);

  it('mahjong arena refuses a game count that is not a multiple of 4', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'arena', '--games', '6'], { stdout: 'pipe', stderr: 'pipe' });
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(2);
    expect(stderr).toContain('--games must be a positive multiple of 4');
  });
});
