/**
 * Reassembles the long connection's split payloads: a large event arrives as `sum` data frames
 * with the same `message_id`, numbered by `seq` from 0; the payload is their concatenation. Parts
 * of a message that never completes are dropped after `ttlMs`, and at most `maxPending` messages
 * wait at a time, so a misbehaving server cannot grow memory without bound.
 */
export class FragmentBuffer {
  private readonly pending = new Map<string, { parts: Array<Uint8Array | undefined>; at: number }>();

  constructor(private readonly ttlMs = 10_000, private readonly maxPending = 256, private readonly now: () => number = Date.now) {}

  /**
   * Adds one part; returns the whole payload once every part is in, null while some are missing,
   * or an error text for parts that cannot belong to a message.
   */
  add(messageId: string, sum: number, seq: number, data: Uint8Array): Uint8Array | null | { error: string } {
    if (!Number.isInteger(sum) || sum < 1 || sum > 1024) return { error: `bad part count sum=${sum}` };
    if (!Number.isInteger(seq) || seq < 0 || seq >= sum) return { error: `bad part number seq=${seq} of sum=${sum}` };
    if (sum === 1) return data;
    if (!messageId) return { error: 'a split payload without message_id' };
    this.sweep();
    let entry = this.pending.get(messageId);
    if (entry && entry.parts.length !== sum) return { error: `message ${messageId}: sum changed from ${entry.parts.length} to ${sum}` };
    if (!entry) {
      if (this.pending.size >= this.maxPending) this.pending.delete(this.pending.keys().next().value!);
      entry = { parts: new Array(sum).fill(undefined), at: this.now() };
      this.pending.set(messageId, entry);
    }
    entry.parts[seq] = data;
    if (entry.parts.some((p) => p === undefined)) return null;
    this.pending.delete(messageId);
    const parts = entry.parts as Uint8Array[];
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  /** Messages still waiting for parts. */
  get size(): number {
    return this.pending.size;
  }

  clear(): void {
    this.pending.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.pending) if (now - entry.at > this.ttlMs) this.pending.delete(id);
  }
}
