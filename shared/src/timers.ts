/**
 * Waits that never outlive their use. A pending `Bun.sleep` keeps the process alive until it
 * fires, so a server that raced one against its work (a backoff, a close deadline) went on
 * running for the rest of that time after it was stopped.
 */

/** Resolves after `ms`, or at once when `signal` aborts (the timer is then cleared). */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** `work`'s outcome, or `late()`'s value once `ms` have passed first; the timer is cleared either way. */
export async function withDeadline<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<L>((resolve) => { timer = setTimeout(() => resolve(late()), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}
