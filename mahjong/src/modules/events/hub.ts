/** One server-sent-events fan-out per session: every subscriber gets every event, in order. */
export interface SseEvent {
  type: string;
  [key: string]: unknown;
}

const encoder = new TextEncoder();

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
        const timer = setInterval(() => {
          try {
            controller.enqueue(encoder.encode(': heartbeat\n\n'));
          } catch {
            drop();
          }
        }, heartbeatMs);
        this.subscribers.set(controller, { timer, from, onEnd });
        this.changed();
      },
      cancel: drop,
    });
  }

  /** Sends `event` to every subscriber; with `seq` (the step it follows), only to those whose first message came before that step. */
  broadcast(event: SseEvent, seq = Number.POSITIVE_INFINITY): void {
    const bytes = encoder.encode(formatEvent(event));
    for (const [ctrl, sub] of [...this.subscribers]) {
      if (seq <= sub.from) continue;
      try {
        ctrl.enqueue(bytes);
      } catch {
        this.remove(ctrl);
      }
    }
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
