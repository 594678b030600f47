import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RandomAgent } from '../../src/engine/ai';
import { parseMjlog } from '../../src/engine/game';
import { parseTiles } from '../../src/engine/notation';
import { PolicyAgent } from '../../src/policy/agent';
import { playGame } from '../../src/engine/sim/play';
import { samplesFromPaipu } from '../../src/policy/dataset';
import { FEATURE_NAMES, discardFeatures, type DiscardContext } from '../../src/policy/features';
import { parsePolicy, randomPolicy } from '../../src/policy/model';
import { accuracy, train } from '../../src/policy/train';
import { useTempDirs } from '@devhub/shared/testing';

const temp = useTempDirs(afterAll);

const SAMPLE = join(import.meta.dir, '../../samples/tenhou-2019060813gm-00a9-0000-08bb0ec3.xml');
const col = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

const ctx = (hand: string, extra: Partial<DiscardContext> = {}): DiscardContext => ({
  hand: parseTiles(hand), meldCount: 0, seen: new Array(34).fill(0), doraIndicators: [], seatWind: 0, roundWind: 0,
  threatRivers: [], drawn: null, ...extra,
});

describe('discard features', () => {
  it('marks an isolated honour as isolated and free, and breaking a set as a shanten loss', () => {
    // 123m 456p 789s 11z pair, 5s 6s, lone North (30) → discarding North keeps shanten.
    const rows = discardFeatures(ctx('123m456p56789s114z'), [0, 30]);
    expect(rows[1]![col('isolated')]).toBe(1);
    expect(rows[1]![col('honor')]).toBe(1);
    expect(rows[1]![col('shanten_loss')]).toBe(0);
    expect(rows[0]![col('shanten_loss')]).toBe(1);
  });

  it('sees genbutsu against a riichi player and value honours by seat wind', () => {
    const rows = discardFeatures(ctx('123m456p56789s112z', { threatRivers: [[28]], seatWind: 1 }), [28]);
    expect(rows[0]![col('genbutsu')]).toBe(1);
    expect(rows[0]![col('value_honor')]).toBe(1);
  });
});

describe('training data and training', () => {
  const samples = samplesFromPaipu(parseMjlog(readFileSync(SAMPLE, 'utf8')));

  it('takes every free discard of a real log with its label among the candidates', () => {
    expect(samples.length).toBeGreaterThan(200);
    for (const s of samples) {
      expect(s.label).toBeGreaterThanOrEqual(0);
      expect(s.label).toBeLessThan(s.rows.length);
      expect(s.rows.every((r) => r.length === FEATURE_NAMES.length)).toBe(true);
    }
  });

  it('agrees with the recorded discards more after training than before', () => {
    const before = accuracy(randomPolicy(8, 3), samples);
    const model = train(samples, { hidden: 8, epochs: 3, rate: 0.05, seed: 3 });
    expect(accuracy(model, samples)).toBeGreaterThan(before + 0.1);
  });
});

describe('policy files and the policy player', () => {
  it('refuses files with the wrong format, features or shapes', () => {
    expect(() => parsePolicy('nope')).toThrow(/not JSON/);
    expect(() => parsePolicy('{"format":"mahjong-policy-v1"}')).toThrow(/not a mahjong-policy-v1/);
    const p = randomPolicy(4, 1);
    expect(() => parsePolicy(JSON.stringify({ ...p, hidden: 5 }))).toThrow(/weights must be/);
    expect(() => parsePolicy(JSON.stringify({ ...p, features: ['x'] }))).toThrow(/features must be/);
    expect(parsePolicy(JSON.stringify(p)).hidden).toBe(4);
  });

  it('plays a whole game making only legal moves, the shipped model included', () => {
    const shipped = parsePolicy(readFileSync(join(import.meta.dir, '../../models/discard-policy.json'), 'utf8'));
    const game = playGame([new PolicyAgent(shipped), new RandomAgent(1), new PolicyAgent(randomPolicy(4, 2)), new RandomAgent(2)], { seed: 11, maxRound: 0 });
    expect(game.owari!.scores.reduce((a, b) => a + b, 0) + game.kyotaku * 1000).toBe(100_000);
  });
});

describe('mahjong train', () => {
  it('writes a loadable model file from a log', async () => {
    const out = join(temp.make('mahjong-train-'), 'model.json');
    await using proc = Bun.spawn(['bun', join(import.meta.dir, '../../src/cli/index.ts'), 'train', SAMPLE, '--out', out, '--epochs', '1', '--hidden', '4', '--evaluate', '4'], {
      stdout: 'pipe', stderr: 'pipe', env: { ...process.env, MAHJONG_DIR: temp.make('mahjong-home-') },
    });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(0);
    expect(stdout + stderr).toContain('avg place');
    const model = parsePolicy(readFileSync(out, 'utf8'));
    expect(model.trained_on!.samples).toBeGreaterThan(200);
  });
});
