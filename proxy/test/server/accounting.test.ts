import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createLogger, writeFileAtomic } from '@devhub/shared';
import { Database } from 'bun:sqlite';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { stringify } from 'yaml';
import type { RequestRecord } from '../../src/accounting/db';
import { AccountingStore } from '../../src/accounting/store';
import { configPath, requestsDbPath, requestsLogPath } from '../../src/config/paths';
import { cli } from '../cli/helpers';
import { anthropicError, message, sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { configFor, harness, removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

const MM_KEY = 'sk-cp-accounting-mm-key-0001';
const ZP_KEY = 'zp-accounting-key-secret-0002';
const SESSION = '6f1c2a4e-1b2c-4d5e-8f90-0123456789ab';
const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

interface Reported { input_tokens: number; output_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number }
/** What the mock vendor reports for each client model. */
const REPORTED: Record<string, Reported> = {
  'claude-opus-5-5': { input_tokens: 1200, output_tokens: 321, cache_read_input_tokens: 45000, cache_creation_input_tokens: 3000 },
  'claude-haiku-5-5': { input_tokens: 77, output_tokens: 12, cache_read_input_tokens: 500, cache_creation_input_tokens: 0 },
  'claude-sonnet-5-5': { input_tokens: 10, output_tokens: 20, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
};

/**
 * An Anthropic stream reporting `usage`: input and cache tokens in message_start, the output in
 * message_delta, sent 7 bytes at a time so the usage frames arrive in pieces.
 */
function usageStream(usage: Reported): Response {
  const frames = sseFrames('accounted for');
  frames[0] = frame('message_start', { type: 'message_start', message: { ...message(''), content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } });
  frames[frames.length - 2] = frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  const bytes = encoder.encode(frames.join(''));
  return new Response(new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
      controller.close();
    },
  }), { headers: { 'content-type': 'text/event-stream' } });
}

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await startMockUpstream((r) => {
    const body = JSON.parse(r.body) as { model: string; stream?: boolean; messages: { content: string }[] };
    const client = body.messages[0]!.content;
    if (client === 'fail') return anthropicError(400, 'invalid_request_error', 'bad request');
    const usage = REPORTED[client]!;
    return body.stream ? usageStream(usage) : Response.json({ ...message('accounted for', body.model), usage });
  });
});
afterAll(async () => {
  await upstream.stop();
  removeTempDirs();
});

const config = (extra: Record<string, unknown> = {}) => ({
  config_version: 1,
  providers: {
    mm: { base_url: upstream.url, api_keys: [{ key: MM_KEY }] },
    zp: { base_url: upstream.url, api_keys: [{ key: ZP_KEY }] },
  },
  routes: { default: [{ match: 'haiku', provider: 'zp', model: 'glm-4.5-air' }, { match: 'opus', provider: 'mm', model: 'MiniMax-M2' }, { match: '.*', provider: 'mm' }] },
  ...extra,
});

/** The model named in the first message decides what the mock reports (the route may rewrite `model`). */
const ask = (url: string, model: string, options: { stream?: boolean; headers?: Record<string, string>; metadata?: unknown; say?: string } = {}) =>
  fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify({ model, max_tokens: 64, stream: options.stream ?? false, messages: [{ role: 'user', content: options.say ?? model }], ...(options.metadata ? { metadata: options.metadata } : {}) }),
  });

const stats = async (dir: string, args: string[]) => {
  const r = await cli(['stats', ...args], { HOME: dir, MODELPROXY_DIR: dir, TZ: 'UTC', NO_COLOR: '1' });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  for (const key of [MM_KEY, ZP_KEY]) expect(r.stdout).not.toContain(key);
  return r.stdout;
};

