/**
 * `record[key]` for a key that came from outside (a room, bot or command name, a field of an
 * uploaded log), or undefined: only the record's own entries count, never what every object
 * inherits (`constructor`, `toString`, `__proto__`).
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
