import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { cli, sandbox } from './helpers';

/** The shipped config routes to glm-4.5-air (128K) among others: Claude Code is sized by the smallest. */
const CONTEXT_128K = { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '128000', CLAUDE_CODE_MAX_CONTEXT_TOKENS: '128000', CLAUDE_CODE_DISABLE_1M_CONTEXT: '1' };
const VENDOR_KEY = 'zhipu-real-vendor-key-123456';
const box = sandbox('mp-settings-');
const claudeDir = join(box.home, '.claude');
const settingsPath = join(claudeDir, 'settings.json');
const configPath = join(box.dir, 'config.yaml');
afterAll(() => box[Symbol.dispose]());

/** A realistic settings.json: unrelated keys must survive byte for byte. */
const ORIGINAL = `{
    "permissions": {
        "allow": ["Bash(git diff:*)"],
        "deny": []
    },
    "env": {
        "ANTHROPIC_BASE_URL": "https://open.bigmodel.cn/api/anthropic",
        "ANTHROPIC_AUTH_TOKEN": "${VENDOR_KEY}",
        "ANTHROPIC_MODEL": "glm-4.6",
        "API_TIMEOUT_MS": "3000000"
    },
    "hooks": {},
    "model": "sonnet"
}
`;

beforeEach(() => {
  rmSync(claudeDir, { recursive: true, force: true });
  mkdirSync(claudeDir, { recursive: true });
  writeFileSync(settingsPath, ORIGINAL);
  writeFileSync(configPath, DEFAULT_CONFIG_YAML);
});

