import { describe, expect, it } from 'bun:test';
import type { Game } from '../../../src/engine/game';
import { formatKinds, parseTiles } from '../../../src/engine/rules';
import { discardIndex } from '../../../src/engine/table/actions';
import { ok, scenario } from './_scenario';

const NOTEN = ['247m258p368s1357z', '358m147p147s2467z', '469m369p257s1356z'];
// 123m 789p 234s with 11m and 99s: a shanpon on 1m/9s whose only yaku can be the last tile's.
const SHANPON = '123m789p234s11m99s';

/** A hand where seat `waiter` holds the shanpon and the last live tile (seat 1's last draw) is 1m. */
function lastTileIs1m(waiter: 1 | 2): Game {
  const hands = waiter === 1 ? [NOTEN[0]!, SHANPON, NOTEN[1]!, NOTEN[2]!] : [NOTEN[0]!, NOTEN[1]!, SHANPON, NOTEN[2]!];
  const used = new Set<number>();
  for (const h of hands) parseTiles(h, used);
  // No 1m or 9s is drawn before the last tile, so the waiter is never furiten nor offered a win early.
  const free = Array.from({ length: 136 }, (_, id) => id).filter((id) => !used.has(id) && id >> 2 !== 0 && id >> 2 !== 26);
  const draws = free.slice(0, 69).map((id) => formatKinds([id >> 2], false)).join('') + '1m';
  return scenario({ hands: hands as [string, string, string, string], draws });
}

/** Everyone cuts what it drew and skips every answer until the last live tile has been drawn. */
function playToLastDraw(g: Game): void {
  while (!(g.phase < 4 && g.kyoku.tilesLeft === 0)) {
    const seat = g.actor();
    if (g.phase >= 4) { ok(g, seat, 53); continue; }
    ok(g, seat, discardIndex(g.kyoku.drawn!));
    if (g.kyoku.stage2) ok(g, seat, 52);
  }
}

const yakuOf = (g: Game) => {
  const e = g.kyoku.result!.events[0]!;
  return e.t === 'agari' ? e.yaku.map((y) => y.id) : [];
};

describe('the last tile', () => {
  it('haitei: tsumo on the last live tile', () => {
    const g = lastTileIs1m(1);
    playToLastDraw(g);
    expect(g.actor()).toBe(1);
    expect(g.validActions(1)).toContain(50);
    ok(g, 1, 50);
    expect(yakuOf(g)).toEqual(expect.arrayContaining([0, 5]));
  });

  it('houtei: ron on the last discard, which may not be called', () => {
    const g = lastTileIs1m(2);
    playToLastDraw(g);
    ok(g, 1, discardIndex(g.kyoku.drawn!));
    expect(g.phase).toBe(6);
    expect(g.validActions(2)).toEqual([49, 53]);
    ok(g, 2, 49);
    expect(g.kyoku.result!.events[0]).toMatchObject({ t: 'agari', who: 2, fromWho: 1 });
    expect(yakuOf(g)).toContain(6);
  });
});
