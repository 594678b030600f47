import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ALIAS_BOMB_YAML } from '@devhub/shared/testing';
import { configYaml } from '../usage/helpers';
import { cli, fakeProgram, sandbox } from './helpers';

const KEY = 'sk-cp-secret-config-key-777';
const TOKEN = 'local-client-token-99999';
const URL_PASSWORD = 'BASICPASS-9999';
const box = sandbox('mp-config-');
const path = join(box.dir, 'config.yaml');
afterAll(() => box[Symbol.dispose]());

const good = () =>
  `# my comment stays\n${configYaml({ minimax: { base_url: 'https://api.minimaxi.com/anthropic', api_keys: [{ key: KEY, note: 'main' }] } })}`.replace(
    'config_version: 1\n',
    `config_version: 1\nserver:\n  auth_token: ${TOKEN}\n`,
  );

describe('modelproxy config', () => {
  it('path prints the config location in the state dir', async () => {
    const r = await cli(['config', 'path'], box.env);
    expect(r.stdout.trim()).toBe(path);
  });

  it('show keeps the file as written but masks keys and tokens', async () => {
    writeFileSync(path, good());
    const r = await cli(['config', 'show'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('# my comment stays');
    expect(r.stdout).toContain('key: sk-c***-777');
    expect(r.stdout).toContain('auth_token: loca***9999');
    expect(r.stdout).not.toContain(KEY);
    expect(r.stdout).not.toContain(TOKEN);
  });

  it('show, and validate\'s problems, mask the password of a URL', async () => {
    writeFileSync(path, good().replace('https://api.minimaxi.com/anthropic', `http://admin:${URL_PASSWORD}@127.0.0.1:9/anthropic`));
    const shown = await cli(['config', 'show'], box.env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('base_url: http://admin:BASI***9999@127.0.0.1:9/anthropic');
    expect(shown.stdout).not.toContain(URL_PASSWORD);
    writeFileSync(path, good().replace('https://api.minimaxi.com/anthropic', `ftp://admin:${URL_PASSWORD}@127.0.0.1:9/anthropic`));
    const invalid = await cli(['config', 'validate'], box.env);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('providers.minimax.base_url: expected an http(s) URL, got "ftp://admin:BASI***9999@127.0.0.1:9/anthropic"');
    expect(invalid.stderr).not.toContain(URL_PASSWORD);
  });

  it('validate reports a valid config with exit 0', async () => {
    writeFileSync(path, good());
    const r = await cli(['config', 'validate'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('valid: 1 provider(s), 1 key(s), 1 route(s)');
  });

  it('validate lists every bad path with exit 2', async () => {
    writeFileSync(path, 'config_version: 1\nserver: { port: 99999 }\nproviders:\n  a: { base_url: nope, api_keys: [{ key: 1 }] }\nroutes: { default: [] }\n');
    const r = await cli(['config', 'validate'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('server.port');
    expect(r.stderr).toContain('providers.a.api_keys[0].key');
  });

  it('validate reports a YAML alias bomb as a problem (exit 2), without a stack trace', async () => {
    writeFileSync(path, ALIAS_BOMB_YAML);
    const r = await cli(['config', 'validate'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}: invalid configuration`);
    expect(r.stderr).toContain('Excessive alias count');
    expect(r.stderr).not.toContain('unexpected error');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('validate explains choices in words, warns on an all-placeholder config (exit 1) and on a file others can read', async () => {
    writeFileSync(path, good().replace('base_url: https://api.minimaxi.com/anthropic', 'base_url: https://api.minimaxi.com/anthropic\n    usage_adapter: minimaxx'));
    const bad = await cli(['config', 'validate'], box.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('providers.minimax.usage_adapter: expected one of "minimax", "kimi", "zhipu", "zhipu_team", "litellm", "probe" (got "minimaxx")');
    writeFileSync(path, good().replace(KEY, 'YOUR_API_KEY'));
    chmodSync(path, 0o600);
    const placeholders = await cli(['config', 'validate'], box.env);
    expect(placeholders.code).toBe(1);
    expect(placeholders.stderr).toContain('warning: every provider the routes name (minimax) has only placeholder keys');
    writeFileSync(path, good());
    chmodSync(path, 0o644);
    const open = await cli(['config', 'validate'], box.env);
    expect(open.code).toBe(0);
    expect(open.stderr).toContain(`warning: ${path} is readable by every user (mode 644) and holds keys; run: chmod 600 ${path}`);
    chmodSync(path, 0o600);
    expect((await cli(['config', 'validate'], box.env)).stderr).toBe('');
  });

  it('edit saves a valid edit with a backup of the previous file', async () => {
    writeFileSync(path, good());
    const bin = join(box.home, 'bin-ok');
    fakeProgram(bin, 'ed-ok', `sed -i 's/note: main/note: edited/' "$1"`);
    const r = await cli(['config', 'edit'], { ...box.env, EDITOR: join(bin, 'ed-ok') });
    expect(r.code).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain('note: edited');
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(good());
  });

  it('edit refuses an invalid edit, keeps config.yaml and the draft', async () => {
    writeFileSync(path, good());
    const bin = join(box.home, 'bin-bad');
    fakeProgram(bin, 'ed-bad', `sed -i 's/port: .*//; s/config_version: 1/config_version: 1\\nbogus_field: 1/' "$1"`);
    const r = await cli(['config', 'edit'], { ...box.env, EDITOR: join(bin, 'ed-bad') });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bogus_field');
    expect(readFileSync(path, 'utf8')).toBe(good());
    expect(existsSync(join(box.dir, '.config.edit.yaml'))).toBe(true);

    // The next edit reopens the draft; fixing it saves.
    const fix = join(box.home, 'bin-fix');
    fakeProgram(fix, 'ed-fix', `sed -i '/^bogus_field: 1$/d' "$1"`);
    const again = await cli(['config', 'edit'], { ...box.env, EDITOR: join(fix, 'ed-fix') });
    expect(again.stderr).toContain('continuing the unsaved edit');
    expect(again.code).toBe(0);
    expect(existsSync(join(box.dir, '.config.edit.yaml'))).toBe(false);
    expect(readFileSync(path, 'utf8')).not.toContain('port:');
  });

  it('edit can repair a config that is currently invalid', async () => {
    writeFileSync(path, `${good()}nonsense: true\n`);
    const bin = join(box.home, 'bin-repair');
    fakeProgram(bin, 'ed-repair', `sed -i '/^nonsense: true$/d' "$1"`);
    const r = await cli(['config', 'edit'], { ...box.env, EDITOR: join(bin, 'ed-repair') });
    expect(r.code).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(good());
  });
});

describe('config_version migration from the command line', () => {
  const v0 = 'port: 9001\nproviders:\n  minimax:\n    base_url: https://api.minimaxi.com/anthropic\n    api_keys: [YOUR_API_KEY]\nroutes:\n  - { match: ".*", provider: minimax }\n';

  it('config migrate backs up and upgrades an unversioned config', async () => {
    writeFileSync(path, v0);
    const r = await cli(['config', 'migrate'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('from config_version 0 to 1');
    expect(readFileSync(`${path}.v0.bak`, 'utf8')).toBe(v0);
    expect(parse(readFileSync(path, 'utf8'))).toMatchObject({ config_version: 1, server: { port: 9001 } });
  });

  it('config migrate of a current but broken config is a config error (exit 2), not "nothing to do"', async () => {
    for (const text of ['config_version: 1\nserver: [unclosed\n', '- a\n- b\n', 'config_version: 1\nbogus: 1\n']) {
      writeFileSync(path, text);
      const r = await cli(['config', 'migrate'], box.env);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toContain('invalid configuration');
      expect(readFileSync(path, 'utf8')).toBe(text);
    }
  });

  it('config migrate without a config writes the default, like every other command', async () => {
    using fresh = sandbox('mp-config-migrate-');
    const r = await cli(['config', 'migrate'], fresh.env);
    expect(r.code).toBe(0);
    expect(readFileSync(join(fresh.dir, 'config.yaml'), 'utf8')).toContain('config_version: 1');
  });

  it('any command migrates an old config first and says so on stderr', async () => {
    writeFileSync(path, v0);
    const r = await cli(['usage', '--json'], box.env);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('config migrated v0 → v1');
    expect(JSON.parse(r.stdout).providers[0].provider).toBe('minimax');
  });

  it('refuses a newer config_version with exit 2 and a clear message', async () => {
    writeFileSync(path, 'config_version: 99\n');
    const r = await cli(['usage'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config_version: 99 is newer than this program understands (1)');
    expect(readFileSync(path, 'utf8')).toBe('config_version: 99\n');
  });
});
