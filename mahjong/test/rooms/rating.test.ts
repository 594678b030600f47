import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { counts, gamesFactor, rate, type Rating } from '../../src/rooms/rating';
import { ResultsDb } from '../../src/modules/rooms/results-db';

const temp = useTempDirs(afterAll);

describe('the R rating', () => {
  it('moves by 50 − 20 × place, corrected by the table average over 40, damped by games played and halved for East only', () => {
    const seats = [{ name: 'a', place: 1 }, { name: 'b', place: 4 }, { name: null, place: 2 }, { name: null, place: 3 }];
    const current = new Map<string, Rating>([['a', { name: 'a', rating: 1700, games: 100 }], ['b', { name: 'b', rating: 1500, games: 0 }]]);
    const [a, b] = rate(seats, current, 1);
    // Table average (1700 + 1500 + 1500 + 1500) / 4 = 1550.
    expect(a!.delta).toBe(Math.round(0.8 * (30 + (1550 - 1700) / 40) * 100) / 100);
    expect(a!.after).toBe(1700 + a!.delta);
    expect(a!.games).toBe(101);
    expect(b!.delta).toBe(-30 + 50 / 40);
    expect(rate(seats, current, 0)[1]!.delta).toBeCloseTo((-30 + 50 / 40) / 2, 1);
    expect(gamesFactor(400)).toBe(0.2);
    expect(gamesFactor(1000)).toBe(0.2);
  });

  it('counts only unseeded games with two humans or more', () => {
    const two = [{ name: 'a', place: 1 }, { name: 'b', place: 2 }, { name: null, place: 3 }, { name: null, place: 4 }];
    expect(counts(two, false)).toBe(true);
    expect(counts(two, true)).toBe(false);
    expect(counts([two[0]!, { name: null, place: 2 }, two[2]!, two[3]!], false)).toBe(false);
  });

  it('keeps ratings and results in SQLite across a reopen, and counts a game once', () => {
    const path = join(temp.make('mj-ratings-'), 'rooms.sqlite');
    const result = {
      id: 'g1', finishedAt: 1, maxRound: 1, seeded: false, names: ['a', 'b', null, null], bots: [null, null, 'strong', 'strong'],
      scores: [40000, 30000, 20000, 10000], points: [60, 10, -20, -50], placements: [1, 2, 3, 4], hands: 8, rated: true, mjlog: '<mjloggm/>',
    };
    const rater = (current: Map<string, Rating>) => rate([{ name: 'a', place: 1 }, { name: 'b', place: 2 }, { name: null, place: 3 }, { name: null, place: 4 }], current, 1);
    const db = new ResultsDb(path);
    expect(db.save(result, rater)!.ratings.map((c) => c.after)).toEqual([1530, 1510]);
    expect(db.save(result, rater)).toBeNull();
    db.close();
    const again = new ResultsDb(path);
    expect(again.top(10)).toEqual([{ name: 'a', rating: 1530, games: 1 }, { name: 'b', rating: 1510, games: 1 }]);
    expect(again.results(10, 0).results[0]!.ratings.length).toBe(2);
    expect(again.result('g1')!.mjlog).toBe('<mjloggm/>');
    again.close();
  });
});
