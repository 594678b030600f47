/**
 * Tables keyed by a hand's hash (hand-ev.ts handKey: an integer below 2^53, its low bits
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

/** Key → index (≥ 0) for one decision: open addressing, grown when half full; −1 when absent. Keys are stored + 1 (0: empty slot). */
export class KeyIndex {
  private keys = new Float64Array(32);
  private values = new Int32Array(32);
  private size = 0;

  get(key: number): number {
    const keys = this.keys, mask = keys.length - 1, stored = key + 1;
    for (let i = slotOf(key, mask); ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === stored) return this.values[i]!;
      if (k === 0) return -1;
    }
  }

  /** Adds `key` (not yet present) with `value`. */
  add(key: number, value: number): void {
    if (++this.size * 2 > this.keys.length) this.grow();
    const keys = this.keys, mask = keys.length - 1;
    let i = slotOf(key, mask);
    while (keys[i] !== 0) i = (i + 1) & mask;
    keys[i] = key + 1;
    this.values[i] = value;
  }

  private grow(): void {
    const keys = this.keys, values = this.values;
    this.keys = new Float64Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    const mask = this.keys.length - 1;
    for (let j = 0; j < keys.length; j++) {
      if (keys[j] === 0) continue;
      let i = slotOf(keys[j]! - 1, mask);
      while (this.keys[i] !== 0) i = (i + 1) & mask;
      this.keys[i] = keys[j]!;
      this.values[i] = values[j]!;
    }
  }
}
