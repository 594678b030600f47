import { afterEach, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { systemdUnit } from '../../src/service';
import { demoSpec } from '../fixtures/service-spec';
import { serviceSandbox } from './helpers';

// Each test gets its own HOME and fake systemctl, so the tests hold in any order.
let box: ReturnType<typeof serviceSandbox>;
let unitFile: string;
beforeEach(() => {
  box = serviceSandbox('shared-systemd-');
  unitFile = join(box.home, '.config/systemd/user/demo.service');
  /** A stand-in systemctl: `show` answers like a running unit; `restart` fails. */
  box.fake('systemctl', `case "$*" in
  *show*) printf 'ActiveState=active\\nSubState=running\\nMainPID=4242\\n' ;;
  *restart*) echo "Job for demo.service failed." >&2; exit 1 ;;
esac`);
});
afterEach(() => box[Symbol.dispose]());

/** Installs the unit through the driver and forgets the calls that took. */
async function installed(): Promise<void> {
  await box.drive('linux', 'install');
  box.clearCalls();
}

describe('systemd user service (fake systemctl first on PATH)', () => {
  it('install replaces an old unit atomically with the generated one, then daemon-reloads and enables it', async () => {
    mkdirSync(dirname(unitFile), { recursive: true });
    writeFileSync(unitFile, 'old unit\n');
    expect(await box.drive('linux', 'install')).toEqual({ value: [`wrote ${unitFile}`, 'enabled and started demo.service'] });
    expect(readFileSync(unitFile, 'utf8')).toBe(systemdUnit(demoSpec(box.home)));
    expect(readFileSync(unitFile, 'utf8')).toContain(`Environment="DEMO_DIR=${box.home}/state dir"`);
    expect(readdirSync(dirname(unitFile))).toEqual(['demo.service']);
    expect(box.calls()).toEqual(['systemctl --user daemon-reload', 'systemctl --user enable --now demo.service']);
  });

  it('start, stop and reload call the matching systemctl verb on the unit', async () => {
    for (const verb of ['start', 'stop', 'reload']) expect(await box.drive('linux', verb)).toEqual({ value: null });
    expect(box.calls()).toEqual(['start', 'stop', 'reload'].map((v) => `systemctl --user ${v} demo.service`));
  });

  it('a refused verb is a COMMAND_FAILED error carrying systemctl\'s first line', async () => {
    const r = await box.drive('linux', 'restart');
    expect(r.error?.code).toBe('COMMAND_FAILED');
    expect(r.error?.message).toBe('systemctl --user restart demo.service failed (exit 1): Job for demo.service failed.');
  });

  it('state parses systemctl show', async () => {
    await installed();
    expect(await box.drive('linux', 'state')).toEqual({ value: { installed: true, active: true, detail: 'active (running)', pid: 4242 } });
  });

  it('logs read the unit\'s journal', async () => {
    expect(await box.drive('linux', 'logs')).toEqual({ value: ['journalctl', '--user', '-u', 'demo.service', '-n', '10', '--no-pager'] });
  });

  it('uninstall disables the unit, removes the file and reloads; a second uninstall calls nothing', async () => {
    await installed();
    expect(await box.drive('linux', 'uninstall')).toEqual({ value: ['stopped and disabled demo.service', `removed ${unitFile}`] });
    expect(existsSync(unitFile)).toBe(false);
    expect(box.calls()).toEqual(['systemctl --user disable --now demo.service', 'systemctl --user daemon-reload']);
    box.clearCalls();
    expect(await box.drive('linux', 'uninstall')).toEqual({ value: [`${unitFile} does not exist; nothing to remove`] });
    expect(box.calls()).toEqual([]);
  });
});

describe('a failed install leaves nothing behind', () => {
  it('when enable fails the new unit is removed again (and its enable link), so nothing looks installed', async () => {
    box.fake('systemctl', `case "$*" in
  *enable*) mkdir -p "${join(box.home, '.config/systemd/user/default.target.wants')}"; ln -sf ../demo.service "${join(box.home, '.config/systemd/user/default.target.wants/demo.service')}"; echo "Job for demo.service failed because the control process exited with error code." >&2; exit 1 ;;
  *show*) printf 'ActiveState=inactive\\nSubState=dead\\nMainPID=0\\n' ;;
esac`);
    const r = await box.drive('linux', 'install');
    expect(r.error).toEqual({ code: 'COMMAND_FAILED', message: `systemctl --user enable --now demo.service failed (exit 1): Job for demo.service failed because the control process exited with error code.; nothing was installed (${unitFile} removed again)` });
    expect(existsSync(unitFile)).toBe(false);
    expect(existsSync(join(box.home, '.config/systemd/user/default.target.wants/demo.service'))).toBe(false);
    expect(box.calls().slice(-2)).toEqual(['systemctl --user disable demo.service', 'systemctl --user daemon-reload']);
    expect((await box.drive('linux', 'state')).value).toMatchObject({ installed: false });
  });

  it('a failed reinstall puts the previous unit back', async () => {
    mkdirSync(dirname(unitFile), { recursive: true });
    writeFileSync(unitFile, 'old unit\n');
    const noBus = join(box.home, 'nobus');
    box.fake('systemctl', 'echo "Failed to connect to bus: No medium found" >&2; exit 1', noBus);
    const r = await box.drive('linux', 'install', `${noBus}:/usr/bin:/bin`);
    expect(r.error?.code).toBe('NO_SERVICE_MANAGER');
    expect(r.error?.message).toEndWith(`; the previous ${unitFile} was put back`);
    expect(readFileSync(unitFile, 'utf8')).toBe('old unit\n');
  });

  it('uninstall removes the unit and its enable link even when systemctl cannot reach a user session', async () => {
    mkdirSync(join(dirname(unitFile), 'default.target.wants'), { recursive: true });
    writeFileSync(unitFile, 'left by an older version\n');
    writeFileSync(join(dirname(unitFile), 'default.target.wants/demo.service'), '');
    const noBus = join(box.home, 'nobus');
    box.fake('systemctl', 'echo "Failed to connect to bus: No medium found" >&2; exit 1', noBus);
    const r = await box.drive('linux', 'uninstall', `${noBus}:/usr/bin:/bin`);
    expect(r.value).toEqual([
      'could not stop and disable demo.service (no systemd user session is available here (Failed to connect to bus: No medium found). Run it in the foreground instead: demo run); removing its files anyway',
      `removed ${unitFile}`,
    ]);
    expect(existsSync(unitFile)).toBe(false);
    expect(existsSync(join(dirname(unitFile), 'default.target.wants/demo.service'))).toBe(false);
  });
});

describe('no usable service manager', () => {
  it('no user bus is NO_SERVICE_MANAGER suggesting the foreground command', async () => {
    const noBus = join(box.home, 'nobus');
    box.fake('systemctl', 'echo "Failed to connect to bus: No medium found" >&2; exit 1', noBus);
    const r = await box.drive('linux', 'start', `${noBus}:/usr/bin:/bin`);
    expect(r.error).toEqual({ code: 'NO_SERVICE_MANAGER', message: 'no systemd user session is available here (Failed to connect to bus: No medium found). Run it in the foreground instead: demo run' });
  });

  it('no systemctl on Linux, and any other platform, say so', async () => {
    const empty = join(box.home, 'empty');
    mkdirSync(empty, { recursive: true });
    expect((await box.drive('linux', 'install', empty)).error).toEqual({ code: 'NO_SERVICE_MANAGER', message: 'systemctl not found (no systemd on this machine). Run it in the foreground instead: demo run' });
    expect((await box.drive('win32', 'install')).error?.message).toStartWith('no supported service manager on win32.');
  });
});
