import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TempDirs } from '../../src/testing';

const DRIVER = join(import.meta.dir, '..', 'fixtures', 'service-driver.ts');
/** Each sandbox is removed when disposed; one left undisposed is removed after the run. */
const homes = new TempDirs();

/** A temp HOME with a bin/ for fake programs that append their argv to calls.log. */
export function serviceSandbox(prefix: string) {
  const home = homes.make(prefix);
  const bin = join(home, 'bin');
  const log = join(home, 'calls.log');
  mkdirSync(bin, { recursive: true });
  return {
    home,
    bin,
    log,
    /** Writes an executable shell script `name` into bin/ that first records `name args…`. */
    fake(name: string, body = '', dir = bin) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, name), `#!/bin/sh\necho "${name} $*" >> "${log}"\n${body}\n`);
      chmodSync(join(dir, name), 0o755);
    },
    calls: (): string[] => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []),
    clearCalls: () => rmSync(log, { force: true }),
    /** Runs one manager verb in a child process with `path` as its whole PATH. */
    async drive(platform: string, verb: string, path = `${bin}:/usr/bin:/bin`): Promise<{ value?: unknown; error?: { code: string; message: string } }> {
      await using proc = Bun.spawn([process.execPath, DRIVER, platform, verb], { env: { HOME: home, PATH: path }, stdout: 'pipe', stderr: 'pipe' });
      const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      if (code !== 0) throw new Error(`driver ${verb} exited ${code}: ${err}`);
      return JSON.parse(out);
    },
    [Symbol.dispose]: () => homes.remove(home),
  };
}
