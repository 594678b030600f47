import { afterAll, describe, expect, it } from 'bun:test';
import { createLogger } from '@devhub/shared';
import { Database } from 'bun:sqlite';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestRecord } from '../../src/accounting/db';
import { AccountingStore, MAX_WAITING_ROWS } from '../../src/accounting/store';
import { RequestLog, type RequestLogEntry, ROTATE_BYTES, ROTATE_KEEP, WRITE_RETRY_MS } from '../../src/upstream/request-log';
import { removeTempDirs, tempDir } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

/** A logger whose warnings land in `lines`. */
function capturingLogger() {
  const lines: string[] = [];
  const log = createLogger('record-queues-test', 3);
  log.setReporters([{ log: (entry) => lines.push(entry.args.join(' ')) }]);
  return { log, lines };
}

/** A builder that counts its calls, for showing when a queue builds what it was given. */
function counting<T>(value: T) {
  const builder = Object.assign(() => { builder.calls++; return value; }, { calls: 0 });
  return builder;
}

const entry = (status: number): RequestLogEntry => ({
  time: '2026-11-26T00:00:00.000Z', path: '/v1/messages', model_in: 'm', model_out: 'm', route: 'default[0]', provider: 'p', key_index: 1,
  attempts: 1, status, stream: false, images_removed: 0, latency_ms: 1, bytes: 2, completed: true,
});

const row = (status: number): RequestRecord => ({
  time: 1, session: null, path: '/v1/messages', provider: 'p', key_index: 1, key_fp: null, route: 'default[0]', model_in: 'm', model_out: 'm',
  stream: false, status, attempts: 1, completed: true, input_tokens: null, output_tokens: null, cache_read_tokens: null, cache_write_tokens: null,
  latency_ms: 1, ttfb_ms: null, duration_ms: 1, bytes: 2,
});

describe('the request log queue', () => {
  it('builds a line queued as a function when it flushes, not when it is written', async () => {
    const path = join(tempDir('modelproxy-log-'), 'requests.jsonl');
    const log = new RequestLog(path, capturingLogger().log);
    const built = counting(entry(200));
    log.write(built);
    log.write(entry(201));
    expect(built.calls).toBe(0);
    await log.drain();
    expect(built.calls).toBe(1);
    expect(readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l).status)).toEqual([200, 201]);
    log.close();
  });

  it('starts on a new line after a torn last line (a write cut short), so no line is lost to it', async () => {
    const path = join(tempDir('modelproxy-log-'), 'requests.jsonl');
    writeFileSync(path, `${JSON.stringify(entry(199))}\n{"time":"2026-11-26T00:00:00.000Z","pa`);
    const log = new RequestLog(path, capturingLogger().log);
    log.write(entry(200));
    log.write(entry(201));
    await log.drain();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toBe('{"time":"2026-11-26T00:00:00.000Z","pa');
    expect(lines.slice(2, -1).map((l) => JSON.parse(l).status)).toEqual([200, 201]);
    // A whole file is left as it is.
    log.write(entry(202));
    log.close();
    const again = new RequestLog(path, capturingLogger().log);
    again.write(entry(203));
    await again.drain();
    again.close();
    expect(readFileSync(path, 'utf8').split('\n').slice(2, -1).map((l) => JSON.parse(l).status)).toEqual([200, 201, 202, 203]);
  });

  it('after a failed write drops lines for a while, then writes again and says how many were lost', async () => {
    // The folder is not there yet: every open fails, as on a full disk or an unmounted volume.
    const dir = join(tempDir('modelproxy-log-'), 'later');
    const path = join(dir, 'requests.jsonl');
    let clock = 1_000;
    const { log: logger, lines } = capturingLogger();
    const log = new RequestLog(path, logger, { rotateBytes: ROTATE_BYTES, keep: ROTATE_KEEP }, () => clock);
    log.write(entry(200));
    await log.drain();
    expect(lines.filter((l) => l.includes('requests log paused'))).toHaveLength(1);
    mkdirSync(dir);
    // Within the pause lines are dropped (and counted), with no second warning.
    log.write(entry(201));
    clock += WRITE_RETRY_MS - 1;
    log.write(entry(202));
    await log.drain();
    expect(existsSync(path)).toBe(false);
    clock += 1;
    log.write(entry(203));
    log.write(entry(204));
    await log.drain();
    expect(readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l).status)).toEqual([203, 204]);
    expect(lines.filter((l) => l.includes('requests log paused'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('writing again'))).toEqual([expect.stringContaining('3 line(s) were dropped')]);
    log.close();
  });

  it('turns itself off with one warning when a line cannot be built, and never throws', async () => {
    const path = join(tempDir('modelproxy-log-'), 'requests.jsonl');
    const { log: logger, lines } = capturingLogger();
    const log = new RequestLog(path, logger);
    log.write(() => { throw new Error('no line'); });
    await log.drain();
    log.write(entry(200));
    await log.drain();
    log.close();
    expect(lines.filter((l) => l.includes('requests log disabled'))).toHaveLength(1);
    expect(existsSync(path) ? readFileSync(path, 'utf8') : '').toBe('');
  });
});

