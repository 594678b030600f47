import { describe, expect, it } from 'bun:test';
import type { Game } from '../../../src/engine/game';
import { formatKinds, parseTiles } from '../../../src/engine/rules';
import { discardIndex } from '../../../src/engine/table/actions';
import { ok, scenario } from './_scenario';

/** Every seat cuts the tile it drew and skips every answer, until the hand ends. */
function tsumogiriToTheEnd(g: Game): void {
  while (g.phase < 16) {
    const seat = g.actor();
    if (g.phase >= 4) { ok(g, seat, 53); continue; }
    ok(g, seat, discardIndex(g.kyoku.drawn!));
    if (g.kyoku.stage2) ok(g, seat, 52);
  }
}

const isYaochuu = (kind: number) => kind >= 27 || kind % 9 === 0 || kind % 9 === 8;

describe('exhaustive draw', () => {
  it('tenpai seats receive 3,000 from the noten seats; a tenpai dealer keeps the seat', () => {
    const g = scenario({ hands: ['123m456p789s1122z', '147m258p369s1357z', '147m258p369s2467z', '258m147p147s4567z'] });
    tsumogiriToTheEnd(g);
    expect(g.kyoku.tilesLeft).toBe(0);
    expect(g.kyoku.result).toMatchObject({ kind: 'ryuukyoku', ryuukyoku: 'exhaustive', renchan: true, deltas: [3000, -1000, -1000, -1000] });
    const ev = g.kyoku.result!.events[0]!;
    expect(ev.t === 'ryuukyoku' && ev.hands.map((h) => h !== null)).toEqual([true, false, false, false]);
  });

  it('nagashi mangan: a seat whose every discard was a terminal or honour, none called, is paid a mangan instead', () => {
    const hands = ['234m567p345s1122z', '147m258p369s1357z', '147m258p369s2467z', '258m147p147s4567z'] as const;
    const used = new Set<number>();
    for (const h of hands) parseTiles(h, used);
    const free = Array.from({ length: 136 }, (_, id) => id).filter((id) => !used.has(id));
    const yaochuu = free.filter((id) => isYaochuu(id >> 2));
    const simple = free.filter((id) => !isYaochuu(id >> 2));
    // Seat 1 draws at live positions 1, 5, 9, …: give it only terminals/honours, everyone else simples.
    const draws: number[] = [];
    for (let i = 0; i < 70; i++) draws.push((i % 4 === 1 ? yaochuu : simple).shift()!);
    expect(draws.every((id) => id !== undefined)).toBe(true);
    const g = scenario({ hands: [...hands], draws: draws.map((id) => formatKinds([id >> 2], false)).join('') });
    tsumogiriToTheEnd(g);
    expect(g.kyoku.players[1]!.river.every((r) => isYaochuu(r.tile >> 2))).toBe(true);
    // Non-dealer nagashi: like a mangan tsumo, dealer 4,000, the others 2,000; no tenpai payments.
    expect(g.kyoku.result).toMatchObject({ kind: 'ryuukyoku', ryuukyoku: 'nm', deltas: [-4000, 8000, -2000, -2000] });
  });
});
