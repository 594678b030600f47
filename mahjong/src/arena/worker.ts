/** A worker thread of `mahjong arena --jobs N`: plays the games it is given, posting each record (run.ts). */
import { contestants } from './contestants';
import type { WorkerJob, WorkerMessage } from './run';

declare const self: Worker;

self.onmessage = async (e: MessageEvent<WorkerJob>) => {
  const post = (m: WorkerMessage) => self.postMessage(m);
  try {
    const { playOne } = contestants(e.data.setup);
    for (const g of e.data.games) post({ type: 'game', record: await playOne(g.seed, g.rotation, g.seats) });
    post({ type: 'done' });
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
