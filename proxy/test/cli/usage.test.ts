import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minimaxLegacy, minimaxCountsOnly, minimaxCookieError, shifted, zhipuQuota } from '../usage/fixtures';
import { configYaml } from '../usage/helpers';
import { anthropicError, json, messageOk, routes, startMock } from '../usage/mock-upstream';
import { cli, sandbox } from './helpers';

const GOOD = 'sk-cp-good-key-1234567890';
const LOW = 'sk-cp-low-key-0987654321';
const BAD = 'sk-cp-bad-key-abcdefghij';
const ZHIPU = 'zhipu-secret-key-zzzzzzzz';
const box = sandbox();
const mock = startMock(routes({
  'GET /v1/api/openplatform/coding_plan/remains': (req) => {
    const auth = req.headers.authorization;
    if (auth === `Bearer ${GOOD}`) return json(shifted(minimaxLegacy));
    if (auth === `Bearer ${LOW}`) return json(shifted(minimaxCountsOnly));
    return json(minimaxCookieError);
  },
  'POST /anthropic/v1/messages': () => anthropicError(401, 'authentication_error', 'invalid api key'),
  'GET /api/monitor/usage/quota/limit': () => json(shifted(zhipuQuota)),
  'POST /v1/messages': messageOk,
}));
afterAll(async () => {
  await mock.stop();
  box[Symbol.dispose]();
});

const minimax = (keys: { key: string; note?: string }[]) => ({ base_url: `${mock.url}/anthropic`, usage_adapter: 'minimax', api_keys: keys });
const zhipu = { base_url: `${mock.url}/api/anthropic`, usage_adapter: 'zhipu', api_keys: [{ key: ZHIPU, note: 'team' }] };
const cachePath = join(box.dir, 'usage-cache.json');

beforeEach(() => {
  if (existsSync(cachePath)) Bun.file(cachePath).delete();
});

