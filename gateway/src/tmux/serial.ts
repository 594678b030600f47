/**
 * Runs tasks one after another per key. Keystrokes for one window go through here so two inputs
 * sent at once (two REST calls, or two WebSocket messages) are typed one after the other; without
 * it the second text landed during the first one's pause before Enter ("echo aecho b").
 * A failed task does not stop the ones queued behind it.
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests). */
  get size(): number { return this.tails.size; }
}
