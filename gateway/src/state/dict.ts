/**
 * A record keyed by what clients choose (channel ids, chat ids, window keys), with no prototype: on
 * a plain object `o['__proto__'] = v` replaces its prototype instead of adding a key (so the entry
 * is neither listed nor written to disk), and `o['constructor']` is found before it was ever set.
 * Here every string is just a key. `from`'s own keys are copied, `__proto__` included.
 */
export function dict<T>(from: Readonly<Record<string, T>> = {}): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, from);
}
