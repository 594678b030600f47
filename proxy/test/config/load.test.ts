import { afterAll, describe, expect, it } from 'bun:test';
import { ConfigError } from '@devhub/shared';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MULTIMODAL_MODELS, isPlaceholderKey, loadProxyConfig, parseProxyConfig, PLACEHOLDER_KEY } from '../../src/config';
import { configPath, requestsLogPath, stateDir } from '../../src/config/paths';
import { tempDir, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

const problemsOf = (text: string): string[] => {
  try {
    parseProxyConfig(text);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('config was accepted');
};

const valid = `
providers:
  mm: { base_url: "http://127.0.0.1:1/anthropic", api_keys: [{ key: sk-1 }] }
routes:
  default: [{ match: ".*", provider: mm }]
`;

describe('config paths', () => {
  it('uses MODELPROXY_DIR, else ~/.modelproxy', () => {
    expect(stateDir({ MODELPROXY_DIR: '/x/y', HOME: '/h' })).toBe('/x/y');
    expect(stateDir({ HOME: '/h' })).toBe('/h/.modelproxy');
    expect(configPath('/d')).toBe('/d/config.yaml');
    expect(requestsLogPath('/d')).toBe('/d/requests.jsonl');
  });
});

describe('first run', () => {
  it('writes the commented default with placeholder keys, mode 0600, and loads it', () => {
    const file = configPath(tempDir());
    const config = loadProxyConfig(file);
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(text).toContain('# ');
    expect(text).toContain(PLACEHOLDER_KEY);
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 8765, auth_token: '' });
    expect(Object.values(config.providers).flatMap((p) => p.api_keys).every((k) => isPlaceholderKey(k.key))).toBe(true);
    expect(config.routes.default.at(-1)!.match).toBe('.*');
    expect(config.multimodal_models).toEqual(DEFAULT_MULTIMODAL_MODELS);
  });

  it('never overwrites an existing file', () => {
    const file = join(tempDir(), 'config.yaml');
    writeFileSync(file, valid);
    loadProxyConfig(file);
    expect(readFileSync(file, 'utf8')).toBe(valid);
  });

  it('can refuse to create', () => {
    expect(() => loadProxyConfig(join(tempDir(), 'config.yaml'), { create: false })).toThrow(ConfigError);
  });
});

