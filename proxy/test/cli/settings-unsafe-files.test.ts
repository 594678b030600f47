import { describe, expect, it } from 'bun:test';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { cli, sandbox } from './helpers';

function settingsBox() {
  const box = sandbox('mp-settings-unsafe-');
  box.writeConfig(DEFAULT_CONFIG_YAML);
  const claudeDir = join(box.home, '.claude');
  mkdirSync(claudeDir);
  return { box, claudeDir, settingsPath: join(claudeDir, 'settings.json') };
}

describe('settings apply and settings files it must not trust', () => {
  it('a directory in place of settings.json: a one-line refusal, exit 2, nothing written', async () => {
    const { box, claudeDir, settingsPath } = settingsBox();
    using _ = box;
    mkdirSync(settingsPath);
    const stateBefore = readdirSync(box.dir).sort();
    const r = await cli(['settings', 'apply', '--port', '8765'], box.env);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`error: ${settingsPath}: cannot read it (a directory is in its place); nothing was changed`);
    expect(r.stderr).not.toContain('unexpected');
    expect(readdirSync(claudeDir)).toEqual(['settings.json']);
    expect(statSync(settingsPath).isDirectory()).toBe(true);
    expect(readdirSync(box.dir).sort()).toEqual(stateBefore);
  });

  it('never changes the mode of the file a symbolic link at settings.json.bak points to', async () => {
    const { box, settingsPath } = settingsBox();
    using _ = box;
    const bashrc = join(box.home, '.bashrc');
    writeFileSync(bashrc, 'export PATH=$HOME/bin:$PATH\n');
    chmodSync(bashrc, 0o644);
    writeFileSync(settingsPath, '{"theme":"dark"}\n');
    symlinkSync('../.bashrc', `${settingsPath}.bak`);
    const r = await cli(['settings', 'apply', '--port', '8765'], box.env);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(statSync(bashrc).mode & 0o777).toBe(0o644);
  });

  it('two top-level "env" members: refused with exit 2 naming the key, the file untouched', async () => {
    const { box, claudeDir, settingsPath } = settingsBox();
    using _ = box;
    // Claude Code takes the last env; an edit of the first one would change nothing that counts.
    const text = '{\n  "env": { "ANTHROPIC_BASE_URL": "https://first.example" },\n  "model": "sonnet",\n  "env": { "ANTHROPIC_BASE_URL": "https://vendor.example", "ANTHROPIC_AUTH_TOKEN": "vendor-token-1234" }\n}\n';
    writeFileSync(settingsPath, text);
    const stateBefore = readdirSync(box.dir).sort();
    for (const args of [['settings', 'apply', '--port', '8765'], ['settings', 'remove']]) {
      const r = await cli(args, box.env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('"env" appears more than once at the top level (only the last one takes effect); merge them by hand, nothing was changed');
      expect(r.stdout).not.toContain('updated');
    }
    expect(readFileSync(settingsPath, 'utf8')).toBe(text);
    expect(readdirSync(claudeDir)).toEqual(['settings.json']);
    expect(readdirSync(box.dir).sort()).toEqual(stateBefore);
  });
});
