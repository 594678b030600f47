/**
 * Holds mock vendor streams open until the test releases them. A release lets every stream then
 * waiting go on; one that comes when none waits is kept for the next stream, so a test may release
 * as soon as it has seen the state it wanted, before or after the assistant's request arrived.
 */
export class Hold {
  private waiting: Array<() => void> = [];
  private banked = 0;

  wait(): Promise<void> {
    if (this.banked > 0) {
      this.banked--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    if (this.waiting.length === 0) { this.banked++; return; }
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }
}
