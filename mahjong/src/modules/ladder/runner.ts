/**
 * `mahjong serve --ladder`: plays one duplicate match at a time (a random wall, four rotations)
 * between entrants drawn at random — built-in AIs and the configured mjai bots — in a worker
 * thread, so the server's requests never wait for the games, and records it (store.ts).
 */
import type { MjaiBots } from '../../mjai/config';
import { arenaSchedule, type GameRecord } from '../../engine/sim/arena';
import { inWorker } from '../../arena/run';
import { newWallSecret } from '../../engine/table/secure-wall';
import { type LadderStore } from './store';
import { matchOf } from './standings';
import { hideCredentials } from './credentials';
import { logText } from '../../server/log-text';

export interface LadderOptions {
  /** Contestant names: built-in AIs, `mjai:<name>` of configured bots. */
  entrants: string[];
  bots?: MjaiBots;
  /** Pause between matches. */
  intervalMs: number;
  log: { info(m: string): void; error(m: string): void };
}

const rand = (n: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % n;

/**
 * Four seats from the entrants: four different ones when there are four or more; with fewer, every
 * entrant sits and the seats left go to entrants drawn at random (no entrant waits for its first match).
 */
export function drawLineup(entrants: string[]): string[] {
  const pool = [...entrants];
  for (let i = pool.length - 1; i > 0; i--) { const j = rand(i + 1); [pool[i], pool[j]] = [pool[j]!, pool[i]!]; }
  if (pool.length >= 4) return pool.slice(0, 4);
  const lineup = [...pool];
  while (lineup.length < 4) lineup.push(pool[rand(pool.length)]!);
  return lineup;
}

export class LadderRunner {
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;

  constructor(private readonly store: LadderStore, private readonly o: LadderOptions) {}

  /** The walls of matches with external bots are derived from this (see ContestantSetup.wallKey). */
  private readonly wallKey = newWallSecret();

  start(): void {
    if (this.o.entrants.length < 2) throw new Error('the ladder needs at least two entrants');
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => { this.running = this.match().finally(() => { this.running = null; this.schedule(this.o.intervalMs); }); }, ms);
  }

  /** One match, recorded when it completes. */
  async match(): Promise<void> {
    const lineup = drawLineup(this.o.entrants);
    const seed = rand(2 ** 31);
    const records: GameRecord[] = [];
    const setup = { names: [...new Set(lineup)], bots: this.o.bots, maxRound: 1 as const, wallKey: this.wallKey };
    try {
      await inWorker({ setup, games: arenaSchedule(lineup, 1, seed) }, (r) => records.push(r));
    } catch (e) {
      this.o.log.error(hideCredentials(`ladder match ${lineup.join(', ')} failed: ${logText((e as Error).message, 400)}`));
      return;
    }
    if (this.stopped) return;
    // A bot that failed had the strong AI finish its games: the match would rate the strong AI
    // under the bot's name, so it is not recorded.
    const failed = records.flatMap((r) => r.replaced ?? []);
    if (failed.length > 0) {
      this.o.log.error(hideCredentials(`ladder: match ${lineup.join(', ')} not recorded, a bot failed: ${[...new Set(failed)].slice(0, 4).map((f) => logText(f, 400)).join('; ')}`));
      return;
    }
    records.sort((a, b) => a.rotation - b.rotation);
    this.store.add(matchOf(lineup, seed, records));
    this.o.log.info(`ladder: match ${this.store.matches.length} (${lineup.join(', ')}) recorded`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
