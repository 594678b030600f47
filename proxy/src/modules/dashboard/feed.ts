import { countWaitingBytes, enqueueUnlessLagging } from '@devhub/shared/stream-lag';
import type { RequestLogEntry } from '../../upstream/request-log';

/** Open dashboard streams at most (a local page needs one per tab): more is a leak or a loop. */
export const MAX_STREAMS = 32;
/**
 * Bytes of request lines that may wait for one stream's client (past what the sockets hold). A
 * client that stops reading (a stalled tab, a program that only connects) is dropped there: every
 * line would otherwise be kept for it as long as it stays connected. The page reconnects.
 */
export const MAX_STREAM_LAG_BYTES = 1024 * 1024;

/** Live subscribers of the request stream (the dashboard's SSE); a request line is handed to each. */
export class RequestFeed {
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();

  publish(entry: RequestLogEntry): void {
    for (const listener of this.listeners) listener(entry);
  }

  /** An SSE body that sends each request as `event: request`, with a comment every 15 s to keep proxies and browsers attached. */
  stream(signal: AbortSignal): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    let stop = () => {};
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        // The page reconnects when its stream is dropped.
        const send = (text: string) => {
          if (!enqueueUnlessLagging(controller, encoder.encode(text), MAX_STREAM_LAG_BYTES)) stop();
        };
        const listener = (entry: RequestLogEntry) => send(`event: request\ndata: ${JSON.stringify(entry)}\n\n`);
        const ping = setInterval(() => send(': keep-alive\n\n'), 15_000);
        stop = () => {
          clearInterval(ping);
          this.listeners.delete(listener);
          try {
            controller.close();
          } catch {
            // already closed
          }
        };
        this.listeners.add(listener);
        send(': connected\n\n');
        signal.addEventListener('abort', () => stop(), { once: true });
      },
      cancel: () => stop(),
    }, countWaitingBytes());
  }

  get size(): number {
    return this.listeners.size;
  }
}
