import { describe, expect, it } from 'bun:test';
import { RandomAgent } from '../../../src/engine/ai';
import { Game } from '../../../src/engine/game';
import { checkRivers } from '../../../src/engine/sim/invariants';
import { RIVER_CALLED } from '../../../src/engine/table/player';
import { Kyoku } from '../../../src/engine/table/kyoku';
import { legalAt, legalCount, OptionSet } from '../../../src/engine/table/option-set';
import { selfOptions } from '../../../src/engine/table/options';
import { handSeed, rng, shuffledWall } from '../../../src/engine/table/wall';

/** Random self-play as playGame runs it (live action lists, no view read), calling `each` after every step. */
function play(seed: number, each: (g: Game) => void): Game {
  const game = new Game({ seed, autoNextHand: true });
  const agents = [0, 1, 2, 3].map((s) => new RandomAgent(seed * 4 + s + 1));
  while (!game.isOver()) {
    const seat = game.actor();
    expect(game.step(seat, agents[seat]!.pick(game.liveActions(seat))).ok).toBe(true);
    each(game);
  }
  return game;
}

describe('the table kept as flat state', () => {
  it('rivers kept as codes read back as the record says, also when nobody read them during the hand', () => {
    let hands = 0, called = 0;
    for (let seed = 1; seed <= 6; seed++) {
      let kyoku = null as Game['kyoku'] | null;
      play(seed, (g) => {
        // Read only at the end of each hand: the objects are built from the codes then.
        if (kyoku && kyoku !== g.kyoku) {
          expect(checkRivers(kyoku)).toBeNull();
          hands++;
          for (const p of kyoku.players) for (const r of p.river) if (r.called) called++;
        }
        kyoku = g.kyoku;
      });
    }
    expect(hands).toBeGreaterThan(40);
    expect(called).toBeGreaterThan(20);
  });

  it('a river array kept by a reader is the same array, brought up to date when read again', () => {
    const game = new Game({ seed: 3 });
    const agents = [0, 1, 2, 3].map((s) => new RandomAgent(s + 1));
    const river = game.kyoku.players[0]!.river;
    for (let i = 0; i < 12 && !game.kyoku.over; i++) {
      const seat = game.actor();
      game.step(seat, agents[seat]!.pick(game.liveActions(seat)));
    }
    expect(game.kyoku.players[0]!.river).toBe(river);
    expect(river.length).toBe(game.kyoku.players[0]!.riverCodes.length);
    expect(river.length).toBeGreaterThan(0);
  });

  it('the river check fails when a code or an object falls out of step with the record', () => {
    let broken = 0;
    play(2, (g) => {
      const p = g.kyoku.players.find((q) => q.riverCodes.length > 0 && !q.river.at(-1)!.called);
      if (!p || broken > 0) return;
      const i = p.riverCodes.length - 1;
      p.riverCodes[i] = p.riverCodes[i]! | RIVER_CALLED;
      expect(checkRivers(g.kyoku)).toMatch(/river code .* called true, the record false/);
      p.riverCodes[i] = p.riverCodes[i]! & ~RIVER_CALLED;
      p.river[i]!.tsumogiri = !p.river[i]!.tsumogiri;
      expect(checkRivers(g.kyoku)).toMatch(/river tile .* tsumogiri/);
      p.river[i]!.tsumogiri = !p.river[i]!.tsumogiri;
      expect(checkRivers(g.kyoku)).toBeNull();
      broken++;
    });
    expect(broken).toBe(1);
  });

  it('the live action list is refilled at each step; validActions hands out a copy that stays as it was', () => {
    const game = new Game({ seed: 5, autoNextHand: true });
    const agents = [0, 1, 2, 3].map((s) => new RandomAgent(s + 9));
    let changed = 0;
    let prev: { list: readonly number[]; was: string } | null = null;
    for (let i = 0; i < 400 && !game.isOver(); i++) {
      const seat = game.actor();
      const live = game.liveActions(seat);
      const copy = game.validActions(seat);
      expect(copy).toEqual([...live]);
      expect(copy).not.toBe(live);
      const kept = [...copy];
      // The seat on turn's list is the table's one array, refilled: one kept from an earlier turn changed.
      if (game.kyoku.phase < 4) {
        if (prev && prev.list === live && prev.was !== kept.join()) changed++;
        prev = { list: live, was: kept.join() };
      }
      // A fraction, a string-like or an out-of-range action is refused like any illegal one.
      for (const bad of [copy[0]! + 0.5, -1, 54, 64 + copy[0]!, NaN]) expect(game.step(seat, bad).ok).toBe(false);
      expect(game.step(seat, agents[seat]!.pick(live)).ok).toBe(true);
      expect(copy).toEqual(kept);
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('the options as bits: the count and the i-th action read from them are the list, at every step', () => {
    let steps = 0, answers = 0;
    play(7, (g) => {
      if (g.isOver()) return;
      const seat = g.actor();
      const list = g.validActions(seat);
      expect(legalCount(g.liveOptions(seat))).toBe(list.length);
      for (let i = 0; i < list.length; i++) expect(legalAt(g.liveOptions(seat), i)).toBe(list[i]!);
      expect(legalAt(g.liveOptions(seat), list.length)).toBe(-1);
      // Another seat has nothing to do now.
      expect(legalCount(g.liveOptions((seat + 1) % 4))).toBe(0);
      for (let a = 0; a < 54; a++) expect(g.kyoku.step((seat + 1) % 4, a).ok).toBe(false);
      if (g.kyoku.phase >= 4) answers++;
      steps++;
    });
    expect(steps).toBeGreaterThan(800);
    expect(answers).toBeGreaterThan(50);
  });

  it('the cached options are the options of the table as it is: after every step and at every recorded event', () => {
    let checked = 0;
    const fresh = (k: Kyoku) => {
      if (k.phase >= 4) return;
      const o = k.options();
      const want = selfOptions(k, k.phase, new OptionSet());
      expect([o.lo, o.hi, [...o.riichiDiscards].join()]).toEqual([want.lo, want.hi, want.riichiDiscards.join()]);
      checked++;
    };
    for (let hand = 0; hand < 40; hand++) {
      const pick = rng(hand + 1);
      // The observer reads the options in the middle of steps too (as the replay's analysis may).
      const k = new Kyoku({ round: 0, honba: 0, kyotaku: 0, oya: hand % 4, scores: [25000, 25000, 25000, 25000], wall: shuffledWall(handSeed(31, hand)), observer: (_e, t) => fresh(t as Kyoku) });
      while (!k.over) {
        const seat = k.actor();
        const acts = k.validActions(seat);
        expect(k.step(seat, acts[Math.floor(pick() * acts.length)]!).ok).toBe(true);
        fresh(k);
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('passed and discarded kinds are kept as bits: missed and discarded read them, a draw clears the passed ones, riichi keeps them', () => {
    let marked = 0;
    play(4, (g) => {
      for (const p of g.kyoku.players) {
        const missed = p.missed;
        for (let kind = 0; kind < 34; kind++) {
          const bit = kind < 27 ? (p.missedSuits >>> kind) & 1 : (p.missedHonours >>> (kind - 27)) & 1;
          expect(missed[kind]).toBe(bit === 1);
          if (bit) marked++;
        }
      }
      // Discarded kinds (permanent furiten) are bits too: exactly the kinds in the seat's river.
      for (const p of g.kyoku.players) {
        const inRiver = new Set(p.riverCodes.map((c) => (c & 0xff) >> 2));
        const discarded = p.discarded;
        for (let kind = 0; kind < 34; kind++) expect(discarded[kind]).toBe(inRiver.has(kind));
      }
      const k = g.kyoku;
      // The seat that just drew has passed nothing since, unless it is in riichi.
      if (k.phase < 4 && k.drawn !== null && !k.players[k.phase]!.riichi) {
        expect(k.players[k.phase]!.missedSuits | k.players[k.phase]!.missedHonours).toBe(0);
      }
    });
    expect(marked).toBeGreaterThan(1000);
  });
});
