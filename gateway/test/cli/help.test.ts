import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';

const entry = join(import.meta.dir, '..', '..', 'src', 'cli', 'index.ts');
const temp = useTempDirs(afterAll, 'agentgw-help-');

async function agentgw(args: string[], extraEnv: Record<string, string> = {}) {
  const dir = temp.make();
  try {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, GW_DIR: dir, ...extraEnv };
    await using proc = Bun.spawn(['bun', entry, ...args], { env, stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' });
    const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    return { code, out, err };
  } finally {
    temp.remove(dir);
  }
}

const ESC = '\x1b[';

describe('agentgw help', () => {
  it('prints plain help into a pipe, and errors without escape codes', async () => {
    const help = await agentgw(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('USAGE agentgw server|serve|hook|hooks|service');
    expect(help.out).not.toContain(ESC);
    const unknown = await agentgw(['bogus']);
    expect(unknown.err).toContain('Unknown command bogus');
    expect(unknown.out + unknown.err).not.toContain(ESC);
  });

  it('colours help when FORCE_COLOR asks, even in a pipe', async () => {
    expect((await agentgw(['--help'], { FORCE_COLOR: '1' })).out).toContain(ESC);
  });

  it('names nested commands as they are typed (agentgw server start, agentgw hooks status)', async () => {
    expect((await agentgw(['server', 'start', '--help'])).out).toContain('USAGE agentgw server start [OPTIONS]');
    expect((await agentgw(['hooks', 'status', '--help'])).out).toContain('USAGE agentgw hooks status [OPTIONS]');
  });
});
