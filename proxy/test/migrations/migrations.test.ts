import { describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ConfigError } from '@devhub/shared';
import { CONFIG_VERSION, parseProxyConfig } from '../../src/config';
import { MIGRATIONS, migrateConfigFile, migrateValue } from '../../src/migrations';
import { tempDir } from '../usage/helpers';

/** The unversioned layout (v0): top-level listen settings, string keys, one flat route list. */
const V0 = `# my old proxy config
host: 127.0.0.1
port: 9000
providers:
  minimax:
    base_url: https://api.minimaxi.com/anthropic
    api_keys: [sk-cp-first-key-000000001, sk-cp-second-key-00000002]
  zhipu:
    base_url: https://open.bigmodel.cn/api/anthropic
    keys:
      - sk-zhipu-key-00000000003
      - { key: sk-zhipu-team-000000004, note: team, organization: org-1, project: proj-1 }
routes:
  - { match: sonnet, provider: zhipu, model: glm-4.6, schedule: { days: [mon], from: "09:00", to: "18:00", tz: Asia/Shanghai } }
  - { match: haiku, provider: minimax, model: MiniMax-M2 }
  - { match: ".*", provider: minimax }
`;

describe('config migrations', () => {
  it('form one ordered chain that ends at the current version', () => {
    MIGRATIONS.forEach((m, i) => {
      expect(m.from).toBe(i);
      expect(m.to).toBe(i + 1);
    });
    expect(MIGRATIONS.at(-1)!.to).toBe(CONFIG_VERSION);
  });

  it('migrate every old version to a config the current loader accepts', () => {
    for (let v = 0; v < CONFIG_VERSION; v++) {
      const raw = v === 0 ? parse(V0) : { ...parse(V0), config_version: v };
      const { value } = migrateValue(raw);
      const config = parseProxyConfig(JSON.stringify(value));
      expect(config.config_version).toBe(CONFIG_VERSION);
    }
  });

  it('v0 → v1 nests server settings, turns string keys into entries and splits routes', () => {
    const { value, steps } = migrateValue(parse(V0));
    const config = parseProxyConfig(JSON.stringify(value));
    expect(steps).toHaveLength(1);
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 9000 });
    expect(config.providers.minimax!.api_keys).toEqual([{ key: 'sk-cp-first-key-000000001' }, { key: 'sk-cp-second-key-00000002' }]);
    expect(config.providers.zhipu!.api_keys[1]).toEqual({ key: 'sk-zhipu-team-000000004', note: 'team', organization: 'org-1', project: 'proj-1' });
    expect(config.routes.timed.map((r) => r.match)).toEqual(['sonnet']);
    expect(config.routes.default.map((r) => r.match)).toEqual(['haiku', '.*']);
  });

  it('rewrites the file atomically after backing up the original byte for byte', () => {
    using dir = tempDir('mp-migrate-');
    const path = join(dir.path, 'config.yaml');
    writeFileSync(path, V0);
    const result = migrateConfigFile(path)!;
    expect(result).toMatchObject({ from: 0, to: CONFIG_VERSION, backup: `${path}.v0.bak` });
    expect(readFileSync(`${path}.v0.bak`, 'utf8')).toBe(V0);
    expect(parse(readFileSync(path, 'utf8')).config_version).toBe(CONFIG_VERSION);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(migrateConfigFile(path)).toBeNull();
  });

  it('refuses a config newer than the program and leaves it untouched', () => {
    using dir = tempDir('mp-migrate-');
    const path = join(dir.path, 'config.yaml');
    const newer = `config_version: ${CONFIG_VERSION + 1}\nproviders: {}\n`;
    writeFileSync(path, newer);
    expect(() => migrateConfigFile(path)).toThrow(ConfigError);
    expect(() => migrateConfigFile(path)).toThrow(/newer than this program understands/);
    expect(readFileSync(path, 'utf8')).toBe(newer);
    expect(existsSync(`${path}.v${CONFIG_VERSION + 1}.bak`)).toBe(false);
  });

  it('does not write anything when the migrated config would be invalid', () => {
    using dir = tempDir('mp-migrate-');
    const path = join(dir.path, 'config.yaml');
    const broken = V0.replace('provider: minimax }\n', 'provider: nowhere }\n');
    writeFileSync(path, broken);
    expect(() => migrateConfigFile(path)).toThrow(/unknown provider "nowhere"/);
    expect(readFileSync(path, 'utf8')).toBe(broken);
    expect(existsSync(`${path}.v0.bak`)).toBe(false);
  });

  it('keeps a v0 value of the wrong kind, so validation names it instead of losing it', () => {
    for (const [text, path] of [['providers: 5\n', 'providers'], ['server: 7\n', 'server']] as const) {
      const { value } = migrateValue(parse(text));
      expect(() => parseProxyConfig(JSON.stringify(value))).toThrow(new RegExp(`${path}: expected object`));
    }
  });
});

