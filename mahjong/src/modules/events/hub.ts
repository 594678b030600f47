/** One server-sent-events fan-out per session: every subscriber gets every event, in order. */
import { countWaitingBytes, enqueueUnlessLagging } from '@devhub/shared/stream-lag';

export interface SseEvent {
  type: string;
  [key: string]: unknown;
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/**
 * Bytes that may wait for one stream's client beyond what the sockets hold (README, Security
 * model). A client that stops reading is dropped there: every later event would otherwise be
 * kept for it (a 4ai game at full speed sends about 6.7 MB a hanchan), and a 4ai game with no
 * reader left pauses. A page's EventSource reconnects by itself and starts from a snapshot.
 */
export const MAX_STREAM_LAG_BYTES = 1024 * 1024;

// Below Bun.serve's default 10 s idle timeout, so a quiet stream is never cut even without tuning.
export const HEARTBEAT_MS = 8_000;

export function formatEvent(event: SseEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

interface Subscriber {
  timer: ReturnType<typeof setInterval>;
  /** The step its first message showed: a later broadcast of that step or an earlier one is skipped. */
  from: number;
  /** Told once when the stream ends (closed by its client or the server). */
  onEnd?: () => void;
}

export class EventHub {
  private readonly subscribers = new Map<ReadableStreamDefaultController<Uint8Array>, Subscriber>();
  private readonly listeners = new Set<() => void>();

  get size(): number {
    return this.subscribers.size;
  }

  /** Called whenever the subscriber count changes (the 4-AI runner resumes on subscribe). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A text/event-stream body that starts with `first` (the snapshot, and `game_over` for a
   * finished game) and then carries every
   * broadcast. Comment lines every `heartbeatMs` keep proxies from closing an idle stream.
   * `from` is the step `first` shows (the session's step count): broadcasts of steps up to it are
   * already in `first` and are not sent again (with several servers an event can arrive late).
   * `onEnd` is called once when the stream ends, whoever ends it.
   */
  subscribe(first: SseEvent | SseEvent[], heartbeatMs = HEARTBEAT_MS, from = -1, onEnd?: () => void): ReadableStream<Uint8Array> {
    let ctrl: ReadableStreamDefaultController<Uint8Array> | undefined;
    const drop = () => {
      if (ctrl) this.remove(ctrl);
    };
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        ctrl = controller;
        controller.enqueue(encoder.encode(`retry: 2000\n${[first].flat().map(formatEvent).join('')}`));
        const timer = setInterval(() => this.send(controller, HEARTBEAT), heartbeatMs);
        this.subscribers.set(controller, { timer, from, onEnd });
        this.changed();
      },
      cancel: drop,
    }, countWaitingBytes());
  }

  /** Enqueues `bytes` for one subscriber; drops it when it is closed or too far behind. */
  private send(ctrl: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array): void {
    if (!enqueueUnlessLagging(ctrl, bytes, MAX_STREAM_LAG_BYTES)) this.remove(ctrl);
  }

  /** Sends `event` to every subscriber; with `seq` (the step it follows), only to those whose first message came before that step. */
  broadcast(event: SseEvent, seq = Number.POSITIVE_INFINITY): void {
    const bytes = encoder.encode(formatEvent(event));
    for (const [ctrl, sub] of [...this.subscribers]) if (seq > sub.from) this.send(ctrl, bytes);
  }

  /** Ends every stream (session deleted or expired). */
  close(): void {
    for (const ctrl of [...this.subscribers.keys()]) {
      this.remove(ctrl);
      try {
        ctrl.close();
      } catch {
        /* already closed by the client */
      }
    }
  }

  private remove(ctrl: ReadableStreamDefaultController<Uint8Array>): void {
    const sub = this.subscribers.get(ctrl);
    if (sub === undefined) return;
    clearInterval(sub.timer);
    this.subscribers.delete(ctrl);
    sub.onEnd?.();
    this.changed();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
