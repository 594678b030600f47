import type { Logger } from '@devhub/shared';
import { t } from 'elysia';
import { closeSync, openSync, writeSync } from 'node:fs';

/** One line of requests.jsonl: what happened, never what was said and never a key. */
export const RequestLogEntry = t.Object({
  time: t.String({ description: 'ISO 8601, when the request arrived' }),
  path: t.String(),
  model_in: t.Union([t.String(), t.Null()]),
  model_out: t.Union([t.String(), t.Null()]),
  route: t.Union([t.String(), t.Null()], { description: 'timed[i] or default[i]' }),
  provider: t.Union([t.String(), t.Null()]),
  key_index: t.Union([t.Integer(), t.Null()], { description: '1-based position in api_keys' }),
  attempts: t.Integer(),
  status: t.Integer(),
  stream: t.Boolean(),
  images_removed: t.Integer(),
  latency_ms: t.Number({ description: 'until the response headers were sent' }),
  bytes: t.Integer({ description: 'response body bytes sent to the client' }),
  completed: t.Boolean({ description: 'false when the body broke off (upstream failure or client gone)' }),
});
export type RequestLogEntry = typeof RequestLogEntry.static;

/** Appends JSON lines to one file; a line is written with one write() on an O_APPEND descriptor. */
export class RequestLog {
  private fd: number | null = null;
  private broken = false;

  constructor(private readonly path: string | null, private readonly log: Logger) {}

  write(entry: RequestLogEntry): void {
    if (this.path === null || this.broken) return;
    try {
      this.fd ??= openSync(this.path, 'a', 0o600);
      writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    } catch (error) {
      this.broken = true;
      this.log.warn(`requests log disabled: cannot write ${this.path}: ${(error as Error).message}`);
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
