import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceFileContent } from '../../src/cli/service/detect';
import { fakeProgram, sandbox } from './helpers';

const box = sandbox('mp-launchd-');
const bin = join(box.home, 'bin');
const log = join(box.home, 'calls.log');
const loaded = join(box.home, 'loaded');
const plist = join(box.home, 'Library/LaunchAgents/com.devhub.modelproxy.plist');
const uid = process.getuid!();
const target = `gui/${uid}/com.devhub.modelproxy`;
const DRIVER = join(import.meta.dir, 'fixtures/launchd-driver.ts');
afterAll(() => box[Symbol.dispose]());

/** A stand-in launchctl: records its argv; `print` answers like launchd for a loaded, running agent. */
fakeProgram(bin, 'launchctl', `echo "launchctl $*" >> "${log}"
case "$1" in
  print) if [ -f "${loaded}" ]; then printf '\\tstate = running\\n\\tpid = 77\\n'; else echo "Could not find service" >&2; exit 113; fi ;;
  bootstrap) touch "${loaded}" ;;
  bootout) rm -f "${loaded}" ;;
esac`);
const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);

/** Runs one manager verb in a real process with the fake launchctl first on PATH. */
async function launchd(verb: string): Promise<unknown> {
  await using proc = Bun.spawn([process.execPath, DRIVER, box.home, box.dir, verb], {
    env: { ...process.env, HOME: box.home, PATH: `${bin}:/usr/bin:/bin` },
    stdout: 'pipe', stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  expect({ code, err }).toEqual({ code: 0, err: '' });
  return JSON.parse(out);
}

describe('launchd agent (macOS), fake launchctl first on PATH', () => {
  it('install writes the plist from the shared generator and bootstraps it in the gui domain', async () => {
    expect(await launchd('install')).toEqual([`wrote ${plist}`, `loaded ${target} (starts at login)`]);
    expect(readFileSync(plist, 'utf8')).toBe(serviceFileContent(box.dir, 'launchd'));
    expect(calls()).toEqual([`launchctl print ${target}`, `launchctl bootstrap gui/${uid} ${plist}`]);
  });

  it('state reads launchctl print', async () => {
    expect(await launchd('state')).toEqual({ installed: true, active: true, detail: 'running', pid: 77 });
  });

  it('reload sends SIGUSR1 through launchctl; restart kickstarts with -k; stop boots out', async () => {
    for (const verb of ['reload', 'restart', 'stop']) await launchd(verb);
    expect(calls().slice(-4)).toEqual([`launchctl kill SIGUSR1 ${target}`, `launchctl print ${target}`, `launchctl kickstart -k ${target}`, `launchctl bootout ${target}`]);
    expect(await launchd('state')).toMatchObject({ active: false, detail: 'not loaded', pid: null });
  });

  it('start bootstraps an unloaded agent first; uninstall unloads it and removes the plist', async () => {
    await launchd('start');
    expect(calls().slice(-2)).toEqual([`launchctl bootstrap gui/${uid} ${plist}`, `launchctl kickstart ${target}`]);
    expect(await launchd('uninstall')).toEqual([`unloaded ${target}`, `removed ${plist}`]);
    expect(existsSync(plist)).toBe(false);
    expect(await launchd('logs')).toEqual(['tail', '-n', '50', '-f', join(box.dir, 'modelproxy.log')]);
  });
});
