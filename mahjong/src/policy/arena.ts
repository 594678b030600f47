/** Plays seeded games between named agents and counts placements per agent name. */
import { createAgent, type Agent } from '../engine/ai';
import { Game, stateView } from '../engine/game';

export interface PlacementRow {
  name: string;
  seats: number;
  places: [number, number, number, number];
  avgPlace: number;
}

export function playGame(agents: Agent[], seed: number, maxRound: 0 | 1 = 1): number[] {
  const game = new Game({ seed, maxRound, autoNextHand: true });
  for (let guard = 0; guard < 100_000 && !game.isOver(); guard++) {
    const seat = game.actor();
    if (seat < 0) { if (!game.nextHand()) break; continue; }
    const a = agents[seat]!;
    const action = a.pick ? a.pick(game.validActions(seat)) : a.decide(stateView(game, seat));
    if (!game.step(seat, action).ok) throw new Error(`${a.name} chose an illegal action ${action}`);
  }
  return game.owari?.scores ?? game.scores;
}

/** `games` games of `candidate` in a rotating seat against three `opponent` agents. */
export function arena(candidate: (seed: number) => Agent, opponent: string, games: number, seed = 1): PlacementRow[] {
  const rows = new Map<string, PlacementRow>();
  const row = (name: string) => rows.get(name) ?? rows.set(name, { name, seats: 0, places: [0, 0, 0, 0], avgPlace: 0 }).get(name)!;
  for (let g = 0; g < games; g++) {
    const seat = g % 4;
    const agents = [0, 1, 2, 3].map((s) => (s === seat ? candidate(seed + g) : createAgent(opponent, (seed + g) * 4 + s)));
    const scores = playGame(agents, seed + g);
    const order = [0, 1, 2, 3].sort((a, b) => scores[b]! - scores[a]! || a - b);
    order.forEach((s, place) => {
      const r = row(s === seat ? `${agents[s]!.name} (candidate)` : agents[s]!.name);
      r.seats++;
      r.places[place]!++;
    });
  }
  for (const r of rows.values()) r.avgPlace = r.places.reduce((sum, n, i) => sum + n * (i + 1), 0) / Math.max(1, r.seats);
  return [...rows.values()];
}

export function placementTable(rows: PlacementRow[]): string {
  const lines = ['AI                         seats   1st    2nd    3rd    4th   avg place'];
  for (const r of rows) {
    const pct = r.places.map((n) => `${((100 * n) / Math.max(1, r.seats)).toFixed(1)}%`.padStart(6));
    lines.push(`${r.name.padEnd(26)} ${String(r.seats).padStart(5)}  ${pct.join(' ')}   ${r.avgPlace.toFixed(3)}`);
  }
  return lines.join('\n');
}
