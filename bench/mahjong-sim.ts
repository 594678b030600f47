/**
 * Full hanchan per second on one core, with random and with heuristic agents (the engine
 * driving every decision through state views and the 54-action interface).
 * Run: bun bench/mahjong-sim.ts [games]            (default 300 random, 60 heuristic)
 *      bun bench/mahjong-sim.ts --invariants 10000  (random games, invariants checked after every step)
 * Published figures for comparison: RiichiEnv (Rust) ~1,072 hanchan/s single thread; Mjx 57/s.
 */
import { cpus } from 'node:os';
import { HeuristicAgent, RandomAgent, type Agent } from '../mahjong/src/engine/ai';
import { Game } from '../mahjong/src/engine/game';
import { checkInvariants } from '../mahjong/src/engine/sim/invariants';
import { playGame } from '../mahjong/src/engine/sim/play';

const arg = process.argv.slice(2);
const hw = `${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, bun ${Bun.version}`;

function bench(label: string, games: number, make: (i: number) => Agent[]): void {
  playGame(make(0), { seed: 1 }); // warm-up
  let hands = 0;
  let steps = 0;
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    const g = playGame(make(i), { seed: 1000 + i });
    hands += g.log.length;
    steps += g.kyoku.events.length;
  }
  const s = (performance.now() - t0) / 1000;
  console.log(`${label.padEnd(10)} ${(games / s).toFixed(1).padStart(8)} hanchan/s  (${games} games, ${(hands / games).toFixed(2)} hands/game, ${(hands / s).toFixed(0)} hands/s)`);
  void steps;
}

function invariants(games: number): void {
  const t0 = performance.now();
  let steps = 0;
  for (let i = 0; i < games; i++) {
    const game = new Game({ seed: 50_000 + i, autoNextHand: true });
    const agents = [0, 1, 2, 3].map((s) => new RandomAgent(i * 4 + s + 1));
    while (!game.isOver()) {
      if (++steps > 1e9) throw new Error('runaway');
      const seat = game.actor();
      const legal = game.validActions(seat);
      const illegal = legal.length < 54 ? [...Array(54).keys()].find((a) => !legal.includes(a))! : -1;
      if (illegal >= 0 && game.step(seat, illegal).ok) throw new Error(`game ${50_000 + i}: illegal ${illegal} accepted`);
      if (!game.step(seat, agents[seat]!.decide(game.stateView(seat, { shallow: true }))).ok) throw new Error('legal action refused');
      const broken = checkInvariants(game);
      if (broken) throw new Error(`game ${50_000 + i}: ${broken}`);
    }
    if (game.scores.reduce((a, b) => a + b, 0) !== 100_000) throw new Error(`game ${50_000 + i}: final scores do not sum to 100,000`);
    if (i % 500 === 499) console.error(`${i + 1}/${games} games ok`);
  }
  console.log(`invariants: ${games} random games, ${steps} steps, all ok (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

console.log(hw);
if (arg[0] === '--invariants') invariants(Number(arg[1] ?? 10_000));
else {
  const n = Number(arg[0] ?? 300);
  bench('random', n, (i) => [0, 1, 2, 3].map((s) => new RandomAgent(i * 4 + s + 1)));
  bench('heuristic', Math.max(10, Math.round(n / 5)), () => [0, 1, 2, 3].map(() => new HeuristicAgent()));
}
