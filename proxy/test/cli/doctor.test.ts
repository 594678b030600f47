import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { join } from 'node:path';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { configYaml } from '../usage/helpers';
import { anthropicError, messageOk, routes, startMock } from '../usage/mock-upstream';
import { cli, sandbox } from './helpers';

const GOOD = 'sk-ant-good-doctor-key-0001';
const BAD = 'sk-ant-bad-doctor-key-00002';
const box = sandbox('mp-doctor-');
const mock = startMock(routes({
  'POST /good/v1/messages': messageOk,
  'POST /bad/v1/messages': () => anthropicError(401, 'authentication_error', 'invalid x-api-key'),
  'POST /oai/v1/chat/completions': () => new Response(JSON.stringify({
    id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }), { headers: { 'content-type': 'application/json' } }),
}));
afterAll(async () => {
  await mock.stop();
  box[Symbol.dispose]();
});

/** A port nobody listens on, found by binding and releasing it. */
function freePort(): number {
  const s = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

const withPort = (yaml: string, port: number) => yaml.replace('config_version: 1\n', `config_version: 1\nserver: { port: ${port} }\n`);

describe('modelproxy doctor', () => {
  it('reports each check and probes every key of every routed provider with max_tokens 1; an unused placeholder provider is a note', async () => {
    // A home of its own: other tests write a settings.json into the shared one.
    using fresh = sandbox('mp-doctor-fresh-');
    const before = mock.requests.length;
    const yaml = stringify({
      config_version: 1,
      providers: {
        good: { base_url: `${mock.url}/good`, api_keys: [{ key: 'YOUR_API_KEY' }, { key: GOOD }, { key: BAD }] },
        bad: { base_url: `${mock.url}/bad`, api_keys: [{ key: BAD }] },
        spare: { base_url: `${mock.url}/spare`, api_keys: [{ key: 'YOUR_API_KEY' }] },
      },
      routes: { default: [{ match: '.*', provider: 'good', fallback: [{ provider: 'bad' }] }] },
    });
    fresh.writeConfig(withPort(yaml, freePort()));
    chmodSync(join(fresh.dir, 'config.yaml'), 0o600);
    const r = await cli(['doctor'], fresh.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^✓ config +.*3 provider\(s\), 5 key\(s\) \(2 placeholder\)/m);
    expect(r.stdout).toMatch(/^! keys good +2 key\(s\), 1 placeholder\(s\) skipped$/m);
    expect(r.stdout).toMatch(/^- keys spare +no route uses this provider \(every key is a placeholder\)$/m);
    expect(r.stdout).toMatch(/^✓ port +http:\/\/127\.0\.0\.1:\d+: free/m);
    expect(r.stdout).toMatch(/^! service +not installed/m);
    // No service installed: `service start` would only fail, so it is not offered.
    expect(r.stdout).toMatch(/^✓ port +.*start it with modelproxy serve\)$/m);
    expect(r.stdout).not.toContain('service start');
    expect(r.stdout).toMatch(/^! settings +.*settings\.json does not exist/m);
    expect(r.stdout).toMatch(/^✓ upstream good +POST \/v1\/messages with key #2: ok \(HTTP 200\)$/m);
    // Every key is probed, not only the first: key #3 of good is the bad one.
    expect(r.stdout).toMatch(/^✓ upstream good +POST \/v1\/messages with key #3: ok \(HTTP 200\)$/m);
    expect(r.stdout).toMatch(/^✗ upstream bad +POST \/v1\/messages with key #1: invalid key \(HTTP 401: invalid x-api-key\)$/m);
    expect(r.stdout).not.toContain('upstream spare');
    const sent = mock.requests.slice(before).filter((q) => q.path.endsWith('/v1/messages'));
    expect(sent.map((q) => JSON.parse(q.body).max_tokens)).toEqual([1, 1, 1]);
    const status = await cli(['status'], fresh.env);
    expect(status.stdout).toMatch(/^server: +not running \(.*; start with: modelproxy serve\)$/m);
    expect(sent.some((q) => q.path.startsWith('/spare'))).toBe(false);
    expect(r.stdout + r.stderr).not.toContain(GOOD);
  });

  it('probes a format: openai provider at its chat completions, with a Bearer key', async () => {
    using fresh = sandbox('mp-doctor-openai-');
    const before = mock.requests.length;
    fresh.writeConfig(withPort(stringify({
      config_version: 1,
      providers: { oai: { base_url: `${mock.url}/oai/v1`, format: 'openai', api_keys: [{ key: GOOD }] } },
      routes: { default: [{ match: '.*', provider: 'oai' }] },
    }), freePort()));
    chmodSync(join(fresh.dir, 'config.yaml'), 0o600);
    const r = await cli(['doctor'], fresh.env);
    expect(r.stdout).toMatch(/^✓ upstream oai +POST \/chat\/completions with key #1: ok \(HTTP 200\)$/m);
    const sent = mock.requests.slice(before);
    expect(sent.map((q) => q.path)).toEqual(['/oai/v1/chat/completions']);
    expect(sent[0]!.headers?.authorization ?? `Bearer ${GOOD}`).toBe(`Bearer ${GOOD}`);
  });

  it('warns about a config file others can read', async () => {
    using own = sandbox('mp-doctor-mode-');
    own.writeConfig(withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), freePort()));
    chmodSync(join(own.dir, 'config.yaml'), 0o644);
    const r = await cli(['doctor', '--offline'], own.env);
    expect(r.stdout).toMatch(/^! config +.*config\.yaml is readable by every user \(mode 644\) and holds keys; run: chmod 600 /m);
  });

  it('--offline makes no network request and passes when nothing fails', async () => {
    box.writeConfig(withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), freePort()));
    const before = mock.requests.length;
    const r = await cli(['doctor', '--offline'], box.env);
    expect(r.code).toBe(0);
    expect(mock.requests.length).toBe(before);
    expect(r.stdout).toContain('- upstreams');
  });

  it('fails the port check when a program that is not HTTP holds the port', async () => {
    const tcp = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { open(socket) { socket.end(); }, data() {} } });
    box.writeConfig(withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), tcp.port));
    const r = await cli(['doctor', '--offline'], box.env);
    tcp.stop(true);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^✗ port +http:\/\/127\.0\.0\.1:\d+: cannot listen there \(EADDRINUSE\)/m);
  });

  it('warns when another HTTP server answers on the port', async () => {
    await using other = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('nope', { status: 404 }) });
    box.writeConfig(withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), other.port!));
    const r = await cli(['doctor', '--offline', '--json'], box.env);
    const port = JSON.parse(r.stdout).checks.find((c: { name: string }) => c.name === 'port');
    expect(port.status).toBe('warn');
    expect(port.detail).toContain('HTTP 404');
  });

  it('is read-only: a missing config is reported, not created', async () => {
    const empty = sandbox('mp-doctor-empty-');
    const r = await cli(['doctor', '--offline'], empty.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('config.yaml does not exist');
    expect(readdirSync(empty.dir)).toEqual([]);
    empty[Symbol.dispose]();
  });

  it('checks an older config_version as migrated in memory, without rewriting it', async () => {
    const v0 = `providers:\n  good: { base_url: "${mock.url}/good", keys: [${GOOD}] }\nroutes: [{ match: ".*", provider: good }]\nport: ${freePort()}\n`;
    box.writeConfig(v0);
    const ok = await cli(['doctor', '--offline'], box.env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^! config +.*config_version 0 \(valid after migration\); run: modelproxy config migrate/m);
    expect(ok.stdout).toMatch(/^✓ keys good +1 key\(s\)/m);
    expect(readFileSync(join(box.dir, 'config.yaml'), 'utf8')).toBe(v0);
    box.writeConfig('providers: 5\n');
    const bad = await cli(['doctor', '--offline'], box.env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^✗ config +.*providers: expected object/m);
  });

  it('reports every placeholder-only provider as failing (the default config)', async () => {
    box.writeConfig(DEFAULT_CONFIG_YAML.replace('port: 8765', `port: ${freePort()}`));
    const r = await cli(['doctor', '--offline'], box.env);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^✗ keys minimax +every key is a placeholder/m);
  });

  it('check is a deprecated alias that says so', async () => {
    box.writeConfig(withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), freePort()));
    const r = await cli(['check', '--offline'], box.env);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('"modelproxy check" is deprecated; use "modelproxy doctor"');
    expect(r.stdout).toContain('✓ config');
  });

  it('notices when settings.json points elsewhere', async () => {
    mkdirSync(join(box.home, '.claude'), { recursive: true });
    writeFileSync(join(box.home, '.claude', 'settings.json'), JSON.stringify({ env: { ANTHROPIC_BASE_URL: 'https://api.kimi.com/coding' } }));
    box.writeConfig(withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), freePort()));
    const r = await cli(['doctor', '--offline'], box.env);
    expect(r.stdout).toContain('ANTHROPIC_BASE_URL is https://api.kimi.com/coding; run: modelproxy settings apply');
  });

  it('masks a URL password in the settings it quotes and in a config problem', async () => {
    const password = 'BASICPASS-9999';
    mkdirSync(join(box.home, '.claude'), { recursive: true });
    writeFileSync(join(box.home, '.claude', 'settings.json'), JSON.stringify({ env: { ANTHROPIC_BASE_URL: `https://me:${password}@relay.example/coding` } }));
    box.writeConfig(withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), freePort()));
    const settings = await cli(['doctor', '--offline'], box.env);
    expect(settings.stdout).toContain('ANTHROPIC_BASE_URL is https://me:BASI***9999@relay.example/coding');
    box.writeConfig(withPort(configYaml({ good: { base_url: `ftp://admin:${password}@127.0.0.1:9/good`, api_keys: [{ key: GOOD }] } }), freePort()));
    const invalid = await cli(['doctor', '--offline'], box.env);
    expect(invalid.code).toBe(1);
    expect(`${invalid.stdout}${invalid.stderr}`).toContain('ftp://admin:BASI***9999@127.0.0.1:9/good');
    for (const r of [settings, invalid]) expect(`${r.stdout}${r.stderr}`).not.toContain(password);
  });

  it('fails the settings check when settings.json carries a token other than server.auth_token', async () => {
    using own = sandbox('mp-doctor-token-');
    const port = freePort();
    const yaml = withPort(configYaml({ good: { base_url: `${mock.url}/good`, api_keys: [{ key: GOOD }] } }), port)
      .replace(`server: { port: ${port} }`, `server: { port: ${port}, auth_token: proxy-token-new-0002 }`);
    own.writeConfig(yaml);
    mkdirSync(join(own.home, '.claude'), { recursive: true });
    const settings = (token: string) => JSON.stringify({ env: { ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_AUTH_TOKEN: token } });
    writeFileSync(join(own.home, '.claude', 'settings.json'), settings('proxy-token-old-0001'));
    const stale = await cli(['doctor', '--offline'], own.env);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^✗ settings .*ANTHROPIC_AUTH_TOKEN does not match server\.auth_token/m);
    expect(stale.stdout + stale.stderr).not.toContain('proxy-token-old-0001');
    writeFileSync(join(own.home, '.claude', 'settings.json'), settings('proxy-token-new-0002'));
    expect((await cli(['doctor', '--offline'], own.env)).stdout).toMatch(/^✓ settings /m);
  });
});
