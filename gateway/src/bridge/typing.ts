/** Telegram shows "typing…" for about 5 s per sendChatAction, so it is sent again this often. */
const TYPING_REPEAT_MS = 4_000;

/**
 * The typing indicator: while a window's assistant is `working`, every chat bound to it shows
 * "typing…" (sent at once, then every 4 s), stopped when the status changes or the bridge stops.
 */
export class TypingIndicator {
  private readonly timers = new Map<string, ReturnType<typeof setInterval>>();

  constructor(private readonly send: (target: string) => Promise<void>, private readonly repeatMs = TYPING_REPEAT_MS) {}

  set(target: string, working: boolean): void {
    const running = this.timers.get(target);
    if (working === Boolean(running)) return;
    if (!working) {
      clearInterval(running);
      this.timers.delete(target);
      return;
    }
    void this.send(target);
    this.timers.set(target, setInterval(() => void this.send(target), this.repeatMs));
  }

  stopAll(): void {
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }
}
