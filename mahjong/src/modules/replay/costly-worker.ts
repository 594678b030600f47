/** A worker thread of the costly-work pool (costly-pool.ts): runs each job it is sent, answers with its result or its error. */
import { isAppError } from '@devhub/shared';
import { type CostlyJob, runCostlyJob } from './costly-jobs';
import type { CostlyAnswer } from './costly-pool';

declare const self: Worker;

self.onmessage = (e: MessageEvent<{ id: number; job: CostlyJob }>) => {
  let answer: CostlyAnswer;
  try {
    answer = { id: e.data.id, ok: true, value: runCostlyJob(e.data.job) };
  } catch (err) {
    // Anything but an AppError is a bug: it stays a plain error, which the server logs and answers 500 without internals.
    const error = isAppError(err)
      ? { code: err.code, status: err.status, message: err.message, details: err.details }
      : { code: '', status: 500, message: (err as Error).stack ?? String(err) };
    answer = { id: e.data.id, ok: false, error };
  }
  self.postMessage(answer);
};
