import { afterEach, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { codexNotifyLine, codexNotifyStatus, fromCodexNotify, installCodexNotify, isCodexNotify, uninstallCodexNotify } from '../../../src/hooks';

const tmp = useTempDirs(afterEach, 'gw-codex-notify-');
const line = codexNotifyLine(['/opt/agentgw'], '/srv/gw dir');
const userConfig = ['model = "gpt-5-codex"', 'approval_policy = "on-request"', '', '[model_providers.mock]', 'name = "mock"', 'base_url = "http://127.0.0.1:9/v1"', ''].join('\n');

describe("Codex's notify program in config.toml", () => {
  it('is `sh -c` passing the JSON argument on to `agentgw hook`, and parses as TOML', () => {
    const parsed = Bun.TOML.parse(line) as { notify: string[] };
    expect(parsed.notify).toEqual(['sh', '-c', `AGENTGW_HOOK=1 GW_DIR='/srv/gw dir' /opt/agentgw hook "$1"`, 'agentgw-hook']);
  });

  it('goes first in the file, keeps every other line, and is not written twice', () => {
    const path = join(tmp.make(), 'config.toml');
    writeFileSync(path, userConfig);
    expect(installCodexNotify(path, line)).toBe(true);
    const text = readFileSync(path, 'utf8');
    expect(text).toBe(`${line}\n${userConfig}`);
    expect((Bun.TOML.parse(text) as { model_providers: unknown }).model_providers).toEqual({ mock: { name: 'mock', base_url: 'http://127.0.0.1:9/v1' } });
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe(userConfig);
    expect(installCodexNotify(path, line)).toBe(false);
    expect(codexNotifyStatus(path)).toBe(line);
    expect(uninstallCodexNotify(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(userConfig);
    expect(codexNotifyStatus(path)).toBeNull();
  });

  it('replaces its own older line (the binary moved), even over several lines', () => {
    const path = join(tmp.make(), 'config.toml');
    writeFileSync(path, `notify = [\n  "sh",\n  "-c",\n  "AGENTGW_HOOK=1 /old/agentgw hook \\"$1\\"",\n  "agentgw-hook",\n]\n${userConfig}`);
    expect(installCodexNotify(path, line)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(`${line}\n${userConfig}`);
  });

  it("leaves someone else's notify program alone and says why", () => {
    const path = join(tmp.make(), 'config.toml');
    const theirs = `notify = ["notify-send", "codex"]\n${userConfig}`;
    writeFileSync(path, theirs);
    expect(() => installCodexNotify(path, line)).toThrow(/already has a notify program \(notify = \["notify-send", "codex"\]\); Codex runs only one/);
    expect(readFileSync(path, 'utf8')).toBe(theirs);
    expect(uninstallCodexNotify(path)).toBe(false);
  });

  it('a notify key inside a table is not the top-level one; a missing file is created; bad TOML is refused untouched', () => {
    const dir = tmp.make();
    const tabled = join(dir, 'tabled.toml');
    writeFileSync(tabled, '[tui]\nnotify = true\n');
    expect(installCodexNotify(tabled, line)).toBe(true);
    expect(Bun.TOML.parse(readFileSync(tabled, 'utf8'))).toMatchObject({ notify: expect.any(Array), tui: { notify: true } });
    const fresh = join(dir, 'new', 'config.toml');
    expect(installCodexNotify(fresh, line)).toBe(true);
    expect(readFileSync(fresh, 'utf8')).toBe(`${line}\n`);
    const broken = join(dir, 'broken.toml');
    writeFileSync(broken, 'model = "unclosed\n');
    expect(() => installCodexNotify(broken, line)).toThrow(/not valid TOML/);
    expect(readFileSync(broken, 'utf8')).toBe('model = "unclosed\n');
    expect(existsSync(`${broken}.bak`)).toBe(false);
  });

  it('sees a notify after a multi-line string or array whose lines start with "[", and refuses it untouched', () => {
    const dir = tmp.make();
    const values = [
      'developer_instructions = """\nFollow the repo conventions.\n[IMPORTANT] never push to main.\n"""',
      "notes = '''\n[draft]\n'''",
      'matrix = [\n  [1, 2],\n  ["]", 3],\n]',
    ];
    for (const [i, value] of values.entries()) {
      const path = join(dir, `multi-${i}.toml`);
      const theirs = `model = "gpt-5-codex"\n${value}\nnotify = ["notify-send", "codex"]\n\n[tui]\ntheme = "dark"\n`;
      writeFileSync(path, theirs);
      expect(() => installCodexNotify(path, line)).toThrow(/already has a notify program \(notify = \["notify-send", "codex"\]\)/);
      expect(readFileSync(path, 'utf8')).toBe(theirs);
      expect(existsSync(`${path}.bak`)).toBe(false);
    }
  });

  it('replaces its own notify after such a value, and removes it, leaving a file that parses', () => {
    const path = join(tmp.make(), 'config.toml');
    const before = 'developer_instructions = """\n[IMPORTANT] keep\n"""\n';
    writeFileSync(path, `${before}notify = ["sh", "-c", "AGENTGW_HOOK=1 /old/agentgw hook \\"$1\\"", "agentgw-hook"]\n[tui]\ntheme = "dark"\n`);
    expect(installCodexNotify(path, line)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(`${before}${line}\n[tui]\ntheme = "dark"\n`);
    expect(codexNotifyStatus(path)).toBe(line);
    expect(uninstallCodexNotify(path)).toBe(true);
    expect(Bun.TOML.parse(readFileSync(path, 'utf8'))).toEqual({ developer_instructions: '[IMPORTANT] keep\n', tui: { theme: 'dark' } });
  });

  it('never writes a file that would not parse: a notify of ours it cannot find in the lines is refused untouched', () => {
    const path = join(tmp.make(), 'config.toml');
    const quotedKey = `"notify" = ["AGENTGW_HOOK=1 /old/agentgw hook"]\n`;
    writeFileSync(path, quotedKey);
    expect(() => installCodexNotify(path, line)).toThrow(/would not be valid TOML.*; not changed/);
    expect(readFileSync(path, 'utf8')).toBe(quotedKey);
    expect(existsSync(`${path}.bak`)).toBe(false);
  });

  it("records Codex's turn-complete payload as Stop of its thread", () => {
    const payload = { type: 'agent-turn-complete', 'thread-id': '019a-thread', 'turn-id': '7', cwd: '/p', 'input-messages': ['hi'], 'last-assistant-message': 'done' };
    expect(isCodexNotify(payload)).toBe(true);
    expect(isCodexNotify({ ...payload, type: 'other' })).toBe(false);
    expect(fromCodexNotify(payload)).toEqual({ event: 'Stop', data: { ...payload, hook_event_name: 'Stop', session_id: '019a-thread', notify_type: 'agent-turn-complete' } });
  });
});
