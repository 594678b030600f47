import { afterEach, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { join } from 'node:path';
import { HOOK_EVENTS, HOOK_MARKER, fromGemini, hookCommand, hookStatus, installGeminiHooks, installHooks, isGeminiPayload, uninstallHooks } from '../../../src/hooks';

const CLI = join(import.meta.dir, '../../../src/cli/index.ts');
const command = hookCommand(['/opt/agentgw'], '/srv/gw dir');

const userSettings = () => ({
  model: 'sonnet',
  permissions: { allow: ['Bash(ls:*)'] },
  hooks: {
    Stop: [{ matcher: '', hooks: [{ type: 'command', command: 'notify-send done' }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '/usr/local/bin/audit' }] }],
  },
});

describe('hooks settings merge', () => {
  it('quotes the command and marks it as ours', () => {
    expect(command).toBe(`${HOOK_MARKER} GW_DIR='/srv/gw dir' /opt/agentgw hook`);
  });

  it('adds all nine events and keeps every other setting and hook', () => {
    const { settings, changed } = installHooks(userSettings(), command);
    expect(changed).toEqual([...HOOK_EVENTS]);
    expect(settings.model).toBe('sonnet');
    expect(settings.permissions).toEqual({ allow: ['Bash(ls:*)'] });
    const hooks = settings.hooks as Record<string, Array<{ hooks: Array<Record<string, unknown>> }>>;
    expect(hooks.PreToolUse).toEqual(userSettings().hooks.PreToolUse);
    expect(hooks.Stop).toHaveLength(2);
    expect(hooks.Stop![0]).toEqual(userSettings().hooks.Stop[0]!);
    expect(hooks.Stop![1]!.hooks[0]).toEqual({ type: 'command', command, timeout: 5 });
    expect(hooks.SessionEnd![0]!.hooks[0]).toEqual({ type: 'command', command, timeout: 5, async: true });
    expect(Object.values(hookStatus(settings)).every((c) => c === command)).toBe(true);
  });

  it('is idempotent, and updates our entry in place when the binary moved', () => {
    const once = installHooks({}, command).settings;
    const again = installHooks(once, command);
    expect(again.changed).toEqual([]);
    expect(again.settings).toEqual(once);
    const moved = installHooks(once, hookCommand(['/new/agentgw']));
    expect(moved.changed).toHaveLength(9);
    const stop = (moved.settings.hooks as Record<string, Array<{ hooks: unknown[] }>>).Stop!;
    expect(stop).toHaveLength(1);
    expect(hookStatus(moved.settings).Stop).toBe(`${HOOK_MARKER} /new/agentgw hook`);
  });

  it('uninstall removes only our entries and the groups they leave empty', () => {
    const installed = installHooks(userSettings(), command).settings;
    const { settings, changed } = uninstallHooks(installed);
    expect(changed.sort()).toEqual([...HOOK_EVENTS].sort());
    expect(settings).toEqual(userSettings());
    expect(uninstallHooks(installHooks({ model: 'x' }, command).settings).settings).toEqual({ model: 'x' });
  });

  it('keeps a user hook that shares a group with ours', () => {
    const shared = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say hi' }, { type: 'command', command }] }] } };
    expect(uninstallHooks(shared).settings).toEqual({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say hi' }] }] } });
  });
});

describe('agentgw hooks install|uninstall|status', () => {
  let dir: string;
  const temp = useTempDirs(afterEach, 'gw-hooks-');
  beforeEach(() => { dir = temp.make(); });

  async function cli(...args: string[]) {
    await using proc = Bun.spawn(['bun', CLI, 'hooks', ...args], {
      env: { ...process.env, HOME: dir, GW_DIR: join(dir, 'gw'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') },
      stdout: 'pipe', stderr: 'pipe',
    });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { stdout, stderr, code };
  }

  it('installs into the config dir settings, reports status, uninstalls', async () => {
    const path = join(dir, 'claude', 'settings.json');
    expect((await cli('status')).code).toBe(1);
    const install = await cli('install');
    expect(install.code).toBe(0);
    expect(install.stdout).toContain(path);
    const written = JSON.parse(readFileSync(path, 'utf8'));
    expect(written.hooks.SessionStart[0].hooks[0].command).toContain(`GW_DIR=${join(dir, 'gw')}`);
    expect(written.hooks.SessionStart[0].hooks[0].command).toEndWith(' hook');
    const status = await cli('status', '--json');
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).installed).toBe(9);
    expect((await cli('uninstall')).code).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({});
  }, 30_000);

  it('refuses to touch a settings file it cannot parse', async () => {
    const path = join(dir, 'custom.json');
    writeFileSync(path, '{ "model": "sonnet", ');
    const out = await cli('install', '--settings', path);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('not valid JSON');
    expect(readFileSync(path, 'utf8')).toBe('{ "model": "sonnet", ');
    expect(existsSync(`${path}.bak`)).toBe(false);
  }, 30_000);

  it('refuses, in one line, a settings file it cannot read (a directory in its place)', async () => {
    const claude = join(dir, 'claude', 'settings.json');
    const codex = join(dir, 'codex', 'config.toml');
    mkdirSync(claude, { recursive: true });
    mkdirSync(codex, { recursive: true });
    for (const [args, path] of [[['install'], claude], [['install', '--codex'], codex], [['status', '--codex'], codex], [['uninstall'], claude]] as const) {
      const out = await cli(...args);
      expect(out.code).toBe(2);
      expect(out.stderr.trim()).toBe(`${path}: cannot be read (EISDIR: illegal operation on a directory, read); not changed`);
      expect(out.stdout).toBe('');
      expect(readdirSync(path)).toEqual([]);
    }
    expect(readdirSync(join(dir, 'claude'))).toEqual(['settings.json']);
    expect(readdirSync(join(dir, 'codex'))).toEqual(['config.toml']);
  }, 30_000);
});

describe('Gemini CLI hooks', () => {
  it('installs our command for its four events (timeouts in ms), beside the user\'s own hooks, once', () => {
    const user = { general: { vimMode: true }, hooks: { AfterAgent: [{ hooks: [{ type: 'command', command: 'say done' }] }] } };
    const { settings, changed } = installGeminiHooks(user, `${HOOK_MARKER} agentgw hook`);
    expect(changed).toEqual(['SessionStart', 'SessionEnd', 'Notification', 'AfterAgent']);
    const hooks = settings.hooks as Record<string, Array<{ hooks: Array<Record<string, unknown>> }>>;
    expect(hooks.AfterAgent!.flatMap((g) => g.hooks)).toEqual([
      { type: 'command', command: 'say done' },
      { type: 'command', name: 'agentgw', command: `${HOOK_MARKER} agentgw hook`, timeout: 5000 },
    ]);
    expect(installGeminiHooks(settings, `${HOOK_MARKER} agentgw hook`).changed).toEqual([]);
    expect(uninstallHooks(settings).settings).toEqual(user);
  });

  it('reads a Gemini payload under the gateway\'s names: AfterAgent is Stop, a ToolPermission notice a permission prompt', () => {
    const base = { session_id: 's1', transcript_path: '/h/.gemini/tmp/p/chats/session-1.jsonl', cwd: '/p', timestamp: '2026-11-28T13:58:16.207Z' };
    expect(isGeminiPayload({ ...base, hook_event_name: 'AfterAgent' })).toBe(true);
    // Claude Code's payloads carry no timestamp.
    expect(isGeminiPayload({ session_id: 's1', hook_event_name: 'Stop' })).toBe(false);
    expect(isGeminiPayload({ ...base, hook_event_name: 'BeforeTool' })).toBe(false);
    expect(fromGemini({ ...base, hook_event_name: 'AfterAgent', prompt_response: 'hi' })).toEqual({ event: 'Stop', data: { ...base, hook_event_name: 'AfterAgent', prompt_response: 'hi' } });
    expect(fromGemini({ ...base, hook_event_name: 'Notification', notification_type: 'ToolPermission' })?.data.notification_type).toBe('permission_prompt');
  });
});
