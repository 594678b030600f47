import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { drawLineup, LadderRunner } from '../../src/modules/ladder/runner';
import { LadderStore } from '../../src/modules/ladder/store';

const BOT = join(import.meta.dir, '../fixtures/mjai/bot.py');

describe('ladder runner: a match is rated only when every contestant played its own seats', () => {
  it('a match in which a bot failed (the strong AI finished its games) is not recorded, and the log names why without the bot\'s credentials', async () => {
    const store = new LadderStore(null);
    const errors: string[] = [];
    // The bot's command carries a token, as a ws:// bot's URL may: the log must not show it.
    const runner = new LadderRunner(store, {
      entrants: ['mjai:crasher', 'random'], intervalMs: 60_000, log: { info: () => {}, error: (m) => errors.push(m) },
      bots: { crasher: { command: `python3 ${BOT} crash --token=hunter2` } },
    });
    await runner.match();
    expect(store.matches).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('not recorded, a bot failed');
    expect(errors[0]).toContain('crash');
    expect(errors[0]).not.toContain('hunter2');
    await runner.stop();
  }, 60_000);

  it('a match of built-in AIs is recorded', async () => {
    const store = new LadderStore(null);
    const runner = new LadderRunner(store, { entrants: ['random', 'heuristic'], intervalMs: 60_000, log: { info: () => {}, error: (m) => { throw new Error(m); } } });
    await runner.match();
    expect(store.matches).toHaveLength(1);
    expect(store.matches[0]!.games).toHaveLength(4);
    await runner.stop();
  }, 60_000);
});

describe('ladder lineups', () => {
  it('seats every entrant in every match when there are fewer than four, and four different ones otherwise', () => {
    for (let i = 0; i < 300; i++) {
      const three = drawLineup(['random', 'heuristic', 'mjai:tsumo']);
      expect(three).toHaveLength(4);
      expect(new Set(three)).toEqual(new Set(['random', 'heuristic', 'mjai:tsumo']));
      const two = drawLineup(['random', 'strong']);
      expect(new Set(two)).toEqual(new Set(['random', 'strong']));
      const five = drawLineup(['a', 'b', 'c', 'd', 'e']);
      expect(new Set(five).size).toBe(4);
    }
  });
});
