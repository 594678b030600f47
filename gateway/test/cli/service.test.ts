import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { join } from 'node:path';

const entry = join(import.meta.dir, '..', '..', 'src', 'cli', 'index.ts');
const temp = useTempDirs(afterAll, 'agentgw-service-');

/** A stand-in systemctl first on PATH: records its argv in `log`, then runs `body`. */
function fakeSystemctl(dir: string, log: string, body: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'systemctl'), `#!/bin/sh\necho "systemctl $*" >> "${log}"\n${body}\n`);
  chmodSync(join(dir, 'systemctl'), 0o755);
}

/**
 * A temporary HOME of its own per test, with a systemctl that answers `show` like a running unit
 * while the unit file exists; `installed` runs `service install` first and forgets its calls.
 */
async function freshHome(installed = false) {
  const home = temp.make();
  const gwDir = join(home, 'gw');
  const bin = join(home, 'bin');
  const log = join(home, 'calls.log');
  const unitFile = join(home, '.config/systemd/user/agentgw.service');
  const PATH = `${bin}:/usr/bin:/bin`;
  mkdirSync(gwDir, { recursive: true });
  fakeSystemctl(bin, log, `case "$*" in
  *show*) if [ -f "${unitFile}" ]; then printf 'ActiveState=active\\nSubState=running\\nMainPID=4242\\n'; else printf 'ActiveState=inactive\\nSubState=dead\\nMainPID=0\\n'; fi ;;
esac`);
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  async function agentgw(args: string[], path = PATH) {
    const env = { PATH: path, HOME: home, GW_DIR: gwDir, GW_API_PORT: '8977' };
    await using proc = Bun.spawn([process.execPath, entry, ...args], { env, stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' });
    const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    return { code, out, err };
  }
  if (installed) {
    expect((await agentgw(['service', 'install'])).code).toBe(0);
    rmSync(log, { force: true });
  }
  return { home, gwDir, log, unitFile, PATH, calls, agentgw };
}

describe('agentgw service (systemd user unit, fake systemctl first on PATH)', () => {
  it('install writes a unit running `agentgw server start` in the foreground with the listen address and GW_DIR', async () => {
    const { agentgw, unitFile, gwDir, PATH, calls } = await freshHome();
    const r = await agentgw(['service', 'install', '--host', '127.0.0.1']);
    expect(r).toEqual({ code: 0, out: `wrote ${unitFile}\nenabled and started agentgw.service\n`, err: '' });
    expect(readFileSync(unitFile, 'utf8')).toBe([
      '[Unit]',
      'Description=agentgw — session gateway',
      'After=network-online.target',
      '',
      '[Service]',
      'Type=simple',
      `ExecStart=${process.execPath} ${entry} server start --host 127.0.0.1 --port 8977`,
      `WorkingDirectory=${gwDir}`,
      `Environment=GW_DIR=${gwDir}`,
      `Environment=PATH=${PATH}`,
      'Restart=on-failure',
      'RestartSec=3',
      '',
      '[Install]',
      'WantedBy=default.target',
      '',
    ].join('\n'));
    expect(calls()).toEqual(['systemctl --user daemon-reload', 'systemctl --user enable --now agentgw.service']);
  });

  it('--dry-run prints the unit and touches nothing', async () => {
    const { agentgw, unitFile, calls } = await freshHome();
    const r = await agentgw(['service', 'install', '--dry-run', '--port', '9100']);
    expect(r.code).toBe(0);
    expect(r.out).toStartWith(`# ${unitFile}\n[Unit]\n`);
    expect(r.out).toContain('server start --host 0.0.0.0 --port 9100\n');
    expect(calls()).toEqual([]);
  });

  it('start, stop and restart map to systemctl verbs on agentgw.service', async () => {
    const { agentgw, calls } = await freshHome(true);
    for (const [verb, said] of [['start', 'started'], ['stop', 'stopped'], ['restart', 'restarted']] as const) {
      expect(await agentgw(['service', verb])).toEqual({ code: 0, out: `${said} (systemd)\n`, err: '' });
    }
    expect(calls()).toEqual(['start', 'stop', 'restart'].map((v) => `systemctl --user ${v} agentgw.service`));
  });

  it('status reports the installed, running unit (exit 0)', async () => {
    const { agentgw, unitFile } = await freshHome(true);
    expect(await agentgw(['service', 'status'])).toEqual({ code: 0, out: `service: installed (${unitFile})\nstate:   active (running), pid 4242\n`, err: '' });
  });

  it('uninstall disables the unit and removes the file; status then exits 1', async () => {
    const { agentgw, unitFile, calls } = await freshHome(true);
    expect((await agentgw(['service', 'uninstall'])).code).toBe(0);
    expect(existsSync(unitFile)).toBe(false);
    expect(calls()).toEqual(['systemctl --user disable --now agentgw.service', 'systemctl --user daemon-reload']);
    const status = await agentgw(['service', 'status']);
    expect(status.code).toBe(1);
    expect(status.out).toContain('service: not installed (agentgw service install)');
  });

  it('without a systemd user session it fails (exit 1) suggesting agentgw server start', async () => {
    const { agentgw, home, log } = await freshHome();
    const noBus = join(home, 'nobus');
    fakeSystemctl(noBus, log, 'echo "Failed to connect to bus: No medium found" >&2; exit 1');
    const r = await agentgw(['service', 'start'], `${noBus}:/usr/bin:/bin`);
    expect(r.code).toBe(1);
    expect(r.err).toContain('no systemd user session is available here');
    expect(r.err).toContain('agentgw server start');
  });
});
