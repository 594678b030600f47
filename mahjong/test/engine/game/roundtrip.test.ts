import { describe, expect, it } from 'bun:test';
import { HeuristicAgent, RandomAgent } from '../../../src/engine/ai';
import { parseMjlog } from '../../../src/engine/game';
import { playGame } from '../../../src/engine/sim/play';
import { verifyPaipu } from '../../../src/engine/verify/verify-paipu';

describe('simulated games → mjlog XML → parser → verify', () => {
  it('200 seeded games replay with zero mismatches, and the same seed replays the same game', () => {
    let hands = 0;
    let wins = 0;
    for (let i = 0; i < 200; i++) {
      const agents = [new HeuristicAgent(), new RandomAgent(i + 1), new HeuristicAgent(), new RandomAgent(i + 2)];
      const game = playGame(agents, { seed: 500 + i, maxRound: i % 4 === 0 ? 0 : 1 });
      const xml = game.toMjlog();
      const report = verifyPaipu(parseMjlog(xml));
      if (report.status !== 'ok') throw new Error(`seed ${500 + i}: ${report.status} ${report.firstMismatch}`);
      expect(report.handsOk).toBe(game.log.length);
      hands += report.hands;
      wins += game.log.filter((e) => e.result_type === 'agari').length;
      if (i < 3) {
        const again = playGame([new HeuristicAgent(), new RandomAgent(i + 1), new HeuristicAgent(), new RandomAgent(i + 2)], { seed: 500 + i, maxRound: i % 4 === 0 ? 0 : 1 });
        expect(again.toMjlog()).toBe(xml);
      }
    }
    expect(hands).toBeGreaterThan(1000);
    expect(wins).toBeGreaterThan(200);
  }, 120_000);
});
