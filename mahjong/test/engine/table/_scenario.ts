/** Builds table scenarios from tile notation: hands, the live draws in order, dora. */
import { expect } from 'bun:test';
import { Game, type GameOptions } from '../../../src/engine/game';
import { parseTiles } from '../../../src/engine/rules';
import type { Wall } from '../../../src/engine/table/wall';

export interface ScenarioSpec {
  /** Four 13-tile hands in notation, seat order. */
  hands: [string, string, string, string];
  /** Live-wall draws in order after the deal (as notation, written order kept). */
  draws?: string;
  rinshan?: string;
  dora?: string;
  oya?: number;
}

export function scenarioWall(spec: ScenarioSpec): Wall {
  const used = new Set<number>();
  const oya = spec.oya ?? 0;
  const live: number[] = new Array(122).fill(-1);
  spec.hands.forEach((h, seat) => {
    const ids = parseTiles(h, used);
    if (ids.length !== 13) throw new Error(`hand ${seat} has ${ids.length} tiles`);
    const order = (seat - oya + 4) % 4;
    ids.forEach((id, i) => { live[order * 13 + i] = id; });
  });
  parseTiles(spec.draws ?? '', used).forEach((id, i) => { live[52 + i] = id; });
  const rinshan = parseTiles(spec.rinshan ?? '', used);
  const dora = parseTiles(spec.dora ?? '', used);
  // Fill with the unused tiles, honours last so filler draws rarely make calls possible.
  const rest = Array.from({ length: 136 }, (_, i) => i).filter((i) => !used.has(i));
  const fill = () => rest.shift()!;
  for (let i = 0; i < 122; i++) if (live[i] === -1) live[i] = fill();
  while (rinshan.length < 4) rinshan.push(fill());
  while (dora.length < 5) dora.push(fill());
  return { live, rinshan, dora, ura: [fill(), fill(), fill(), fill(), fill()] };
}

export function scenario(spec: ScenarioSpec): Game {
  const wall = scenarioWall(spec);
  return new Game({ seed: 1, wallFor: () => wall });
}

/** A game whose hands use the given scenarios in turn, starting from `start`. */
export function scenarioGame(specs: ScenarioSpec[], start: GameOptions['start']): Game {
  const walls = specs.map(scenarioWall);
  return new Game({ seed: 1, start, wallFor: (i) => walls[i]! });
}

/** One tile of notation as a discard index (red `0m` → 34). */
export function idx(tile: string): number {
  const id = parseTiles(tile)[0]!;
  if (id === 16) return 34;
  if (id === 52) return 35;
  if (id === 88) return 36;
  return id >> 2;
}

export function ok(g: Game, seat: number, action: number): void {
  const r = g.step(seat, action);
  if (!r.ok) throw new Error(`step(${seat}, ${action}) → ${r.code}; valid ${JSON.stringify(g.validActions(seat))}, phase ${g.phase}`);
  expect(r.ok).toBe(true);
}

/** Everyone answering the current discard skips, until a self phase. */
export function passAll(g: Game): void {
  while (g.phase >= 4 && g.phase < 16) ok(g, g.actor(), 53);
}

/** `seat` discards `tile` (cancelling a riichi prompt) and all answers are skipped. */
export function discard(g: Game, seat: number, tile: string): void {
  ok(g, seat, idx(tile));
  if (g.kyoku.stage2) ok(g, seat, 52);
  passAll(g);
}
