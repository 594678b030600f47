/**
 * The replay computations that take the CPU for a noticeable time (a whole game's steps, its
 * analysis, its review: 0.3–0.8 s for a hanchan): what the costly-work pool runs off the server's
 * thread (costly-pool.ts), by name, so a job can cross to a worker as plain data.
 */
import type { ReviewBody } from '../review/model';
import { reviewGame } from '../review/review';
import { parseMjlog } from '../../engine/mjlog/parse';
import type { AnalysisBody } from './analysis-model';
import type { StepsBody } from './model';
import { analysisFor, reviewFor, stepsFor } from './service';

export type CostlyJob =
  | { kind: 'steps'; body: StepsBody }
  | { kind: 'analysis'; body: AnalysisBody }
  | { kind: 'review'; body: ReviewBody }
  /** A stored game's review (history), from its Tenhou XML. */
  | { kind: 'stored-review'; mjlog: string };

export function runCostlyJob(job: CostlyJob): unknown {
  switch (job.kind) {
    case 'steps': return stepsFor(job.body);
    case 'analysis': return analysisFor(job.body);
    case 'review': return reviewFor(job.body);
    case 'stored-review': return reviewGame(parseMjlog(job.mjlog));
  }
}
