/**
 * Runs the costly replay computations (costly-jobs.ts) on a worker thread, one at a time, so the
 * server's own thread keeps answering while a game is analysed or reviewed: on that thread eight
 * concurrent reviews held every other request, live games included, for two seconds, and a client
 * looping on them held the server (README "Security model"). At most `maxQueued` jobs wait; past
 * that the answer is 503 SERVER_BUSY with Retry-After, at once.
 */
import { AppError } from '@devhub/shared';
import { ServerBusy, TooManyJobsForClient } from '../../server/errors';
import { type CostlyJob, runCostlyJob } from './costly-jobs';

/** The client key of a request (create-limit.ts clientOf), or null when it is not limited. */
export type ClientOf = (request: Request, server: { requestIP(r: Request): { address: string } | null } | null) => string | null;

export type CostlyAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { code: string; status: number; message: string; details?: unknown } };

/** Jobs waiting behind the running one before new ones are turned away. */
export const MAX_QUEUED_JOBS = 16;
/** Jobs one client address may have running or waiting, so no one takes every place (the owner's machine: no limit). */
export const MAX_JOBS_PER_CLIENT = 4;


interface Pending { job: CostlyJob; client: string | null; resolve: (v: unknown) => void; reject: (e: unknown) => void }

export class CostlyPool {
  private worker: Worker | null = null;
  /** No worker could start (a binary built without its entry point): jobs run on this thread. */
  private inThread = false;
  private readonly queue: Pending[] = [];
  private running: (Pending & { id: number }) | null = null;
  private nextId = 1;

  /** Jobs running or waiting per client key. */
  private readonly perClient = new Map<string, number>();

  constructor(readonly maxQueued = MAX_QUEUED_JOBS, readonly maxPerClient = MAX_JOBS_PER_CLIENT) {}

  /** `client`: the key of the address the job is for (create-limit.ts clientOf); null: not limited. */
  run(job: CostlyJob, client: string | null = null): Promise<unknown> {
    if (client !== null && (this.perClient.get(client) ?? 0) >= this.maxPerClient) return Promise.reject(new TooManyJobsForClient(this.maxPerClient));
    if (this.queue.length >= this.maxQueued) return Promise.reject(new ServerBusy(this.queue.length));
    if (client !== null) this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    return new Promise((resolve, reject) => {
      const done = () => {
        if (client === null) return;
        const n = (this.perClient.get(client) ?? 1) - 1;
        if (n > 0) this.perClient.set(client, n); else this.perClient.delete(client);
      };
      this.queue.push({ job, client, resolve: (v) => { done(); resolve(v); }, reject: (e) => { done(); reject(e); } });
      this.pump();
    });
  }

  /** Ends the worker; jobs still waiting fail. */
  close(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.queue.splice(0)) p.reject(new ServerBusy(0));
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const next = this.queue.shift()!;
    if (this.inThread) {
      try { next.resolve(runCostlyJob(next.job)); } catch (e) { next.reject(e); }
      queueMicrotask(() => this.pump());
      return;
    }
    const worker = this.worker ?? this.start();
    if (!worker) { this.queue.unshift(next); this.pump(); return; }
    this.running = { ...next, id: this.nextId++ };
    worker.postMessage({ id: this.running.id, job: next.job });
  }

  private start(): Worker | null {
    // In the compiled binary (package.json "build") the worker is an entry point of its own,
    // stored under the entry points' common folder (src).
    const compiled = import.meta.url.includes('$bunfs');
    let worker: Worker;
    try {
      worker = new Worker(compiled ? '/$bunfs/root/modules/replay/costly-worker.js' : new URL('./costly-worker.ts', import.meta.url).href);
    } catch {
      this.inThread = true;
      return null;
    }
    (worker as Worker & { unref?: () => void }).unref?.();
    worker.onmessage = (e: MessageEvent<CostlyAnswer>) => {
      const done = this.running;
      if (!done || done.id !== e.data.id) return;
      this.running = null;
      const a = e.data;
      if (a.ok) done.resolve(a.value);
      else done.reject(a.error.code ? new AppError(a.error.code, a.error.status, a.error.message, a.error.details) : new Error(a.error.message));
      this.pump();
    };
    worker.onerror = (e) => {
      // A worker that cannot load (no entry point in this binary) or that died: run on this thread from now on.
      this.worker?.terminate();
      this.worker = null;
      this.inThread = true;
      const lost = this.running;
      this.running = null;
      if (lost) this.queue.unshift(lost);
      e.preventDefault?.();
      this.pump();
    };
    this.worker = worker;
    return worker;
  }
}
