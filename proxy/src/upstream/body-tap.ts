/**
 * Passes a body through chunk by chunk, as each arrives (no buffering), counting bytes; `done` runs
 * once when the body ends, breaks or the client goes away. An upstream failure after the headers
 * errors the client stream, which closes the connection: there is never a second upstream call.
 */
export function tapBody(body: ReadableStream<Uint8Array> | null, done: (bytes: number, completed: boolean) => void): ReadableStream<Uint8Array> | null {
  if (body === null) {
    done(0, true);
    return null;
  }
  const reader = body.getReader();
  let bytes = 0;
  let finished = false;
  const finish = (completed: boolean) => {
    if (finished) return;
    finished = true;
    done(bytes, completed);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          controller.close();
          finish(true);
          return;
        }
        bytes += value.byteLength;
        controller.enqueue(value);
      } catch (error) {
        finish(false);
        controller.error(error);
      }
    },
    cancel(reason) {
      finish(false);
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
}
