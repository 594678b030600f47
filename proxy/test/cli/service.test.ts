import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceFileContent } from '../../src/cli/service/detect';
import { cli, fakeProgram, sandbox } from './helpers';

const box = sandbox('mp-service-');
const bin = join(box.home, 'bin');
const log = join(box.home, 'calls.log');
const unitFile = join(box.home, '.config/systemd/user/modelproxy.service');
afterAll(() => box[Symbol.dispose]());

/** A stand-in systemctl: records its argv, answers `show` like a running unit. */
fakeProgram(bin, 'systemctl', `echo "systemctl $*" >> "${log}"
case "$*" in
  *show*) printf 'ActiveState=active\\nSubState=running\\nMainPID=4242\\n' ;;
esac`);
fakeProgram(bin, 'journalctl', `echo "journalctl $*" >> "${log}"; echo "Nov 21 proxy listening"`);
const env = { ...box.env, PATH: `${bin}:/usr/bin:/bin` };
const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);

describe('modelproxy service (systemd user unit, fake systemctl first on PATH)', () => {
  it('one unit lifecycle, in order: install, verbs, status, logs, uninstall', async () => {
    { // install writes the unit from the shared generator, reloads systemd and enables it
      const r = await cli(['service', 'install'], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const unit = readFileSync(unitFile, 'utf8');
      expect(unit).toContain('[Service]');
      expect(unit).toMatch(/^ExecStart=.+ serve$/m);
      expect(unit).toContain(`Environment=MODELPROXY_DIR=${box.dir}`);
      expect(unit).toContain('ExecReload=/bin/kill -USR1 $MAINPID');
      expect(calls()).toEqual(['systemctl --user daemon-reload', 'systemctl --user enable --now modelproxy.service']);
    }
    { // start, stop, restart and reload map to systemctl verbs
      rmSync(log, { force: true });
      for (const verb of ['start', 'stop', 'restart', 'reload']) expect((await cli(['service', verb], env)).code).toBe(0);
      expect(calls()).toEqual(['start', 'stop', 'restart', 'reload'].map((v) => `systemctl --user ${v} modelproxy.service`));
    }
    { // status reads the unit state
      const r = await cli(['service', 'status'], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`service: installed (${unitFile})`);
      expect(r.stdout).toContain('state:   active (running), pid 4242');
    }
    { // the top-level status shows the installed service and its state
      const r = await cli(['status'], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`service: installed (${unitFile}), active (running)`);
    }
    { // logs reads the journal of the unit
      const r = await cli(['service', 'logs', '-n', '20'], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('proxy listening');
      expect(calls().at(-1)).toBe('journalctl --user -u modelproxy.service -n 20 --no-pager');
    }
    { // logs -f follows the journal (streamed to the terminal) and the top-level logs is the same
      const r = await cli(['service', 'logs', '-f'], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('proxy listening');
      expect(calls().at(-1)).toBe('journalctl --user -u modelproxy.service -n 200 --no-pager -f');
      const top = await cli(['logs', '-n', '5'], env);
      expect(top.code).toBe(0);
      expect(calls().at(-1)).toBe('journalctl --user -u modelproxy.service -n 5 --no-pager');
    }
    { // uninstall disables the unit and removes the file
      const r = await cli(['service', 'uninstall'], env);
      expect(r.code).toBe(0);
      expect(existsSync(unitFile)).toBe(false);
      expect(calls().slice(-2)).toEqual(['systemctl --user disable --now modelproxy.service', 'systemctl --user daemon-reload']);
    }
  });

  it('a failed install leaves no unit behind: status says not installed (exit 1 in text and JSON), uninstall still works without a user session', async () => {
    // Its own HOME: the lifecycle test above installs a unit in the shared one.
    using own = sandbox('mp-service-broken-');
    const ownUnit = join(own.home, '.config/systemd/user/modelproxy.service');
    const broken = join(own.home, 'broken');
    // systemctl reaches no user session for enabling; `show` answers like systemd for an unknown unit.
    fakeProgram(broken, 'systemctl', `case "$*" in
  *show*) printf 'ActiveState=inactive\\nSubState=dead\\nMainPID=0\\n' ;;
  *daemon-reload*) exit 0 ;;
  *) echo "Failed to connect to bus: No medium found" >&2; exit 1 ;;
esac`);
    const brokenEnv = { ...own.env, PATH: `${broken}:/usr/bin:/bin` };
    const install = await cli(['service', 'install'], brokenEnv);
    expect(install.code).toBe(1);
    expect(install.stderr).toContain('no systemd user session is available here');
    expect(install.stderr).toContain(`nothing was installed (${ownUnit} removed again)`);
    expect(existsSync(ownUnit)).toBe(false);
    const text = await cli(['service', 'status'], brokenEnv);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('service: not installed (modelproxy service install)');
    const json = await cli(['service', 'status', '--json'], brokenEnv);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ manager: 'systemd', installed: false, active: false });
    // A unit left by an older version is removed even though systemctl cannot disable it.
    mkdirSync(join(own.home, '.config/systemd/user'), { recursive: true });
    writeFileSync(ownUnit, '[Service]\n');
    const uninstall = await cli(['service', 'uninstall'], brokenEnv);
    expect(uninstall.code).toBe(0);
    expect(uninstall.stdout).toContain('removing its files anyway');
    expect(uninstall.stdout).toContain(`removed ${ownUnit}`);
    expect(existsSync(ownUnit)).toBe(false);
  }, 60_000);

  it('says clearly when there is no systemd user session and suggests modelproxy serve', async () => {
    const noBus = join(box.home, 'nobus');
    fakeProgram(noBus, 'systemctl', 'echo "Failed to connect to bus: No medium found" >&2; exit 1');
    const r = await cli(['service', 'start'], { ...box.env, PATH: `${noBus}:/usr/bin:/bin` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no systemd user session is available here');
    expect(r.stderr).toContain('modelproxy serve');
  });

  it('says clearly when there is no service manager at all', async () => {
    const empty = join(box.home, 'empty');
    mkdirSync(empty, { recursive: true });
    const r = await cli(['service', 'install'], { ...box.env, PATH: empty });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('systemctl not found');
    expect(r.stderr).toContain('modelproxy serve');
  });
});

describe('service files for both platforms', () => {
  it('renders a launchd agent for macOS', () => {
    const plist = serviceFileContent('/Users/me/.modelproxy', 'launchd');
    expect(plist).toContain('<key>Label</key><string>com.devhub.modelproxy</string>');
    expect(plist).toContain('<string>serve</string>');
    expect(plist).toContain('<key>MODELPROXY_DIR</key><string>/Users/me/.modelproxy</string>');
    expect(plist).toContain('<key>StandardOutPath</key><string>/Users/me/.modelproxy/modelproxy.log</string>');
  });

  it('renders a systemd user unit for Linux', () => {
    const unit = serviceFileContent('/home/me/.modelproxy', 'systemd');
    expect(unit).toContain('WantedBy=default.target');
    expect(unit).toContain('Environment=MODELPROXY_DIR=/home/me/.modelproxy');
  });
});

describe('modelproxy logs without a service', () => {
  it('says where the lines are (no service installed) instead of showing an empty journal', async () => {
    using own = sandbox('mp-logs-none-');
    const ownBin = join(own.home, 'bin');
    const ownLog = join(own.home, 'calls.log');
    fakeProgram(ownBin, 'journalctl', `echo "journalctl $*" >> "${ownLog}"; echo "-- No entries --"`);
    for (const args of [['logs'], ['service', 'logs', '-f']]) {
      const r = await cli(args, { ...own.env, PATH: `${ownBin}:/usr/bin:/bin` });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('no service is installed (modelproxy service install): a modelproxy serve run by hand logs to its own terminal');
      expect(r.stderr).toContain(`${own.dir}/requests.jsonl`);
    }
    expect(existsSync(ownLog)).toBe(false);
  });

  it('refuses a --lines that is not a whole number of lines (exit 2) before looking for a service', async () => {
    using own = sandbox('mp-logs-lines-');
    for (const n of ['abc', '0', '-5', '2.5']) {
      const r = await cli(['logs', '-n', n], own.env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--lines ${n}: expected a whole number of lines, 1 or more`);
    }
  });
});
