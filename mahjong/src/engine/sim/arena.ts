/**
 * Duplicate matches: every wall (seed) is played four times with the lineup rotated one seat each
 * time, so each contestant meets the same tiles from every seat and the luck of the deal cancels.
 * Figures are per contestant name (a name listed three times pools its three seats); confidence
 * intervals treat each wall's four games as one sample (they are not independent of each other).
 */
import type { Agent } from '../ai/types';
import type { Game } from '../game/game';
import { playGame } from './play';

export interface ArenaOptions {
  /** The four seats' contestant names in the first rotation. */
  lineup: string[];
  /** Walls to play; each is played four times (games = 4 × walls). */
  walls: number;
  seed: number;
  maxRound?: 0 | 1;
  /** A fresh agent for `name` in a game; `salt` differs per game and seat. */
  agent: (name: string, salt: number) => Agent;
  /** Called after each game (progress display). */
  onGame?: (done: number, total: number) => void;
}

/** One contestant's result in one game. */
export interface SeatResult {
  name: string;
  seat: number;
  place: number;
  score: number;
  points: number;
  hands: number;
  wins: number;
  dealIns: number;
}

export interface GameRecord {
  seed: number;
  rotation: number;
  /** Contestant name per seat 0–3. */
  seats: string[];
  results: SeatResult[];
  /** mjai bot seats given to the built-in AI during the game, and why (absent when none). */
  replaced?: string[];
  /** The same seats' numbers (0–3). */
  replacedSeats?: number[];
}

/** The duplicate schedule: wall w (seed + w) played in rotations 0–3, in this order. */
export function arenaSchedule(lineup: string[], walls: number, seed: number): { seed: number; rotation: number; seats: string[] }[] {
  const out: { seed: number; rotation: number; seats: string[] }[] = [];
  for (let w = 0; w < walls; w++) for (let r = 0; r < 4; r++) out.push({ seed: seed + w, rotation: r, seats: rotated(lineup, r) });
  return out;
}

/** A mean with its 95 % confidence half-width. */
export interface Estimate { mean: number; ci95: number }

export interface ContestantReport {
  name: string;
  /** Games played by this name, counting each seat it held. */
  seats: number;
  avgPlace: Estimate;
  firstRate: Estimate;
  lastRate: Estimate;
  /** Final score (25,000 start) and Tenhou points (uma/oka applied). */
  avgScore: Estimate;
  avgPoints: Estimate;
  /** Per hand played. */
  winRate: Estimate;
  dealInRate: Estimate;
  places: number[];
  /**
   * Its seats (games) that the strong AI finished after this contestant, an mjai bot, failed in
   * them: the figures above mix the bot's play with the strong AI's there.
   */
  replacedSeats: number;
}

export interface ArenaReport {
  lineup: string[];
  walls: number;
  games: number;
  hands: number;
  seconds: number;
  contestants: ContestantReport[];
  /** Games in which some mjai bot failed and the strong AI played its seat on (0: every figure is the contestants' own). */
  replacedGames: number;
}

/** The lineup of rotation r: contestant `lineup[(s + 4 - r) % 4]` sits in seat s. */
export const rotated = (lineup: string[], r: number): string[] => [0, 1, 2, 3].map((s) => lineup[(s + 4 - r) % 4]!);

export function seatResults(game: Game, names: string[]): SeatResult[] {
  const final = game.owari?.scores ?? game.scores;
  const order = [0, 1, 2, 3].sort((a, b) => final[b]! - final[a]! || a - b);
  return [0, 1, 2, 3].map((seat) => {
    let wins = 0, dealIns = 0;
    for (const e of game.log) {
      if (e.result_type !== 'agari') continue;
      if (e.winners.includes(seat)) wins++;
      if (e.losers.includes(seat)) dealIns++;
    }
    return {
      name: names[seat]!, seat, place: order.indexOf(seat) + 1, score: final[seat]!,
      points: game.owari?.points[seat] ?? 0, hands: game.log.length, wins, dealIns,
    };
  });
}

export function playArena(o: ArenaOptions): { records: GameRecord[]; report: ArenaReport } {
  if (o.lineup.length !== 4) throw new Error('invariant: an arena lineup has four seats');
  const records: GameRecord[] = [];
  const started = performance.now();
  const total = o.walls * 4;
  for (let w = 0; w < o.walls; w++) {
    const seed = o.seed + w;
    for (let r = 0; r < 4; r++) {
      const seats = rotated(o.lineup, r);
      const agents = seats.map((name, s) => o.agent(name, seed * 16 + r * 4 + s));
      const game = playGame(agents, { seed, maxRound: o.maxRound ?? 1 });
      records.push({ seed, rotation: r, seats, results: seatResults(game, seats) });
      o.onGame?.(records.length, total);
    }
  }
  return { records, report: summarize(o.lineup, records, (performance.now() - started) / 1000) };
}