describe('validation', () => {
  it('fills defaults and keeps key entries', () => {
    const config = parseProxyConfig(valid.replace('{ key: sk-1 }', '{ key: sk-1, note: team, organization: o, project: p }'));
    expect(config.providers.mm!.api_keys[0]).toEqual({ key: 'sk-1', note: 'team', organization: 'o', project: 'p' });
    expect(config.config_version).toBe(1);
  });

  it('server.auth_cooldown (seconds, > 0) and server.client_abort_grace (seconds, ≥ 0) have defaults and are checked', () => {
    expect(parseProxyConfig(valid).server).toMatchObject({ auth_cooldown: 1800, client_abort_grace: 30 });
    expect(parseProxyConfig(`server: { auth_cooldown: 60, client_abort_grace: 0 }\n${valid}`).server).toMatchObject({ auth_cooldown: 60, client_abort_grace: 0 });
    const problems = problemsOf(`server: { auth_cooldown: 0, client_abort_grace: -1 }\n${valid}`);
    expect(problems.filter((p) => p.startsWith('server.auth_cooldown')).length).toBe(1);
    expect(problems.filter((p) => p.startsWith('server.client_abort_grace')).length).toBe(1);
    expect(problemsOf(`server: { auth_cooldown: "half an hour" }\n${valid}`).some((p) => p.startsWith('server.auth_cooldown'))).toBe(true);
  });

  it('reports every schema problem at once with its path', () => {
    const problems = problemsOf(`
server: { port: 70000 }
providers:
  mm: { base_url: x, api_keys: [{ key: 5 }], usage_adapter: nope }
routes:
  timed: [{ match: a, provider: mm, schedule: { from: "25:00", to: "10:00" } }]
  default: []
`);
    expect(problems.some((p) => p.startsWith('server.port'))).toBe(true);
    expect(problems.some((p) => p.startsWith('providers.mm.api_keys[0].key'))).toBe(true);
    expect(problems.some((p) => p.startsWith('providers.mm.usage_adapter'))).toBe(true);
    expect(problems.some((p) => p.startsWith('routes.timed[0].schedule.from'))).toBe(true);
  });

  it('reports semantic problems: unknown provider, bad regex, bad zone, missing catch-all, non-loopback host', () => {
    const problems = problemsOf(`
server: { host: 0.0.0.0 }
providers:
  mm: { base_url: "ftp://x", api_keys: [{ key: k }] }
routes:
  timed: [{ match: a, provider: ghost, schedule: { days: [mon], from: "09:00", to: "18:00", tz: Mars/Olympus } }]
  default: [{ match: "(", provider: mm }]
`);
    expect(problems).toContain('routes.timed[0].provider: unknown provider "ghost" (configured: mm)');
    expect(problems.some((p) => p.startsWith('routes.timed[0].schedule.tz: unknown time zone "Mars/Olympus"'))).toBe(true);
    expect(problems.some((p) => p.startsWith('routes.default[0].match: invalid regular expression'))).toBe(true);
    expect(problems.some((p) => p.startsWith('routes.default: the last default route must be the catch-all'))).toBe(true);
    expect(problems.some((p) => p.startsWith('server.host: 0.0.0.0 is not a loopback address'))).toBe(true);
    expect(problems.some((p) => p.startsWith('providers.mm.base_url'))).toBe(true);
  });

  it('accepts fallback targets on a route, and names an unknown fallback provider by its path', () => {
    const config = parseProxyConfig(valid.replace('[{ match: ".*", provider: mm }]', '[{ match: ".*", provider: mm, fallback: [{ provider: mm, model: m2 }] }]'));
    expect(config.routes.default[0]!.fallback).toEqual([{ provider: 'mm', model: 'm2' }]);
    const problems = problemsOf(valid.replace('[{ match: ".*", provider: mm }]', '[{ match: ".*", provider: mm, fallback: [{ provider: mm }, { provider: ghost }, { model: x }] }]'));
    expect(problems).toContain('routes.default[0].fallback[1].provider: unknown provider "ghost" (configured: mm)');
    expect(problems.some((p) => p.startsWith('routes.default[0].fallback[2].provider'))).toBe(true);
  });

  it('accepts a non-loopback host when allow_remote is set', () => {
    expect(parseProxyConfig(`server: { host: 0.0.0.0, allow_remote: true }\n${valid}`).server.host).toBe('0.0.0.0');
  });

  it('rejects YAML syntax errors with a line number', () => {
    expect(problemsOf('providers: [unclosed')[0]).toMatch(/^line \d+/);
  });
});

describe('placeholder keys', () => {
  it.each([['YOUR_API_KEY', true], ['your_minimax_key', true], ['', true], ['sk-cp-...', true], ['sk-cp-abc123', false], ['YOURS', false]])(
    '%p → %p', (key, expected) => expect(isPlaceholderKey(key)).toBe(expected),
  );

  it('reports schema and semantic problems in one pass, and says how to write a bare-string key', () => {
    const problems = problemsOf([
      'providers:',
      '  mm: { base_url: "https://api.minimaxi.com/anthropic", api_keys: ["sk-bare-string-key-123456"] }',
      'routes: { default: [{ match: "(", provider: nowhere }] }',
    ].join('\n'));
    expect(problems).toContain('providers.mm.api_keys[0]: an entry of api_keys is an object: write { key: … } instead of a bare string');
    expect(problems.some((p) => p.startsWith('routes.default[0].provider: unknown provider "nowhere"'))).toBe(true);
    expect(problems.some((p) => p.startsWith('routes.default[0].match: invalid regular expression'))).toBe(true);
    expect(JSON.stringify(problems)).not.toContain('sk-bare-string-key-123456');
  });
});
