import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decryptConfig, encryptConfig } from '../../src/cli/sync/crypto';
import { configYaml } from '../usage/helpers';
import { cli, sandbox } from './helpers';

const KEY = 'sk-cp-synced-secret-key-4242';
const PASS = 'correct horse battery staple';

/** A WebDAV-style store: PUT saves the body under the path, GET returns it; basic auth required. */
const store = new Map<string, string>();
const auth = `Basic ${Buffer.from('me:dav-pass').toString('base64')}`;
const dav = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    if (req.headers.get('authorization') !== auth) return new Response('unauthorized', { status: 401, headers: { 'www-authenticate': 'Basic realm="dav"' } });
    const path = new URL(req.url).pathname;
    if (req.method === 'PUT') {
      store.set(path, await req.text());
      return new Response(null, { status: 201 });
    }
    if (req.method === 'GET') {
      const body = store.get(path);
      return body === undefined ? new Response('not found', { status: 404 }) : new Response(body, { headers: { 'last-modified': new Date().toUTCString() } });
    }
    return new Response(null, { status: 405 });
  },
});
const url = `http://127.0.0.1:${dav.port}/dav/modelproxy.blob`;
const a = sandbox('mp-sync-a-');
const b = sandbox('mp-sync-b-');
afterAll(async () => {
  await dav.stop(true);
  a[Symbol.dispose]();
  b[Symbol.dispose]();
});

const CONFIG = `# machine A\n${configYaml({ minimax: { base_url: 'https://api.minimaxi.com/anthropic', api_keys: [{ key: KEY, note: 'synced' }] } })}`;
const OTHER = configYaml({ zhipu: { base_url: 'https://open.bigmodel.cn/api/anthropic', api_keys: [{ key: 'YOUR_API_KEY' }] } });
const envA = { ...a.env, MODELPROXY_SYNC_PASSPHRASE: PASS, MODELPROXY_SYNC_PASSWORD: 'dav-pass' };
const envB = { ...b.env, MODELPROXY_SYNC_PASSPHRASE: PASS, MODELPROXY_SYNC_PASSWORD: 'dav-pass' };
const bConfig = join(b.dir, 'config.yaml');

describe('modelproxy sync', () => {
  it('one round trip, in order: setup, push, pull on another machine, wrong passphrase, tampered blob', async () => {
    { // setup stores the target with mode 600
      a.writeConfig(CONFIG);
      const r = await cli(['sync', 'setup', '--url', url, '--user', 'me'], envA);
      expect(r.code).toBe(0);
      expect(JSON.parse(readFileSync(join(a.dir, 'sync.json'), 'utf8'))).toEqual({ url, username: 'me', password: 'dav-pass' });
      expect(statSync(join(a.dir, 'sync.json')).mode & 0o777).toBe(0o600);
    }
    { // push uploads an encrypted blob that does not contain the config
      const r = await cli(['sync', 'push'], envA);
      expect(r.code).toBe(0);
      const blob = store.get('/dav/modelproxy.blob')!;
      expect(blob).not.toContain(KEY);
      expect(blob).not.toContain('minimax');
      expect(JSON.parse(blob)).toMatchObject({ format: 'modelproxy-sync', cipher: 'aes-256-gcm', kdf: { name: 'scrypt' } });
    }
    { // pull on another machine installs the same config and backs up the old one
      b.writeConfig(OTHER);
      const status = await cli(['sync', 'status', '--url', url, '--user', 'me'], envB);
      expect(status.stdout).toContain('differs');
      const r = await cli(['sync', 'pull', '--url', url, '--user', 'me'], envB);
      expect(r.code).toBe(0);
      expect(readFileSync(bConfig, 'utf8')).toBe(CONFIG);
      expect(readFileSync(`${bConfig}.bak`, 'utf8')).toBe(OTHER);
      expect(r.stdout + r.stderr).not.toContain(KEY);
      const after = await cli(['sync', 'status', '--url', url, '--user', 'me'], envB);
      expect(after.stdout).toContain('in sync');
    }
    { // a wrong passphrase is a clear error and changes nothing
      b.writeConfig(OTHER);
      const r = await cli(['sync', 'pull', '--url', url, '--user', 'me'], { ...envB, MODELPROXY_SYNC_PASSPHRASE: 'wrong' });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('wrong passphrase, or the blob was modified; nothing was changed');
      expect(readFileSync(bConfig, 'utf8')).toBe(OTHER);
    }
    { // a tampered blob is detected and changes nothing
      const original = store.get('/dav/modelproxy.blob')!;
      const blob = JSON.parse(original);
      const data = Buffer.from(blob.data, 'base64');
      data[0] = data[0]! ^ 0x01;
      store.set('/dav/modelproxy.blob', JSON.stringify({ ...blob, data: data.toString('base64') }));
      b.writeConfig(OTHER);
      const r = await cli(['sync', 'pull', '--url', url, '--user', 'me'], envB);
      store.set('/dav/modelproxy.blob', original);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('the blob was modified');
      expect(readFileSync(bConfig, 'utf8')).toBe(OTHER);
    }
  });

  it('reports a rejected login with the server status', async () => {
    const r = await cli(['sync', 'push', '--url', url, '--user', 'me'], { ...envB, MODELPROXY_SYNC_PASSWORD: 'nope' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('answered HTTP 401');
  });

  it('refuses plain http to another machine (its password and blob would cross the network in clear), before sending anything', async () => {
    const c = sandbox('mp-sync-e-');
    const env = { ...c.env, MODELPROXY_SYNC_PASSPHRASE: PASS, MODELPROXY_SYNC_PASSWORD: 'dav-pass' };
    const remote = 'http://me:secret-in-url@dav.example.com/dav/modelproxy.blob';
    const setup = await cli(['sync', 'setup', '--url', remote], env);
    const push = await cli(['sync', 'push', '--url', remote], env);
    const exists = existsSync(join(c.dir, 'sync.json'));
    c[Symbol.dispose]();
    for (const r of [setup, push]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('must be https (plain http only on this machine');
      expect(r.stderr).not.toContain('secret-in-url');
    }
    expect(exists).toBe(false);
  });

  it('without a configured server says how to set one up (exit 2)', async () => {
    const c = sandbox('mp-sync-c-');
    const r = await cli(['sync', 'push'], { ...c.env, MODELPROXY_SYNC_PASSPHRASE: PASS });
    c[Symbol.dispose]();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('modelproxy sync setup');
  });

  it('reports a corrupt sync.json clearly (exit 2), without a stack trace', async () => {
    const c = sandbox('mp-sync-d-');
    writeFileSync(join(c.dir, 'sync.json'), '{"url": ');
    const r = await cli(['sync', 'status'], { ...c.env, MODELPROXY_SYNC_PASSPHRASE: PASS });
    c[Symbol.dispose]();
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('sync.json: not valid JSON');
    expect(r.stderr).not.toContain('    at ');
  });
});

describe('sync encryption', () => {
  it('uses a fresh salt and nonce per blob and authenticates the header', async () => {
    const one = await encryptConfig('x: 1', PASS);
    const two = await encryptConfig('x: 1', PASS);
    expect(one.kdf.salt).not.toBe(two.kdf.salt);
    expect(one.iv).not.toBe(two.iv);
    expect((await decryptConfig(JSON.stringify(one), PASS)).plaintext).toBe('x: 1');
    await expect(decryptConfig(JSON.stringify({ ...one, created_at: '2000-01-01T00:00:00.000Z' }), PASS)).rejects.toThrow(/modified/);
    await expect(decryptConfig('not json', PASS)).rejects.toThrow(/not a modelproxy sync blob/);
  });
});

