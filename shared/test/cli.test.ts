import { afterAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '../src/testing';

// A tiny CLI built on the shared runner, run as a real process like the products' CLIs.
const dir = useTempDirs(afterAll).make('cli-');
const script = join(dir, 'demo.ts');
writeFileSync(script, `
import { defineCommand } from 'citty';
import { AppError, BadArgument, ConfigError, ExitStatus } from ${JSON.stringify(join(import.meta.dir, '../src/index.ts'))};
import { runCli } from ${JSON.stringify(join(import.meta.dir, '../src/cli.ts'))};
const fail = defineCommand({
  meta: { name: 'fail', description: 'fails as asked' },
  args: { kind: { type: 'string', description: 'app | config | bad | crash | status' } },
  run({ args }) {
    if (args.kind === 'app') throw new AppError('BROKEN', 500, 'it broke');
    if (args.kind === 'config') throw new ConfigError('/x/config.yaml', ['a.b: expected string']);
    if (args.kind === 'bad') throw new BadArgument('--kind wants a value');
    if (args.kind === 'crash') throw new TypeError('boom');
    if (args.kind === 'status') throw new ExitStatus(3);
    if (args.kind === 'stopped') throw new ExitStatus(1, '1 check failed');
    if (args.kind === 'long') { process.stdout.write('x'.repeat(1 << 20)); return; }
    process.stdout.write('ok\\n');
  },
});
const group = defineCommand({ meta: { name: 'group', description: 'a group' }, subCommands: { fail } });
await runCli(defineCommand({ meta: { name: 'demo', version: '1.2.3', description: 'demo cli' }, subCommands: { fail, group } }));
`);

async function demo(args: string[], env: Record<string, string> = {}) {
  // citty never colours under CI or TEST (whatever FORCE_COLOR says), so the colour checks run without them.
  const { NO_COLOR: _n, FORCE_COLOR: _f, CI: _ci, TEST: _t, ...rest } = process.env;
  await using proc = Bun.spawn(['bun', script, ...args], { env: { ...rest, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('shared CLI runner', () => {
  it('ends quietly when the reader of its output goes away (a pipe into head)', async () => {
    await using proc = Bun.spawn(['bash', '-c', `bun ${JSON.stringify(script)} fail --kind long | head -c 1 >/dev/null; echo "exit \${PIPESTATUS[0]}"`], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect({ stdout, stderr }).toEqual({ stdout: 'exit 0\n', stderr: '' });
  });

  it('runs a command and exits 0', async () => {
    expect(await demo(['fail'])).toEqual({ stdout: 'ok\n', stderr: '', code: 0 });
  });

  it('exits 2 on an unknown option instead of ignoring it, and on an unknown command', async () => {
    const typo = await demo(['fail', '--kindd', 'app']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown option --kindd');
    expect(typo.stdout).toBe('');
    const unknown = await demo(['nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command nope');
  });

  it('maps errors to exit codes: bad arguments and config 2, other AppErrors 1, crashes 1 with a trace', async () => {
    expect(await demo(['fail', '--kind', 'bad'])).toMatchObject({ code: 2, stderr: 'error: --kind wants a value\n' });
    const config = await demo(['fail', '--kind', 'config']);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('a.b: expected string');
    expect(await demo(['fail', '--kind', 'app'])).toMatchObject({ code: 1, stderr: 'error: it broke\n' });
    const crash = await demo(['fail', '--kind', 'crash']);
    expect(crash.code).toBe(1);
    expect(crash.stderr).toContain('unexpected error: TypeError: boom');
  });

  it('an ExitStatus ends the command with its code, printing only its message', async () => {
    expect(await demo(['fail', '--kind', 'status'])).toEqual({ stdout: '', stderr: '', code: 3 });
    expect(await demo(['group', 'fail', '--kind', 'stopped'])).toEqual({ stdout: '', stderr: '1 check failed\n', code: 1 });
  });

  it('prints help without colour in a pipe, with FORCE_COLOR in colour, and names nested commands from the root', async () => {
    const plain = await demo(['group', 'fail', '--help']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain('\x1b[');
    expect(plain.stdout).toContain('USAGE demo group fail');
    const coloured = await demo(['--help'], { FORCE_COLOR: '1' });
    expect(coloured.stdout).toContain('\x1b[');
    expect((await demo(['--help'], { FORCE_COLOR: '1', NO_COLOR: 'yes' })).stdout).not.toContain('\x1b[');
  });

  it('prints the version', async () => {
    expect((await demo(['--version'])).stdout.trim()).toBe('1.2.3');
  });
});