describe('modelproxy usage', () => {
  it('prints the summary and exits 0 when every key is ok', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD, note: 'personal' }, { key: LOW }]), zhipu }));
    const r = await cli(['usage'], box.env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Usage (timeout 15s per key)');
    expect(lines).toContain('minimax');
    // Reset times are relative to the mock's answer, so a minute boundary may pass in between.
    expect(r.stdout).toMatch(/ {2}✓ #1 sk-c\*\*\*7890 \[personal\] {2}plan — {3}5h 96% · (3h 59m|4h 0m) {3}weekly 60% · (4d 23h 59m|5d 0h 0m)\n/);
    expect(r.stdout).toMatch(/ {2}✓ #2 sk-c\*\*\*4321 {2}plan — {3}5h 10% · /);
    expect(r.stdout).toMatch(/ {2}✓ #1 zhip\*\*\*zzzz \[team\] {2}plan pro {3}5h 76% · (2h 59m|3h 0m) {3}weekly 0% · (2d 1h 59m|2d 2h 0m)\n/);
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('a MODELPROXY_USAGE_TIMEOUT_MS no timer can hold falls back to 15 s instead of failing (and caching) every key', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }]) }));
    const r = await cli(['usage'], { ...box.env, MODELPROXY_USAGE_TIMEOUT_MS: '1e99' });
    expect([r.code, r.stdout.split('\n')[0]]).toEqual([0, 'Usage (timeout 15s per key)']);
    expect(JSON.parse(readFileSync(cachePath, 'utf8')).entries).toEqual({});
  });

  it('exits 1 when a key fails, shows the adapter error and the probe, and caches the failure', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }, { key: BAD, note: 'old' }]) }));
    const first = await cli(['usage'], box.env);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('  ✗ #2 sk-c***ghij [old]  minimax failed (status 1004: cookie is missing, log in again); probe: invalid key (HTTP 401: invalid api key)');
    const cache = readFileSync(cachePath, 'utf8');
    expect(cache).not.toContain(BAD);

    const before = mock.requests.length;
    const second = await cli(['usage'], box.env);
    expect(second.code).toBe(1);
    expect(second.stdout.split('\n')[1]).toBe('1 key(s) skipped — last check failed (recheck with: modelproxy usage --force)');
    expect(second.stdout).toMatch(/✗ #2 sk-c\*\*\*ghij \[old\] {2}cached failure \((\d+s|\d+m) ago\): minimax failed/);
    expect(second.stdout).toContain('recheck with: modelproxy usage --force');
    // Only the good key went out again.
    expect(mock.requests.slice(before).every((r) => r.headers.authorization === `Bearer ${GOOD}`)).toBe(true);

    const forced = await cli(['usage', '--force'], box.env);
    expect(forced.stdout).not.toContain('skipped');
    expect(mock.requests.slice(before).some((r) => r.headers.authorization === `Bearer ${BAD}`)).toBe(true);
  });

  it('prints JSON with masked keys and the version, and raw_lines only with --verbose', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD, note: 'personal' }]) }));
    const r = await cli(['usage', '--json'], box.env);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ ok: true, timeout: 15, skipped: 0, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(report.providers[0].keys[0]).toMatchObject({ index: 1, key: 'sk-c***7890', note: 'personal', ok: true, method: 'minimax coding plan' });
    expect(report.providers[0].keys[0].raw_lines).toBeUndefined();
    const verbose = JSON.parse((await cli(['usage', '--json', '--verbose'], box.env)).stdout);
    expect(verbose.providers[0].keys[0].raw_lines).toContainEqual(expect.stringMatching(/^5h window remaining 1444\/1500 \(reset \d\d-\d\d \d\d:\d\d\)$/));
  });

  it('prints verbose detail lines', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }]) }));
    const r = await cli(['usage', '--verbose'], box.env);
    expect(r.stdout).toContain('  ✓ key #1 (sk-c***7890)  minimax coding plan\n      model: MiniMax-M*\n      plan: ?\n      5h window remaining 1444/1500');
  });

  it('honours --time-format and rejects an unknown one with exit 2', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }]) }));
    const hours = await cli(['usage', '--time-format', 'minutes'], box.env);
    expect(hours.stdout).toMatch(/5h 96% · (239|240)m {3}weekly 60% · (7199|7200)m$/m);
    const bad = await cli(['usage', '--time-format', 'weeks'], box.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--time-format');
  });

  it('exits 2 with every bad path listed when the config is invalid', async () => {
    box.writeConfig('config_version: 1\nproviders:\n  a: { base_url: 42, api_keys: [] }\nroutes: { default: [{ match: ".*", provider: nope }] }\n');
    const r = await cli(['usage'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('providers.a.base_url');
    expect(r.stderr).toContain('providers.a.api_keys');
    expect(r.stdout).toBe('');
  });

  it('colours percentages only with FORCE_COLOR and never with NO_COLOR', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: LOW }]) }));
    const coloured = await cli(['usage'], { ...box.env, NO_COLOR: undefined, FORCE_COLOR: '1' });
    expect(coloured.stdout).toContain('\x1b[31m10%\x1b[39m');
    const plain = await cli(['usage'], { ...box.env, NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(plain.stdout).not.toContain('\x1b[');
  });

  it('never prints a plaintext key on stdout or stderr', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }, { key: BAD }]), zhipu }));
    for (const args of [['usage'], ['usage', '--verbose'], ['usage', '--json', '--verbose', '--force'], ['status', '--json']]) {
      const r = await cli(args, box.env);
      for (const key of [GOOD, BAD, ZHIPU]) {
        expect(r.stdout).not.toContain(key);
        expect(r.stderr).not.toContain(key);
      }
    }
  });
});

describe('modelproxy status', () => {
  it('reports a stopped server and nests the usage report under usage', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }]) }).replace('config_version: 1', 'config_version: 1\nserver: { port: 1 }'));
    const r = await cli(['status', '--json'], box.env);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.server).toMatchObject({ running: false, pid: null, health: null });
    expect(body.usage.providers[0].keys[0].key).toBe('sk-c***7890');
  });

  it('reports a running server found by its health answer', async () => {
    await using health = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => Response.json({ status: 'ok' }) });
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }]) }).replace('config_version: 1', `config_version: 1\nserver: { port: ${health.port} }`));
    const r = await cli(['status'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`server:  running at http://127.0.0.1:${health.port} (health ok)`);
    expect(r.stdout).toContain('Usage (timeout 15s per key)');
  });
});

describe('argument checking', () => {
  it('rejects an unknown option with exit 2 instead of ignoring it', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }]) }));
    const r = await cli(['usage', '--jsn'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option --jsn');
    expect(r.stdout).toBe('');
  });

  it('rejects a stray word after a command that takes none, with exit 2', async () => {
    box.writeConfig(configYaml({ minimax: minimax([{ key: GOOD }]) }));
    const r = await cli(['usage', 'extra'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unexpected argument extra');
    expect(r.stdout).toBe('');
    const nested = await cli(['config', 'path', 'x', 'y'], box.env);
    expect(nested.code).toBe(2);
    expect(nested.stderr).toContain('unexpected arguments x, y');
  });

  it('rejects an unknown command with exit 2', async () => {
    const r = await cli(['usgae'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown command usgae');
  });
});
