import { describe, expect, it } from 'bun:test';
import { chmodSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
});
