/**
 * Tables keyed by a hand's hash (hand-key.ts handKey: an integer below 2^53, its low bits
 * well mixed) for the expected-score model, on typed arrays instead of Maps: a Map of number keys
 * that are not 32-bit integers costs tens of nanoseconds per lookup and an allocation per entry,
 * and the model makes about thirty lookups per decision.
 */

/** Slot of `key` in a table of 2^bits slots (the key's low bits; `>>> 0` takes them modulo 2^32). */
const slotOf = (key: number, mask: number): number => (key >>> 0) & mask;

/**
 * A bounded cache of numbers that survives across decisions: each key has one slot, and a key met
 * later in the same slot replaces it. What it holds is a function of the key alone, so a replaced
 * entry only costs its recomputation.
 */
export class NumberSlotCache {
  private readonly keys: Float64Array;
  private readonly values: Float64Array;
  private readonly mask: number;

  constructor(bits: number) {
    this.keys = new Float64Array(1 << bits).fill(-1);
    this.values = new Float64Array(1 << bits);
    this.mask = (1 << bits) - 1;
  }

  /** The value of `key`, or −1 when it is not held (values are ≥ 0). */
  get(key: number): number {
    const i = slotOf(key, this.mask);
    return this.keys[i] === key ? this.values[i]! : -1;
  }

  set(key: number, value: number): void {
    const i = slotOf(key, this.mask);
    this.keys[i] = key;
    this.values[i] = value;
  }

  clear(): void {
    this.keys.fill(-1);
  }
}

/**
 * Key → number (not −1) for one decision: open addressing on one array (key + 1 at 2i, 0 for an
 * empty slot; the number at 2i + 1), grown when half full; −1 when absent.
 */
export class KeyIndex {
  private table = new Float64Array(64);
  private size = 0;

  get(key: number): number {
    const t = this.table, mask = (t.length >> 1) - 1, stored = key + 1;
    for (let i = slotOf(key, mask); ; i = (i + 1) & mask) {
      const k = t[i * 2]!;
      if (k === stored) return t[i * 2 + 1]!;
      if (k === 0) return -1;
    }
  }

  /** Adds `key` (not yet present) with `value`. */
  add(key: number, value: number): void {
    if (++this.size * 4 > this.table.length) this.grow();
    this.put(this.table, key + 1, value);
  }

  private put(t: Float64Array, stored: number, value: number): void {
    const mask = (t.length >> 1) - 1;
    let i = slotOf(stored - 1, mask);
    while (t[i * 2] !== 0) i = (i + 1) & mask;
    t[i * 2] = stored;
    t[i * 2 + 1] = value;
  }

  private grow(): void {
    const old = this.table;
    this.table = new Float64Array(old.length * 2);
    for (let j = 0; j < old.length; j += 2) if (old[j] !== 0) this.put(this.table, old[j]!, old[j + 1]!);
  }
}
