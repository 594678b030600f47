import { describe, expect, it } from 'bun:test';
import { resolve } from 'node:path';

const LOGGER = resolve(import.meta.dir, '../src/logger.ts');

describe('one-line logger', () => {
  it('masks a URL password in what it writes', async () => {
    const code = `const { createLogger } = await import(${JSON.stringify(LOGGER)});
createLogger('t', 3, { oneLine: true }).warn('no answer from http://admin:BASICPASS-9999@127.0.0.1:9/v1/messages');`;
    await using proc = Bun.spawn([process.execPath, '-e', code], { stdout: 'pipe', stderr: 'pipe' });
    const [out, err, exit] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(exit).toBe(0);
    expect(`${out}${err}`).toBe('[t] WARN no answer from http://admin:BASI***9999@127.0.0.1:9/v1/messages\n');
  });
});
