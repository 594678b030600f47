/**
 * Reading what arrives on a Redis channel or key that this server did not write itself. Anyone
 * who can reach the Redis can publish anything, and a pub/sub callback that throws is an uncaught
 * error that ends the process; so every message is checked against the schema of what is
 * published there, and anything else is dropped and logged (README, "Running more than one server").
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export interface WarnLog { warn(message: string): void }

/** Dropped messages are reported at most once per this long: a flood of them cannot flood the log. */
export const DROP_LOG_MS = 60_000;

/** `text` parsed as JSON if it matches `schema`; null if it does not. */
export function parseChecked<S extends TSchema>(schema: S, text: string): Static<S> | null {
  let value: unknown;
  try { value = JSON.parse(text); } catch { return null; }
  return Value.Check(schema, value) ? (value as Static<S>) : null;
}

/** Counts what was dropped and says so once, then at most once per DROP_LOG_MS with the count since. */
export class DropLog {
  private last = -Infinity;
  private unreported = 0;

  constructor(private readonly log: WarnLog | undefined, private readonly what: string, private readonly now: () => number = Date.now) {}

  drop(): void {
    this.unreported++;
    if (this.now() - this.last < DROP_LOG_MS) return;
    this.log?.warn(`ignored ${this.unreported} ${this.what} that did not match its schema (next report in ${DROP_LOG_MS / 1000} s at most)`);
    this.last = this.now();
    this.unreported = 0;
  }
}

/** A reader for one channel: the message, or null (dropped and counted). */
export function channelReader<S extends TSchema>(schema: S, drops: DropLog): (text: string) => Static<S> | null {
  return (text) => {
    const value = parseChecked(schema, text);
    if (value === null) drops.drop();
    return value;
  };
}
