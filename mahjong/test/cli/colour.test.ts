import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';

const CLI = join(import.meta.dir, '../../src/cli/index.ts');

async function help(env: Record<string, string>) {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !['NO_COLOR', 'FORCE_COLOR', 'CI', 'TEST'].includes(k)) clean[k] = v;
  await using proc = Bun.spawn(['bun', CLI, 'score', '--help'], { env: { ...clean, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  expect(code).toBe(0);
  expect(stdout).toContain('--honba');
  return stdout;
}

describe('help output colour', () => {
  it('is plain text when piped (no escape codes in a file or a pager)', async () => {
    expect(await help({})).not.toContain('\x1b[');
  });

  it('is plain with any non-empty NO_COLOR, as no-color.org says', async () => {
    expect(await help({ NO_COLOR: 'true' })).not.toContain('\x1b[');
  });

  it('is coloured when FORCE_COLOR asks for it', async () => {
    expect(await help({ FORCE_COLOR: '1' })).toContain('\x1b[');
  });
});
