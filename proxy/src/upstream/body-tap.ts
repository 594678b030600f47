import type { KeyMasker } from './key-mask';

/** Sees a copy of each chunk once the client has it (token accounting reads `usage` from it). */
export interface ChunkObserver {
  /** The first chunk was just passed on (time to first byte). */
  firstByte(): void;
  chunk(value: Uint8Array): void;
}

/** Who ended a body early: the upstream's read failed, or the client went away (cancelled it). */
export type BrokenBy = 'upstream' | 'client';

/**
 * Passes a body through chunk by chunk, as each arrives (no buffering), counting bytes; `done` runs
 * once when the body ends, breaks or the client goes away. An upstream failure after the headers
 * errors the client stream, which closes the connection: there is never a second upstream call
 * (test/server/mid-stream-break.test.ts: the client's read fails, the log has no stack trace).
 *
 * Only the first chunk is read before the client asks for it. The observer is shown a chunk only
 * at the next pull, i.e. after the client took it and asked for more, while the next upstream read
 * is pending: it never delays a byte.
 *
 * `masker` replaces the key that served wherever the vendor echoes it (key-mask.ts), in this same
 * pass: a second stream layer would cost every chunk another hop.
 */
export function tapBody(
  body: ReadableStream<Uint8Array> | null, done: (bytes: number, completed: boolean, brokenBy?: BrokenBy) => void, observer?: ChunkObserver, masker?: KeyMasker,
): ReadableStream<Uint8Array> | null {
  if (body === null) {
    done(0, true);
    return null;
  }
  const reader = body.getReader();
  // The first read starts now, while the response is still being set up, rather than at the
  // client's first pull: the first bytes (an SSE stream's message_start) go out sooner.
  const firstRead = reader.read();
  firstRead.catch(() => {}); // handled by the pull that awaits it
  let ahead: typeof firstRead | null = firstRead;
  let bytes = 0;
  let finished = false;
  let seen: Uint8Array | null = null;
  const show = () => {
    if (seen === null) return;
    const chunk = seen;
    seen = null;
    try {
      observer?.chunk(chunk);
    } catch {
      // Accounting must never break the stream it reads.
    }
  };
  const finish = (completed: boolean, brokenBy?: BrokenBy) => {
    if (finished) return;
    finished = true;
    show();
    done(bytes, completed, brokenBy);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // A chunk that is all held back by the masker (the start of a key) gives nothing to send:
        // read on, as a pull that enqueues nothing is not called again.
        for (;;) {
          const read = ahead ?? reader.read();
          ahead = null;
          show();
          const { done: end, value } = await read;
          if (end) {
            const rest = masker?.flush() ?? null;
            if (rest !== null) {
              bytes += rest.byteLength;
              controller.enqueue(rest);
              seen = observer ? rest : null;
            }
            controller.close();
            finish(true);
            return;
          }
          const out = masker ? masker.push(value) : value;
          if (out.byteLength === 0) continue;
          const first = bytes === 0;
          bytes += out.byteLength;
          controller.enqueue(out);
          if (observer) {
            if (first) observer.firstByte();
            seen = out;
          }
          return;
        }
      } catch {
        finish(false, 'upstream');
        // Erroring the stream makes Bun abort the client's connection, so a truncated answer never
        // looks complete. Bun prints the reason it is given (an Error with its stack and a code
        // frame); `undefined` prints nothing, and the one clear line is the `done` callback's log.
        controller.error(undefined);
      }
    },
    cancel(reason) {
      finish(false, 'client');
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
}
