import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { cli, sandbox } from './helpers';

const VENDOR_KEY = 'zhipu-real-vendor-key-123456';
const box = sandbox('mp-settings-statusline-');
const claudeDir = join(box.home, '.claude');
const settingsPath = join(claudeDir, 'settings.json');
const restorePath = join(box.dir, 'settings-restore.json');
afterAll(() => box[Symbol.dispose]());

/** A settings.json that already has a status line of its own and points Claude Code at a vendor. */
const ORIGINAL = `{
  "statusLine": {
    "type": "command",
    "command": "~/.claude/my-statusline.sh",
    "padding": 1
  },
  "env": {
    "ANTHROPIC_BASE_URL": "https://open.bigmodel.cn/api/anthropic",
    "ANTHROPIC_AUTH_TOKEN": "${VENDOR_KEY}",
    "ANTHROPIC_MODEL": "glm-4.6",
    "API_TIMEOUT_MS": "3000000"
  },
  "model": "sonnet"
}
`;

beforeEach(() => {
  rmSync(claudeDir, { recursive: true, force: true });
  rmSync(restorePath, { force: true });
  mkdirSync(claudeDir, { recursive: true });
  writeFileSync(settingsPath, ORIGINAL);
  box.writeConfig(DEFAULT_CONFIG_YAML);
});

const settings = () => JSON.parse(readFileSync(settingsPath, 'utf8'));

describe('settings apply --statusline and settings remove', () => {
  it('apply then remove gives back a one-line settings.json byte for byte', async () => {
    const oneLine = `{"env":{"API_TIMEOUT_MS":"3000000","ANTHROPIC_AUTH_TOKEN":"${VENDOR_KEY}"},"model":"sonnet"}`;
    writeFileSync(settingsPath, oneLine);
    expect((await cli(['settings', 'apply', '--statusline'], box.env)).code).toBe(0);
    expect(readFileSync(settingsPath, 'utf8')).not.toBe(oneLine);
    expect((await cli(['settings', 'remove'], box.env)).code).toBe(0);
    expect(readFileSync(settingsPath, 'utf8')).toBe(oneLine);
  });

  it('installs `modelproxy statusline` as the status line, and remove puts back the previous one and the env, byte for byte', async () => {
    const applied = await cli(['settings', 'apply', '--statusline'], box.env);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('statusLine: ~/.claude/my-statusline.sh → ');
    expect(applied.stdout).not.toContain(VENDOR_KEY);
    const after = settings();
    expect(after.statusLine.type).toBe('command');
    expect(after.statusLine.command).toEndWith('statusline');
    expect(after.statusLine.command).toStartWith(`MODELPROXY_DIR=${box.dir} `);
    expect(after.env).toEqual({
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:8765', ANTHROPIC_AUTH_TOKEN: 'modelproxy', API_TIMEOUT_MS: '3000000',
      CLAUDE_CODE_AUTO_COMPACT_WINDOW: '128000', CLAUDE_CODE_MAX_CONTEXT_TOKENS: '128000', CLAUDE_CODE_DISABLE_1M_CONTEXT: '1',
    });
    expect(after.model).toBe('sonnet');
    // The record of what apply replaced holds the old token: owner only.
    expect(statSync(restorePath).mode & 0o777).toBe(0o600);

    const show = await cli(['settings', 'show'], box.env);
    expect(show.stdout).toContain(`  statusLine: ${after.statusLine.command}`);

    // A second apply changes nothing and keeps the first record.
    expect((await cli(['settings', 'apply', '--statusline'], box.env)).stdout).toContain('nothing to change');

    const removed = await cli(['settings', 'remove'], box.env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('statusLine: ');
    expect(removed.stdout).toContain('→ ~/.claude/my-statusline.sh');
    expect(removed.stdout).toContain('ANTHROPIC_AUTH_TOKEN: mode***roxy → zhip***3456');
    expect(removed.stdout).not.toContain(VENDOR_KEY);
    expect(readFileSync(settingsPath, 'utf8')).toBe(ORIGINAL);
    expect(existsSync(restorePath)).toBe(false);
    expect((await cli(['settings', 'remove'], box.env)).stdout).toContain("nothing of modelproxy's to remove");
  });

  it('the installed command is one a shell runs, the way Claude Code does: JSON on stdin, one line out', async () => {
    await cli(['settings', 'apply', '--statusline'], box.env);
    const { command } = settings().statusLine;
    await using proc = Bun.spawn(['sh', '-c', command], {
      env: { PATH: process.env.PATH!, HOME: box.home, NO_COLOR: '1' },
      stdin: new TextEncoder().encode(JSON.stringify({ session_id: 'abc', model: { id: 'claude-opus-5-5', display_name: 'Opus' } })),
      stdout: 'pipe', stderr: 'pipe',
    });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '⇄ modelproxy: nothing recorded yet (is modelproxy serve running?)\n' });
  });

  it('removes a status line that was not there before, and the env it added to a file without one', async () => {
    const bare = '{\n  "model": "opus"\n}\n';
    writeFileSync(settingsPath, bare);
    await cli(['settings', 'apply', '--statusline'], box.env);
    expect(Object.keys(settings())).toEqual(['statusLine', 'env', 'model']);
    expect((await cli(['settings', 'remove'], box.env)).code).toBe(0);
    expect(readFileSync(settingsPath, 'utf8')).toBe(bare);
  });

  it('deletes the settings file that apply created', async () => {
    rmSync(settingsPath);
    await cli(['settings', 'apply', '--statusline'], box.env);
    expect(existsSync(settingsPath)).toBe(true);
    const r = await cli(['settings', 'remove'], box.env);
    expect(r.stdout).toContain('(apply had created it)');
    expect(existsSync(settingsPath)).toBe(false);
  });

  it('leaves what the user changed after apply, and puts back the rest', async () => {
    await cli(['settings', 'apply', '--statusline'], box.env);
    const edited = readFileSync(settingsPath, 'utf8').replace('http://127.0.0.1:8765', 'http://127.0.0.1:9999');
    writeFileSync(settingsPath, edited);
    const r = await cli(['settings', 'remove'], box.env);
    expect(r.stdout).toContain('ANTHROPIC_BASE_URL: changed since apply, left as it is');
    const after = settings();
    expect(after.env).toEqual({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999', ANTHROPIC_AUTH_TOKEN: VENDOR_KEY, ANTHROPIC_MODEL: 'glm-4.6', API_TIMEOUT_MS: '3000000' });
    expect(after.statusLine).toEqual({ type: 'command', command: '~/.claude/my-statusline.sh', padding: 1 });
  });

  it('without a record of apply (an older version applied it), removes only what points at the proxy', async () => {
    await cli(['settings', 'apply'], box.env);
    rmSync(restorePath);
    const r = await cli(['settings', 'remove'], box.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no record of what apply replaced was found');
    expect(settings().env).toEqual({ API_TIMEOUT_MS: '3000000' });
    expect(settings().statusLine.command).toBe('~/.claude/my-statusline.sh');
  });

  it('--dry-run changes nothing', async () => {
    await cli(['settings', 'apply', '--statusline'], box.env);
    const applied = readFileSync(settingsPath, 'utf8');
    const r = await cli(['settings', 'remove', '--dry-run'], box.env);
    expect(r.stdout).toContain(`would change ${settingsPath}:`);
    expect(readFileSync(settingsPath, 'utf8')).toBe(applied);
  });
});