describe('requests.jsonl rotation', () => {
  it('moves a full file to .1 (older ones up, the oldest dropped) and starts a new one, never splitting a line', async () => {
    const dir = tempDir('modelproxy-rotate-');
    const path = join(dir, 'requests.jsonl');
    const lineBytes = `${JSON.stringify(entry(200))}\n`.length;
    // Rotates once the file holds two lines; keeps two older files.
    const log = new RequestLog(path, capturingLogger().log, { rotateBytes: lineBytes * 2, keep: 2 });
    for (let status = 200; status < 207; status++) {
      log.write(entry(status));
      await log.drain();
    }
    log.close();
    const statuses = (file: string) => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l).status);
    expect(statuses(path)).toEqual([206]);
    expect(statuses(`${path}.1`)).toEqual([204, 205]);
    expect(statuses(`${path}.2`)).toEqual([202, 203]);
    expect(existsSync(`${path}.3`)).toBe(false);
    expect(statSync(`${path}.1`).mode & 0o777).toBe(0o600);
  });
});

describe('the accounting queue', () => {
  it('builds rows queued as functions when it writes them', () => {
    const path = join(tempDir('modelproxy-db-'), 'requests.db');
    const store = new AccountingStore(path, capturingLogger().log);
    const built = counting(row(200));
    store.record(built);
    store.record(row(201));
    expect(built.calls).toBe(0);
    store.close();
    expect(built.calls).toBe(1);
    const db = new Database(path, { readonly: true });
    expect(db.query('SELECT status FROM requests ORDER BY status').all()).toEqual([{ status: 200 }, { status: 201 }]);
    db.close();
  });

  it('keeps the rows when the database cannot be written and writes them once it can, dropping only the oldest past the bound', () => {
    // The folder is not there yet: the database cannot be created, as on a full disk.
    const dir = join(tempDir('modelproxy-db-'), 'later');
    const path = join(dir, 'requests.db');
    const { log, lines } = capturingLogger();
    const store = new AccountingStore(path, log);
    store.record(row(200));
    store.recordFailure({ time: 1, provider: 'p', key_index: 1, key_fp: 'fp', status: 429 });
    expect(() => store.flush()).not.toThrow();
    for (let i = 0; i < MAX_WAITING_ROWS; i++) store.record(row(201));
    store.record(row(202));
    mkdirSync(dir);
    store.flush(); // what the retry timer does after ACCOUNTING_RETRY_MS
    const db = new Database(path, { readonly: true });
    const counts = db.query('SELECT status, COUNT(*) AS n FROM requests GROUP BY status ORDER BY status').all();
    expect(db.query('SELECT status FROM key_failures').all()).toEqual([{ status: 429 }]);
    db.close();
    store.close();
    // The bound keeps the newest rows: the first two went.
    expect(counts).toEqual([{ status: 201, n: MAX_WAITING_ROWS - 1 }, { status: 202, n: 1 }]);
    expect(lines.filter((l) => l.includes('token accounting paused'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('writing again'))).toEqual([expect.stringContaining('2 row(s) were dropped')]);
    expect(lines.filter((l) => l.includes('disabled'))).toEqual([]);
  });

  it('turns accounting off, not paused, when the table refuses a row (it would at every try)', () => {
    const path = join(tempDir('modelproxy-db-'), 'requests.db');
    const { log, lines } = capturingLogger();
    const store = new AccountingStore(path, log);
    store.record({ ...row(200), path: null as unknown as string });
    expect(() => store.flush()).not.toThrow();
    store.close();
    expect(lines.filter((l) => /accounting/i.test(l))).toEqual([expect.stringContaining('token accounting disabled')]);
  });

  it('turns accounting off with one warning when a row cannot be built, and never throws', () => {
    const path = join(tempDir('modelproxy-db-'), 'requests.db');
    const { log, lines } = capturingLogger();
    const store = new AccountingStore(path, log);
    store.record(() => { throw new Error('no row'); });
    expect(() => store.flush()).not.toThrow();
    store.record(row(200));
    store.close();
    expect(lines.filter((l) => /accounting/i.test(l))).toHaveLength(1);
  });
});
