import { afterAll, describe, expect, it } from 'bun:test';
import { ConfigError } from '@devhub/shared';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { loadGatewayConfig, normalizeProvider, resolveGatewayConfig } from '../../src/config';

const temp = useTempDirs(afterAll, 'agentgw-config-');
function home(yaml?: string): string {
  const dir = temp.make();
  if (yaml !== undefined) writeFileSync(join(dir, 'config.yaml'), yaml);
  return dir;
}

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('gateway config', () => {
  it('fills the documented defaults when there is no config.yaml', () => {
    const dir = home();
    const config = loadGatewayConfig({ GW_DIR: dir, HOME: dir });
    expect(config).toMatchObject({
      state_dir: dir, home_dir: dir, default_provider: 'agent_a', tmux_session: 'agentgw', api_host: '0.0.0.0',
      api_port: 8900, api_key: '', monitor_poll_interval: 1, status_poll_interval: 1, autoclose_done_minutes: 30,
      autoclose_dead_minutes: 10, window_width: 200, window_height: 50,
    });
    expect(config.providers.agent_a).toEqual({ command: 'claude', yolo_flags: '--dangerously-skip-permissions' });
    expect(config.providers.agent_b.yolo_flags).toBe('--dangerously-bypass-approvals-and-sandbox');
    expect(config.providers.agent_c.yolo_flags).toBe('--yolo');
    expect(config.providers.shell.command).toBe('');
  });

  it('reads config.yaml and lets every environment variable of the spec win over it', () => {
    const dir = home([
      'default_provider: agent_b', 'tmux_session: fromfile', 'api_host: 127.0.0.1', 'api_port: 9000', 'api_key: filekey',
      'monitor_poll_interval: 2', 'status_poll_interval: 3', 'autoclose_done_minutes: 5', 'autoclose_dead_minutes: 6',
      'providers:', '  agent_a: { command: my-claude, yolo_flags: --yes }',
    ].join('\n'));
    expect(loadGatewayConfig({ GW_DIR: dir }).providers.agent_a.command).toBe('my-claude');
    expect(loadGatewayConfig({ GW_DIR: dir }).tmux_session).toBe('fromfile');
    const config = loadGatewayConfig({
      GW_DIR: dir, GW_PROVIDER: 'gemini', TMUX_SESSION_NAME: 'fromenv', GW_API_HOST: '::1', GW_API_PORT: '9100',
      GW_API_KEY: 'envkey', MONITOR_POLL_INTERVAL: '0.5', GW_STATUS_POLL_INTERVAL: '0.25', AUTOCLOSE_DONE_MINUTES: '0',
      AUTOCLOSE_DEAD_MINUTES: '1.5', AGENT_A_CONFIG_DIR: '/x/claude', GW_TMUX_SOCKET: 'sock',
    });
    expect(config).toMatchObject({
      default_provider: 'agent_c', tmux_session: 'fromenv', api_host: '::1', api_port: 9100, api_key: 'envkey',
      monitor_poll_interval: 0.5, status_poll_interval: 0.25, autoclose_done_minutes: 0, autoclose_dead_minutes: 1.5,
      agent_a_config_dir: '/x/claude', tmux_socket: 'sock',
    });
  });

  it('takes fast polls (a test harness sets 0.05) and rejects intervals below 0.01 s, from the file and from the environment, naming the variable', () => {
    expect(loadGatewayConfig({ GW_DIR: home('monitor_poll_interval: 0.05\n'), GW_STATUS_POLL_INTERVAL: '0.02' })).toMatchObject({ monitor_poll_interval: 0.05, status_poll_interval: 0.02 });
    const dir = home('monitor_poll_interval: 0.005\n');
    expect(problemsOf(() => loadGatewayConfig({ GW_DIR: dir }))).toEqual([expect.stringMatching(/^monitor_poll_interval: .*0\.01/)]);
    const ok = home();
    const problems = problemsOf(() => loadGatewayConfig({ GW_DIR: ok, GW_STATUS_POLL_INTERVAL: '0.001', GW_API_PORT: 'abc' }));
    expect(problems).toContain('GW_API_PORT: expected a number, got "abc"');
    expect(problems.some((p) => p.startsWith('status_poll_interval:') && p.endsWith('(from env GW_STATUS_POLL_INTERVAL)'))).toBe(true);
  });

  it('refuses a tmux socket given as a path (tmux -L takes a name; tmux itself would fail to make it yet exit 0)', () => {
    expect(problemsOf(() => loadGatewayConfig({ GW_DIR: home(), GW_TMUX_SOCKET: 'no/such/dir/sock' }))).toEqual([expect.stringMatching(/^tmux_socket: .*\(from env GW_TMUX_SOCKET\)$/)]);
    expect(problemsOf(() => loadGatewayConfig({ GW_DIR: home('tmux_socket: /tmp/x\n') }))).toEqual([expect.stringMatching(/^tmux_socket: /)]);
    expect(loadGatewayConfig({ GW_DIR: home(), GW_TMUX_SOCKET: 'agw-test.1' }).tmux_socket).toBe('agw-test.1');
  });

  it('reports every bad key at once, unknown keys and unknown providers included', () => {
    const dir = home('api_port: 70000\nwindow_width: "wide"\nbogus: 1\n');
    const problems = problemsOf(() => loadGatewayConfig({ GW_DIR: dir }));
    expect(problems.some((p) => p.startsWith('api_port:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('window_width:'))).toBe(true);
    expect(problems.some((p) => p.includes('bogus') || p.startsWith('(root)'))).toBe(true);
    expect(problemsOf(() => loadGatewayConfig({ GW_DIR: home(), GW_PROVIDER: 'vim' }))[0]).toContain('unknown provider "vim"');
  });

  it('lists an unknown default_provider together with the other problems, naming the accepted names', () => {
    const problems = problemsOf(() => loadGatewayConfig({ GW_DIR: home('default_provider: foo\nstatus_poll_interval: 0\n') }));
    expect(problems).toHaveLength(2);
    expect(problems.find((p) => p.startsWith('default_provider:'))).toContain('unknown provider "foo" (expected one of agent_a, agent_b, agent_c, agent_d, shell or claude, codex, gemini, pi)');
    expect(problems.some((p) => p.startsWith('status_poll_interval:'))).toBe(true);
  });

  it('reports malformed YAML with its line instead of crashing', () => {
    const dir = home('api_port: [1,\n');
    expect(problemsOf(() => loadGatewayConfig({ GW_DIR: dir }))[0]).toMatch(/line \d+/);
  });

  it('moves state files with state_dir, relative to the config directory, unless GW_DIR is set', () => {
    const dir = home('state_dir: state\n');
    const where = { homeDir: dir, file: join(dir, 'config.yaml') };
    expect(resolveGatewayConfig({ state_dir: 'state' }, { ...where, env: {} }).state_dir).toBe(join(dir, 'state'));
    expect(resolveGatewayConfig({ state_dir: '~/st' }, { ...where, env: { HOME: '/home/u' } }).state_dir).toBe('/home/u/st');
    const config = loadGatewayConfig({ GW_DIR: dir });
    expect(config.state_dir).toBe(dir);
    expect(config.config_file).toBe(join(dir, 'config.yaml'));
  });

  it('accepts assistant names as provider aliases', () => {
    expect(normalizeProvider('claude')).toBe('agent_a');
    expect(normalizeProvider('Codex')).toBe('agent_b');
    expect(normalizeProvider('shell')).toBe('shell');
    expect(normalizeProvider('emacs')).toBeNull();
  });
});