/**
 * Ratio estimate Σx/Σn over clusters (walls) with its 95 % interval from the cluster variance:
 * var = Σ(x_g − r·n_g)² / (G(G−1) n̄²).
 */
export function clusterRatio(xs: number[], ns: number[]): Estimate {
  const G = xs.length;
  const X = xs.reduce((a, b) => a + b, 0), N = ns.reduce((a, b) => a + b, 0);
  if (N === 0) return { mean: 0, ci95: 0 };
  const r = X / N;
  if (G < 2) return { mean: r, ci95: 0 };
  const nbar = N / G;
  let ss = 0;
  for (let g = 0; g < G; g++) ss += (xs[g]! - r * ns[g]!) ** 2;
  return { mean: r, ci95: 1.96 * Math.sqrt(ss / (G * (G - 1)) / (nbar * nbar)) };
}

export function summarize(lineup: string[], records: GameRecord[], seconds: number): ArenaReport {
  const names = [...new Set(lineup)];
  const byWall = new Map<number, SeatResult[]>();
  for (const g of records) {
    const list = byWall.get(g.seed) ?? [];
    list.push(...g.results);
    byWall.set(g.seed, list);
  }
  const walls = [...byWall.values()];
  const contestants = names.map((name): ContestantReport => {
    const mine = walls.map((rs) => rs.filter((r) => r.name === name));
    const seatsPer = mine.map((rs) => rs.length);
    const handsPer = mine.map((rs) => rs.reduce((a, r) => a + r.hands, 0));
    const sum = (f: (r: SeatResult) => number) => mine.map((rs) => rs.reduce((a, r) => a + f(r), 0));
    const places = [0, 0, 0, 0];
    for (const rs of mine) for (const r of rs) places[r.place - 1]!++;
    return {
      name,
      seats: seatsPer.reduce((a, b) => a + b, 0),
      avgPlace: clusterRatio(sum((r) => r.place), seatsPer),
      firstRate: clusterRatio(sum((r) => (r.place === 1 ? 1 : 0)), seatsPer),
      lastRate: clusterRatio(sum((r) => (r.place === 4 ? 1 : 0)), seatsPer),
      avgScore: clusterRatio(sum((r) => r.score), seatsPer),
      avgPoints: clusterRatio(sum((r) => r.points), seatsPer),
      winRate: clusterRatio(sum((r) => r.wins), handsPer),
      dealInRate: clusterRatio(sum((r) => r.dealIns), handsPer),
      places,
      replacedSeats: records.reduce((a, g) => a + (g.replacedSeats ?? []).filter((seat) => g.seats[seat] === name).length, 0),
    };
  });
  return {
    lineup, walls: byWall.size, games: records.length,
    hands: records.reduce((a, g) => a + g.results[0]!.hands, 0), seconds, contestants,
    replacedGames: records.filter((g) => (g.replacedSeats?.length ?? 0) > 0).length,
  };
}

const pm = (e: Estimate, digits: number, scale = 1) => `${(e.mean * scale).toFixed(digits)} ± ${(e.ci95 * scale).toFixed(digits)}`;

export function arenaTable(r: ArenaReport): string {
  const w = Math.max(16, ...r.contestants.map((c) => c.name.length));
  const lines = [
    `lineup: ${r.lineup.join(', ')} — ${r.walls} walls × 4 rotations = ${r.games} games, ${r.hands} hands in ${r.seconds.toFixed(1)} s`,
    '(± = 95 % confidence interval, walls as samples)',
    '',
    `${'AI'.padEnd(w)} ${'seats'.padStart(6)}  ${'avg place'.padEnd(15)} ${'1st %'.padEnd(13)} ${'4th %'.padEnd(13)} ${'avg score'.padEnd(16)} ${'avg points'.padEnd(14)} ${'win %'.padEnd(13)} deal-in %`,
  ];
  for (const c of r.contestants) {
    lines.push(`${c.name.padEnd(w)} ${String(c.seats).padStart(6)}  ${pm(c.avgPlace, 3).padEnd(15)} ${pm(c.firstRate, 1, 100).padEnd(13)} ${pm(c.lastRate, 1, 100).padEnd(13)} ${pm(c.avgScore, 0).padEnd(16)} ${pm(c.avgPoints, 1).padEnd(14)} ${pm(c.winRate, 1, 100).padEnd(13)} ${pm(c.dealInRate, 1, 100)}`);
  }
  const tainted = r.contestants.filter((c) => c.replacedSeats > 0);
  if (tainted.length > 0) {
    lines.push('', `NOT THE BOTS' OWN FIGURES: in ${r.replacedGames} of ${r.games} games an mjai bot failed and the strong AI played its seat on`);
    for (const c of tainted) lines.push(`  ${c.name}: ${c.replacedSeats} of ${c.seats} seats`);
  }
  return lines.join('\n');
}