describe('modelproxy settings apply', () => {
  it('writes only the managed env keys, keeps the rest and the layout, and backs up the old file', async () => {
    const r = await cli(['settings', 'apply'], box.env);
    expect(r.code).toBe(0);
    const after = readFileSync(settingsPath, 'utf8');
    expect(after).toBe(`{
    "permissions": {
        "allow": ["Bash(git diff:*)"],
        "deny": []
    },
    "env": {
        "ANTHROPIC_BASE_URL": "http://127.0.0.1:8765",
        "ANTHROPIC_AUTH_TOKEN": "modelproxy",
        "API_TIMEOUT_MS": "3000000",
        "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "128000",
        "CLAUDE_CODE_MAX_CONTEXT_TOKENS": "128000",
        "CLAUDE_CODE_DISABLE_1M_CONTEXT": "1"
    },
    "hooks": {},
    "model": "sonnet"
}
`);
    expect(readFileSync(`${settingsPath}.bak`, 'utf8')).toBe(ORIGINAL);
    expect(r.stdout).toContain('ANTHROPIC_AUTH_TOKEN: zhip***3456 → mode***roxy');
    expect(r.stdout).toContain('ANTHROPIC_MODEL: glm-4.6 → (unset)');
    expect(r.stdout).not.toContain(VENDOR_KEY);
  });

  it('keeps the backup, which still holds the vendor token, readable only by the owner', async () => {
    chmodSync(settingsPath, 0o644);
    expect((await cli(['settings', 'apply'], box.env)).code).toBe(0);
    expect(readFileSync(`${settingsPath}.bak`, 'utf8')).toContain(VENDOR_KEY);
    expect(statSync(`${settingsPath}.bak`).mode & 0o777).toBe(0o600);
    expect(statSync(settingsPath).mode & 0o777).toBe(0o644);
  });

  it('is idempotent and keeps model keys with --keep-models', async () => {
    await cli(['settings', 'apply', '--keep-models'], box.env);
    expect(JSON.parse(readFileSync(settingsPath, 'utf8')).env.ANTHROPIC_MODEL).toBe('glm-4.6');
    const again = await cli(['settings', 'apply', '--keep-models'], box.env);
    expect(again.stdout).toContain('nothing to change');
  });

  it('uses the configured client token, never a provider key', async () => {
    writeFileSync(configPath, DEFAULT_CONFIG_YAML.replace('auth_token: ""', 'auth_token: "client-token-abcdef"').replace(/YOUR_API_KEY/g, 'sk-cp-provider-key-0000001'));
    await cli(['settings', 'apply'], box.env);
    const after = readFileSync(settingsPath, 'utf8');
    expect(JSON.parse(after).env.ANTHROPIC_AUTH_TOKEN).toBe('client-token-abcdef');
    expect(after).not.toContain('sk-cp-provider-key-0000001');
  });

  it('makes a settings.json that others could read readable only by the owner once it holds the client token', async () => {
    writeFileSync(configPath, DEFAULT_CONFIG_YAML.replace('auth_token: ""', 'auth_token: "client-token-abcdef"'));
    chmodSync(settingsPath, 0o644);
    const r = await cli(['settings', 'apply'], box.env);
    expect(r.code).toBe(0);
    expect(readFileSync(settingsPath, 'utf8')).toContain('client-token-abcdef');
    expect(statSync(settingsPath).mode & 0o777).toBe(0o600);
    expect(r.stdout).toContain('is now readable only by you');
    expect(r.stdout).not.toContain('client-token-abcdef');
  });

  it("sizes Claude Code's context by the smallest routed model window: context_windows overrides the built-in table", async () => {
    // Only MiniMax-M2 (204 800 built in) is routed; context_windows sets glm-4.6 to 1M but it is not routed.
    const only = DEFAULT_CONFIG_YAML.replace(/\nroutes:[\s\S]*?(?=\nmultimodal_models)/, '\nroutes:\n  default:\n    - { match: ".*", provider: minimax, model: MiniMax-M2 }\n');
    writeFileSync(configPath, `${only}\ncontext_windows: { glm-4.6: 1000000 }\n`);
    expect((await cli(['settings', 'apply'], box.env)).code).toBe(0);
    const env = JSON.parse(readFileSync(settingsPath, 'utf8')).env;
    expect(env).toMatchObject({ CLAUDE_CODE_AUTO_COMPACT_WINDOW: '204800', CLAUDE_CODE_MAX_CONTEXT_TOKENS: '204800', CLAUDE_CODE_DISABLE_1M_CONTEXT: '1' });
    // A 1M override of the routed model: the window follows it, and 1M context is no longer turned off.
    writeFileSync(configPath, `${only}\ncontext_windows: { minimax/MiniMax-M2: 1000000 }\n`);
    expect((await cli(['settings', 'apply'], box.env)).stdout).toContain('CLAUDE_CODE_DISABLE_1M_CONTEXT: 1 → (unset)');
    expect(JSON.parse(readFileSync(settingsPath, 'utf8')).env.CLAUDE_CODE_AUTO_COMPACT_WINDOW).toBe('1000000');
    // Routes that keep the client's model: Claude Code knows its window, the keys are removed.
    writeFileSync(configPath, only.replace(', model: MiniMax-M2 }', ' }'));
    await cli(['settings', 'apply'], box.env);
    expect(JSON.parse(readFileSync(settingsPath, 'utf8')).env.CLAUDE_CODE_AUTO_COMPACT_WINDOW).toBeUndefined();
  });

  it('honours CLAUDE_CONFIG_DIR and creates the file when missing', async () => {
    const other = join(box.home, 'other-claude');
    const r = await cli(['settings', 'apply'], { ...box.env, CLAUDE_CONFIG_DIR: other });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(other, 'settings.json'), 'utf8'))).toEqual({ env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:8765', ANTHROPIC_AUTH_TOKEN: 'modelproxy', ...CONTEXT_128K } });
    expect(readFileSync(settingsPath, 'utf8')).toBe(ORIGINAL);
  });

  it('refuses a settings file that is not JSON and leaves it alone (exit 2)', async () => {
    writeFileSync(settingsPath, '{ "env": { oops');
    const r = await cli(['settings', 'apply'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not valid JSON');
    expect(readFileSync(settingsPath, 'utf8')).toBe('{ "env": { oops');
    expect(existsSync(`${settingsPath}.bak`)).toBe(false);
  });

  it('refuses non-string env values with their paths, in every settings command (exit 2, no stack)', async () => {
    const text = '{ "env": { "ANTHROPIC_BASE_URL": 5, "OTHER": "ok" } }';
    writeFileSync(settingsPath, text);
    for (const command of ['show', 'apply', 'import']) {
      const r = await cli(['settings', command], box.env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('env.ANTHROPIC_BASE_URL: Expected string');
      expect(r.stderr).not.toContain('    at ');
    }
    expect(readFileSync(settingsPath, 'utf8')).toBe(text);
  });

  it('show masks tokens and lists what apply would change', async () => {
    const r = await cli(['settings', 'show'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('points at the proxy (http://127.0.0.1:8765): no');
    expect(r.stdout).toContain('  ANTHROPIC_AUTH_TOKEN=zhip***3456');
    expect(r.stdout).toContain('ANTHROPIC_BASE_URL: https://open.bigmodel.cn/api/anthropic → http://127.0.0.1:8765');
    expect(r.stdout).not.toContain(VENDOR_KEY);
  });
});

describe('modelproxy settings import', () => {
  it("adds the assistant's upstream key to the provider with the same base_url, keeping comments", async () => {
    const r = await cli(['settings', 'import'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('added zhip***3456 to providers.zhipu');
    expect(r.stdout).not.toContain(VENDOR_KEY);
    const text = readFileSync(configPath, 'utf8');
    expect(text).toContain('# modelproxy configuration.');
    expect(parse(text).providers.zhipu.api_keys).toEqual([{ key: VENDOR_KEY, note: 'imported from settings.json' }]);
    // Only the placeholder changed; zhipu is routed already, so the routes stay as they are.
    const zhipuPlaceholder = DEFAULT_CONFIG_YAML.indexOf('{ key: YOUR_API_KEY, note: personal }', DEFAULT_CONFIG_YAML.indexOf('  zhipu:'));
    expect(text).toBe(`${DEFAULT_CONFIG_YAML.slice(0, zhipuPlaceholder)}{ key: ${VENDOR_KEY}, note: imported from settings.json }${DEFAULT_CONFIG_YAML.slice(zhipuPlaceholder + 37)}`);
    expect(readFileSync(`${configPath}.bak`, 'utf8')).toBe(DEFAULT_CONFIG_YAML);

    const again = await cli(['settings', 'import'], box.env);
    expect(again.stdout).toContain('already in providers.zhipu');
  });

  it('creates a provider named after the host for an unknown upstream, and routes it as a fallback of the catch-all', async () => {
    writeFileSync(settingsPath, JSON.stringify({ env: { ANTHROPIC_BASE_URL: 'https://api.kimi.com/coding/', ANTHROPIC_API_KEY: 'sk-kimi-key-0000000009', ANTHROPIC_MODEL: 'kimi-for-coding' } }));
    const r = await cli(['settings', 'import'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('routed it as a fallback of the catch-all: routes.default[1].fallback gets { provider: kimi, model: kimi-for-coding }');
    const text = readFileSync(configPath, 'utf8');
    const config = parse(text);
    expect(config.providers.kimi).toEqual({ base_url: 'https://api.kimi.com/coding', api_keys: [{ key: 'sk-kimi-key-0000000009', note: 'imported from settings.json' }] });
    expect(config.routes.default.at(-1).fallback).toEqual([{ provider: 'zhipu', model: 'glm-4.6' }, { provider: 'kimi', model: 'kimi-for-coding' }]);
    // Every other line stays as it was and where it was: the block introducing routes still sits,
    // unindented, right before routes:, not inside the new provider's section.
    const before = DEFAULT_CONFIG_YAML.split('\n');
    const after = text.split('\n');
    expect(before.filter((line) => !after.includes(line))).toEqual(before.filter((l) => l.includes('match: ".*"')));
    expect(after.filter((line) => !before.includes(line))).toEqual([
      // ('    api_keys:' is a line the file already has.)
      '  kimi:', '    base_url: https://api.kimi.com/coding', '      - key: sk-kimi-key-0000000009', '        note: imported from settings.json',
      '    - { match: ".*", provider: minimax, model: MiniMax-M2, fallback: [{ provider: zhipu, model: glm-4.6 }, { provider: kimi, model: kimi-for-coding }] }   # the catch-all must stay last',
    ]);
    const routesAt = after.indexOf('routes:');
    expect(after.slice(after.indexOf('  kimi:'), routesAt).filter((l) => l.startsWith('#'))[0]).toStartWith("# The request's model is normalized first");
    expect(after.slice(after.indexOf('  kimi:') - 2, after.indexOf('  kimi:'))).toEqual([
      '      # team edition keys also carry organization and project (used by "modelproxy usage"):',
      '      # - { key: YOUR_API_KEY, note: team, organization: org-id, project: proj-id }',
    ]);
  });

  it('keeps comments in place in a hand-written block-style config, and gives a route without fallback one', async () => {
    const handWritten = [
      'config_version: 1',
      'providers:',
      '  minimax:',
      '    base_url: https://api.minimaxi.com/anthropic',
      '    api_keys:',
      '      - key: sk-cp-my-real-key-000001',
      '        note: personal',
      '      # my second key expires in December',
      '',
      '# Routing: everything to MiniMax.',
      'routes:',
      '  default:',
      '    - match: ".*"',
      '      provider: minimax   # the only one I pay for',
      '',
    ].join('\n');
    writeFileSync(configPath, handWritten);
    writeFileSync(settingsPath, JSON.stringify({ env: { ANTHROPIC_BASE_URL: 'https://api.kimi.com/coding', ANTHROPIC_API_KEY: 'sk-kimi-key-0000000009' } }));
    const r = await cli(['settings', 'import'], box.env);
    expect(r.code).toBe(0);
    expect(readFileSync(configPath, 'utf8')).toBe([
      'config_version: 1',
      'providers:',
      '  minimax:',
      '    base_url: https://api.minimaxi.com/anthropic',
      '    api_keys:',
      '      - key: sk-cp-my-real-key-000001',
      '        note: personal',
      '      # my second key expires in December',
      '  kimi:',
      '    base_url: https://api.kimi.com/coding',
      '    api_keys:',
      '      - key: sk-kimi-key-0000000009',
      '        note: imported from settings.json',
      '',
      '# Routing: everything to MiniMax.',
      'routes:',
      '  default:',
      '    - match: ".*"',
      '      provider: minimax   # the only one I pay for',
      '      fallback: [{ provider: kimi }]',
      '',
    ].join('\n'));
  });

  it('has nothing to import once the assistant points at the proxy (exit 2)', async () => {
    await cli(['settings', 'apply'], box.env);
    const r = await cli(['settings', 'import'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already points at the proxy');
  });
});
