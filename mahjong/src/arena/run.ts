/**
 * Runs the duplicate schedule of `mahjong arena` in this process (`jobs` 1) or spread over worker
 * threads, one per job, each taking whole walls (wall w goes to worker w mod jobs). Records are
 * put back in schedule order before the summary, so the report is the same for any `jobs` (only
 * its `seconds` differ).
 */
import { type ArenaReport, arenaSchedule, type GameRecord, summarize } from '../engine/sim/arena';
import { type ContestantSetup, contestants } from './contestants';

export interface ArenaRun extends ContestantSetup {
  lineup: string[];
  walls: number;
  seed: number;
  jobs: number;
  onGame?: (done: number, total: number, record: GameRecord) => void;
}

export type WorkerJob = { setup: ContestantSetup; games: { seed: number; rotation: number; seats: string[] }[] };
export type WorkerMessage = { type: 'game'; record: GameRecord } | { type: 'error'; message: string } | { type: 'done' };

export async function runArena(o: ArenaRun): Promise<{ records: GameRecord[]; report: ArenaReport }> {
  const schedule = arenaSchedule(o.lineup, o.walls, o.seed);
  const setup: ContestantSetup = { names: o.names, bots: o.bots, botTimeoutMs: o.botTimeoutMs, possibleActions: o.possibleActions, protocol: o.protocol, maxRound: o.maxRound };
  const started = performance.now();
  const records: GameRecord[] = [];
  const done = (r: GameRecord) => { records.push(r); o.onGame?.(records.length, schedule.length, r); };
  const jobs = Math.max(1, Math.min(o.jobs, o.walls));
  if (jobs === 1) {
    const { playOne } = contestants(setup);
    for (const g of schedule) done(await playOne(g.seed, g.rotation, g.seats));
  } else {
    await Promise.all(Array.from({ length: jobs }, (_, k) => inWorker({ setup, games: schedule.filter((g) => (g.seed - o.seed) % jobs === k) }, done)));
  }
  records.sort((a, b) => a.seed - b.seed || a.rotation - b.rotation);
  return { records, report: summarize(o.lineup, records, (performance.now() - started) / 1000) };
}

export function inWorker(job: WorkerJob, done: (r: GameRecord) => void): Promise<void> {
  // In the compiled binary (package.json "build") the worker is a second entry point, stored
  // under the entry points' common folder (src): arena/worker.js.
  const compiled = import.meta.url.includes('$bunfs');
  const worker = new Worker(compiled ? '/$bunfs/root/arena/worker.js' : new URL('./worker.ts', import.meta.url).href);
  return new Promise<void>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
      const m = e.data;
      if (m.type === 'game') done(m.record);
      else { worker.terminate(); if (m.type === 'done') resolve(); else reject(new Error(m.message)); }
    };
    let started = false;
    worker.onerror = (e) => {
      worker.terminate();
      // A binary built without the worker entry point (only src/cli/index.ts) cannot start it:
      // its games are played in this thread instead, with the same records.
      if (!started && /ModuleNotFound/.test(e.message)) void inThisThread(job, done).then(resolve, reject);
      else reject(new Error(`arena worker: ${e.message}`));
    };
    worker.addEventListener('message', () => { started = true; }, { once: true });
    worker.postMessage(job);
  });
}

async function inThisThread(job: WorkerJob, done: (r: GameRecord) => void): Promise<void> {
  const { playOne } = contestants(job.setup);
  for (const g of job.games) done(await playOne(g.seed, g.rotation, g.seats));
}
