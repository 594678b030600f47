import { afterEach, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { join } from 'node:path';
import { launchdPlist } from '../../src/service';
import { demoSpec } from '../fixtures/service-spec';
import { serviceSandbox } from './helpers';

const uid = process.getuid!();
const target = `gui/${uid}/com.devhub.demo`;

// Each test gets its own HOME and fake launchctl, so the tests hold in any order.
let box: ReturnType<typeof serviceSandbox>;
let plist: string;
beforeEach(() => {
  box = serviceSandbox('shared-launchd-');
  const loaded = join(box.home, 'loaded');
  plist = join(box.home, 'Library/LaunchAgents/com.devhub.demo.plist');
  /** A stand-in launchctl: `print` answers like launchd for a loaded, running agent. */
  box.fake('launchctl', `case "$1" in
  print) if [ -f "${loaded}" ]; then printf '\\tstate = running\\n\\tpid = 77\\n'; else echo "Could not find service" >&2; exit 113; fi ;;
  bootstrap) touch "${loaded}" ;;
  bootout) rm -f "${loaded}" ;;
esac`);
});
afterEach(() => box[Symbol.dispose]());

/** Installs the agent through the driver and forgets the calls that took. */
async function installed(): Promise<void> {
  await box.drive('darwin', 'install');
  box.clearCalls();
}

describe('launchd agent (fake launchctl first on PATH)', () => {
  it('install writes the generated plist and bootstraps it in the gui domain', async () => {
    expect(await box.drive('darwin', 'install')).toEqual({ value: [`wrote ${plist}`, `loaded ${target} (starts at login)`] });
    expect(readFileSync(plist, 'utf8')).toBe(launchdPlist(demoSpec(box.home)));
    expect(box.calls()).toEqual([`launchctl print ${target}`, `launchctl bootstrap gui/${uid} ${plist}`]);
  });

  it('reinstalling boots the loaded agent out first', async () => {
    await installed();
    await box.drive('darwin', 'install');
    expect(box.calls()).toEqual([`launchctl print ${target}`, `launchctl bootout ${target}`, `launchctl bootstrap gui/${uid} ${plist}`]);
  });

  it('state, reload (SIGUSR1), restart (kickstart -k), stop (bootout), then start bootstraps again', async () => {
    await installed();
    expect(await box.drive('darwin', 'state')).toEqual({ value: { installed: true, active: true, detail: 'running', pid: 77 } });
    box.clearCalls();
    for (const verb of ['reload', 'restart', 'stop', 'start']) await box.drive('darwin', verb);
    expect(box.calls()).toEqual([
      `launchctl kill SIGUSR1 ${target}`,
      `launchctl print ${target}`, `launchctl kickstart -k ${target}`,
      `launchctl bootout ${target}`,
      `launchctl print ${target}`, `launchctl bootstrap gui/${uid} ${plist}`, `launchctl kickstart ${target}`,
    ]);
  });

  it('logs tail the spec\'s log file; uninstall unloads and removes the plist', async () => {
    await installed();
    expect(await box.drive('darwin', 'logs')).toEqual({ value: ['tail', '-n', '10', join(box.home, 'demo.log')] });
    expect(await box.drive('darwin', 'uninstall')).toEqual({ value: [`unloaded ${target}`, `removed ${plist}`] });
    expect(existsSync(plist)).toBe(false);
  });
});

describe('a failed launchd install leaves nothing behind', () => {
  it('when bootstrap fails the plist is removed again, and uninstall removes a plist launchctl cannot unload', async () => {
    box.fake('launchctl', `case "$1" in
  print) printf '\\tstate = running\\n' ;;
  bootstrap) echo "Bootstrap failed: 5: Input/output error" >&2; exit 5 ;;
  bootout) echo "Boot-out failed: 5: Input/output error" >&2; exit 5 ;;
esac`);
    mkdirSync(dirname(plist), { recursive: true });
    const r = await box.drive('darwin', 'install');
    expect(r.error?.code).toBe('COMMAND_FAILED');
    expect(r.error?.message).toContain('Boot-out failed');
    writeFileSync(plist, 'left behind\n');
    const un = await box.drive('darwin', 'uninstall');
    expect(un.value).toEqual([`could not unload ${target} (launchctl bootout ${target} failed (exit 5): Boot-out failed: 5: Input/output error); removing its file anyway`, `removed ${plist}`]);
    expect(existsSync(plist)).toBe(false);
  });

  it('a bootstrap that fails on a fresh install removes the new plist', async () => {
    box.fake('launchctl', `case "$1" in
  print) echo "Could not find service" >&2; exit 113 ;;
  bootstrap) echo "Bootstrap failed: 5: Input/output error" >&2; exit 5 ;;
esac`);
    const r = await box.drive('darwin', 'install');
    expect(r.error).toEqual({ code: 'COMMAND_FAILED', message: `launchctl bootstrap gui/${uid} ${plist} failed (exit 5): Bootstrap failed: 5: Input/output error; nothing was installed (${plist} removed again)` });
    expect(existsSync(plist)).toBe(false);
  });
});
