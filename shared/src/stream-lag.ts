/**
 * Bounding what a server keeps for a stream's client that stops reading (an SSE tab left in the
 * background, a program that only connects): every later event would otherwise wait in memory for
 * it as long as it stays connected. Used by the proxy's dashboard stream and mahjong's game and
 * room streams. Imported as `@devhub/shared/stream-lag`.
 */

/** The queuing strategy that makes a stream's `desiredSize` minus the bytes waiting for its reader. */
export const countWaitingBytes = (): ByteLengthQueuingStrategy => new ByteLengthQueuingStrategy({ highWaterMark: 0 });

/**
 * Enqueues `bytes` on a stream made with countWaitingBytes. False when the stream is gone (its
 * client left) or its reader is now more than `maxLagBytes` behind: the stream is then errored,
 * which drops what waits at once and closes the client's connection — without a reason, which Bun
 * would print with its stack. A client that reconnects starts afresh.
 */
export function enqueueUnlessLagging(controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array, maxLagBytes: number): boolean {
  try {
    controller.enqueue(bytes);
  } catch {
    return false;
  }
  if ((controller.desiredSize ?? 0) >= -maxLagBytes) return true;
  controller.error(undefined);
  return false;
}