describe('token accounting (real serve process, mock vendors)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('modelproxy-accounting-');
    writeFileAtomic(configPath(dir), stringify(config({
      prices: { 'MiniMax-M2': { input: 0.3, output: 1.2, cache_read: 0.03 }, 'zp/glm-4.5-air': { input: 0.2, output: 1.1 } },
    })));
    const proxy = await spawnProxy(dir);
    try {
      const answers = [
        await ask(proxy.url, 'claude-opus-5-5', { stream: true, headers: { 'x-claude-code-session-id': SESSION } }),
        // Claude Code 2.x also names its session in metadata.user_id (a JSON text).
        await ask(proxy.url, 'claude-haiku-5-5', { metadata: { user_id: JSON.stringify({ device_id: 'd', account_uuid: '', session_id: SESSION }) } }),
        await ask(proxy.url, 'claude-sonnet-5-5', { stream: true }),
        await ask(proxy.url, 'claude-opus-5-5', { say: 'fail' }),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 400]);
      for (const a of answers) await a.text();
    } finally {
      // Stopping writes what is still queued.
      expect(await proxy.stop()).toBe(0);
    }
  }, 60_000);

  it('stats shows exactly the tokens the mock reported, streaming and JSON, cache reads and writes included', async () => {
    const report = JSON.parse(await stats(dir, ['--json']));
    const opus = REPORTED['claude-opus-5-5']!;
    const haiku = REPORTED['claude-haiku-5-5']!;
    const sonnet = REPORTED['claude-sonnet-5-5']!;
    const pick = (g: Record<string, unknown>) => ({ group: g.group, requests: g.requests, errors: g.errors, input_tokens: g.input_tokens, output_tokens: g.output_tokens, cache_read_tokens: g.cache_read_tokens, cache_write_tokens: g.cache_write_tokens });
    expect(report.groups.map(pick)).toEqual([
      { group: 'mm', requests: 3, errors: 1, input_tokens: opus.input_tokens + sonnet.input_tokens, output_tokens: opus.output_tokens + sonnet.output_tokens, cache_read_tokens: opus.cache_read_input_tokens, cache_write_tokens: opus.cache_creation_input_tokens },
      { group: 'zp', requests: 1, errors: 0, input_tokens: haiku.input_tokens, output_tokens: haiku.output_tokens, cache_read_tokens: haiku.cache_read_input_tokens, cache_write_tokens: 0 },
    ]);
    expect(pick(report.total)).toEqual({ group: 'total', requests: 4, errors: 1, input_tokens: 1287, output_tokens: 353, cache_read_tokens: 45500, cache_write_tokens: 3000 });
    for (const g of [...report.groups, report.total]) {
      expect(g.latency_p50_ms).toBeGreaterThan(0);
      expect(g.latency_p95_ms).toBeGreaterThanOrEqual(g.latency_p50_ms);
    }
  });

  it('prints the same figures as a table, exact and with thousands separators', async () => {
    const lines = (await stats(dir, [])).split('\n');
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `))!.trim().split(/\s{2,}/);
    expect(lines.find((l) => l.startsWith('provider '))!.trim().split(/\s{2,}/)).toEqual(['provider', 'requests', 'errors', 'input', 'output', 'cache read', 'cache write', 'p50 ms', 'p95 ms', 'cost USD']);
    expect(row('mm').slice(0, 7)).toEqual(['mm', '3', '1', '1,210', '341', '45,000', '3,000']);
    expect(row('zp').slice(0, 7)).toEqual(['zp', '1', '0', '77', '12', '500', '0']);
    expect(row('total').slice(0, 7)).toEqual(['total', '4', '1', '1,287', '353', '45,500', '3,000']);
    expect(lines.join('\n')).toContain('1 request(s) have no price for their model');
  });

  it('prices the requests whose upstream model has a price (provider/model first), and counts the rest', async () => {
    const report = JSON.parse(await stats(dir, ['--json', '--by', 'model']));
    const byModel = Object.fromEntries(report.groups.map((g: { group: string }) => [g.group, g]));
    // MiniMax-M2: 1200 × 0.3 + 321 × 1.2 + 45 000 × 0.03 + 3000 × 0.3 (cache writes at the input price) per million.
    expect(byModel['MiniMax-M2'].cost).toBeCloseTo(2995.2e-6, 9);
    expect(byModel['MiniMax-M2'].requests).toBe(2);
    expect(byModel['glm-4.5-air'].cost).toBeCloseTo((77 * 0.2 + 12 * 1.1 + 500 * 0.2) / 1e6, 9);
    expect(byModel['claude-sonnet-5-5']).toMatchObject({ cost: null, unpriced: 1 });
    expect(report.total.cost).toBeCloseTo(report.groups.reduce((n: number, g: { cost: number | null }) => n + (g.cost ?? 0), 0), 6);
    expect(report.currency).toBe('USD');
  });

  it('groups by key with the key masked, and by day', async () => {
    const byKey = JSON.parse(await stats(dir, ['--json', '--by', 'key']));
    expect(byKey.groups.map((g: { group: string; key: string }) => [g.group, g.key])).toEqual([['mm#1', 'sk-c***0001'], ['zp#1', 'zp-a***0002']]);
    const text = await stats(dir, ['--by', 'key']);
    expect(text).toContain('mm#1 sk-c***0001');
    const byDay = JSON.parse(await stats(dir, ['--json', '--by', 'day']));
    expect(byDay.groups.map((g: { group: string; requests: number }) => [g.group, g.requests])).toEqual([[new Date().toISOString().slice(0, 10), 4]]);
  });

  it('requests.jsonl carries the same tokens (an export)', () => {
    const lines = readFileSync(requestsLogPath(dir), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.model_in, l.input_tokens, l.output_tokens, l.cache_read_tokens, l.cache_write_tokens])).toEqual([
      ['claude-opus-5-5', 1200, 321, 45000, 3000],
      ['claude-haiku-5-5', 77, 12, 500, 0],
      ['claude-sonnet-5-5', 10, 20, 0, 0],
      ['claude-opus-5-5', undefined, undefined, undefined, undefined],
    ]);
  });

  it('records the Claude Code session from the header or from metadata.user_id, and time to first byte', () => {
    const db = new Database(requestsDbPath(dir), { readonly: true });
    try {
      const rows = db.query('SELECT model_in, session, stream, ttfb_ms, duration_ms, key_fp FROM requests ORDER BY id').all() as RequestRecord[];
      expect(rows.map((r) => [r.model_in, r.session])).toEqual([
        ['claude-opus-5-5', SESSION], ['claude-haiku-5-5', SESSION], ['claude-sonnet-5-5', null], ['claude-opus-5-5', null],
      ]);
      expect(rows[0]!.ttfb_ms).toBeGreaterThan(0);
      expect(rows[0]!.duration_ms).toBeGreaterThanOrEqual(rows[0]!.ttfb_ms!);
      expect(JSON.stringify(rows)).not.toContain(MM_KEY);

    } finally {
      db.close();
    }
  });

  it('rejects an unknown --by or --since (exit 2)', async () => {
    const env = { HOME: dir, MODELPROXY_DIR: dir };
    const by = await cli(['stats', '--by', 'colour'], env);
    expect(by.code).toBe(2);
    expect(by.stderr).toContain('--by (colour). Expected one of: provider, key, model, day');
    const since = await cli(['stats', '--since', 'yesterday'], env);
    expect(since.code).toBe(2);
    expect(since.stderr).toContain('--since yesterday: expected a span such as 30m, 24h, 7d, 2w');
  });
});

describe('retention and switching accounting off', () => {
  const DAY = 86_400_000;
  const row = (time: number): RequestRecord => ({
    time, session: null, path: '/v1/messages', provider: 'mm', key_index: 1, key_fp: null, route: 'default[2]', model_in: 'old', model_out: 'old',
    stream: false, status: 200, attempts: 1, completed: true, input_tokens: 1, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0,
    latency_ms: 1, ttfb_ms: 1, duration_ms: 1, bytes: 10,
  });

  it('serve deletes rows older than accounting.retention_days and keeps the rest', async () => {
    const dir = tempDir('modelproxy-retention-');
    writeFileAtomic(configPath(dir), stringify(config({ accounting: { retention_days: 7 } })));
    const earlier = new AccountingStore(requestsDbPath(dir), createLogger('test'));
    earlier.record(row(Date.now() - 10 * DAY));
    earlier.record(row(Date.now() - 3 * DAY));
    earlier.close();
    const proxy = await spawnProxy(dir);
    try {
      await (await ask(proxy.url, 'claude-sonnet-5-5')).text();
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
    const report = JSON.parse(await stats(dir, ['--json', '--since', '30d', '--by', 'model']));
    expect(report.groups.map((g: { group: string; requests: number }) => [g.group, g.requests])).toEqual([['claude-sonnet-5-5', 1], ['old', 1]]);
    const db = new Database(requestsDbPath(dir), { readonly: true });
    expect((db.query('SELECT count(*) AS n FROM requests WHERE time < ?').get(Date.now() - 7 * DAY) as { n: number }).n).toBe(0);
    db.close();
  }, 60_000);

  it('accounting.enabled: false records nothing in requests.db (requests.jsonl stays)', async () => {
    const dir = tempDir('modelproxy-no-accounting-');
    writeFileAtomic(configPath(dir), stringify(config({ accounting: { enabled: false } })));
    const proxy = await spawnProxy(dir);
    try {
      await (await ask(proxy.url, 'claude-opus-5-5', { stream: true })).text();
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
    expect(JSON.parse(await stats(dir, ['--json'])).total.requests).toBe(0);
    expect(await stats(dir, [])).toContain('no requests recorded in this period');
    expect(readFileSync(requestsLogPath(dir), 'utf8')).toContain('"model_in":"claude-opus-5-5"');
  }, 60_000);
});

describe('reading usage from a copy of the stream', () => {
  it('passes the stream through byte for byte and without waiting: the first frame arrives while the upstream holds the rest', async () => {
    const reported = REPORTED['claude-opus-5-5']!;
    const frames = sseFrames('held back');
    frames[0] = frame('message_start', { type: 'message_start', message: { ...message(''), content: [], usage: { ...reported, output_tokens: 1 } } });
    frames[frames.length - 2] = frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: reported.output_tokens } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let finished = false;
    const gated = await startMockUpstream(() => sseResponse([...frames, ''], async (i) => {
      if (i === 1) await held;
      if (i === frames.length) finished = true;
    }));
    const h = harness(configFor({ mm: { url: gated.url, keys: [MM_KEY] } }), { accounting: true });
    const server = h.listen();
    try {
      const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { 'x-claude-code-session-id': SESSION }, body: JSON.stringify({ model: 'claude-opus-5-5', stream: true, max_tokens: 5, messages: [] }) });
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toBe(frames[0]!);
      expect(finished).toBe(false);
      release();
      let rest = '';
      for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
      expect(first + rest).toBe(frames.join(''));
      h.accounting!.flush();
      // The database and SQLite's WAL and shared-memory files beside it: owner only.
      for (const suffix of ['', '-wal', '-shm']) {
        const file = `${requestsDbPath(h.dir)}${suffix}`;
        expect({ suffix, mode: existsSync(file) ? statSync(file).mode & 0o777 : 'missing' }).toEqual({ suffix, mode: 0o600 });
      }
      const db = new Database(requestsDbPath(h.dir), { readonly: true });
      const row = db.query('SELECT input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, session FROM requests').get();
      db.close();
      expect(row).toEqual({ input_tokens: 1200, output_tokens: 321, cache_read_tokens: 45000, cache_write_tokens: 3000, session: SESSION });
    } finally {
      await server.stop();
      h.accounting!.close();
      await gated.stop();
    }
  });

  it('names the session of a request that failed before any upstream answered', async () => {
    const h = harness(configFor(
      { mm: { url: 'http://127.0.0.1:9', keys: [MM_KEY] }, ph: { url: 'http://127.0.0.1:9', keys: ['YOUR_API_KEY'] } },
      { routes: { timed: [], default: [{ match: '^claude-opus', provider: 'mm' }, { match: '.*', provider: 'ph' }] } },
    ), { accounting: true });
    const server = h.listen();
    const send = (body: string, headers: Record<string, string> = { 'x-claude-code-session-id': SESSION }) => fetch(`${server.url}/v1/messages`, { method: 'POST', headers, body });
    try {
      const answers = [
        await send(JSON.stringify({ model: 'claude-opus-5-5', max_tokens: 5, messages: [] })),
        await send(JSON.stringify({ model: 'placeholder-model', messages: [], metadata: { user_id: JSON.stringify({ session_id: SESSION }) }, stream: false }), {}),
        await send(JSON.stringify({ model: 'gpt-x', messages: [] })),
        await send('{"model":'),
      ];
      const codes = [];
      for (const a of answers) codes.push(((await a.json()) as { error: { code: string } }).error.code);
      expect(codes).toEqual(['upstream_unreachable', 'no_usable_key', 'no_usable_key', 'invalid_json']);
      h.accounting!.flush();
      const db = new Database(requestsDbPath(h.dir), { readonly: true });
      const rows = db.query('SELECT status, session FROM requests ORDER BY id').all();
      db.close();
      expect(rows).toEqual([502, 502, 502, 400].map((status) => ({ status, session: SESSION })));
    } finally {
      await server.stop();
      h.accounting!.close();
    }
  });
});
