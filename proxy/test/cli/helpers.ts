import { TempDirs } from '@devhub/shared/testing';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CLI = resolve(import.meta.dir, '../../src/cli/index.ts');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Each sandbox is removed when disposed; one left undisposed is removed after the run. */
const homes = new TempDirs('mp-cli-');

/** A throw-away HOME with the state dir inside it; nothing touches the real home. */
export function sandbox(prefix = 'mp-cli-') {
  const home = homes.make(prefix);
  const dir = join(home, '.modelproxy');
  mkdirSync(dir, { recursive: true });
  return {
    home,
    dir,
    env: { HOME: home, MODELPROXY_DIR: dir, NO_COLOR: '1', TZ: 'UTC' } as Record<string, string>,
    /** Written 0600 like the file serve writes (doctor warns about one others can read). */
    writeConfig(text: string) {
      writeFileSync(join(dir, 'config.yaml'), text);
      chmodSync(join(dir, 'config.yaml'), 0o600);
    },
    [Symbol.dispose]() {
      homes.remove(home);
    },
  };
}

/** Runs `bun proxy/src/cli/index.ts …` as a real process. */
export async function cli(args: string[], env: Record<string, string | undefined>, stdin?: string): Promise<CliResult> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, ...env })) if (v !== undefined) merged[k] = v;
  await using proc = Bun.spawn([process.execPath, CLI, ...args], {
    env: merged,
    stdin: stdin === undefined ? 'ignore' : new TextEncoder().encode(stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

/** An executable shell script standing in for a system program (placed first on PATH). */
export function fakeProgram(binDir: string, name: string, script: string): void {
  mkdirSync(binDir, { recursive: true });
  const path = join(binDir, name);
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
}
