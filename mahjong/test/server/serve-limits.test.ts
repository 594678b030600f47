import { afterAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readUntil, useTempDirs } from '@devhub/shared/testing';
import { postFrom } from './from-address';

// The per-client limits as `mahjong serve` reads them from its flags and environment.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

describe('mahjong serve limits', () => {
  it('with --create-rate off limits no rate, and --max-per-client still caps what one address holds', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--create-rate', 'off'], {
      env: { ...process.env, MAHJONG_DIR: temp.make('mj-limits-serve-'), MAHJONG_MAX_PER_CLIENT: '3', NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
    });
    const base = (await readUntil(proc.stdout, /http:\/\/127\.0\.0\.1:\d+/))[0];
    const port = Number(new URL(base).port);
    // A client at another address (127.0.0.1 itself is the owner's machine, never limited).
    const post = (body: unknown) => postFrom('127.0.0.2', port, '/api/game/new', body);
    // More requests than any burst: none is refused for its rate.
    for (let i = 0; i < 12; i++) expect((await post({ mode: 'nonsense' })).status).toBe(422);
    for (let i = 0; i < 3; i++) expect((await post({ mode: 'human_ai', max_round: 0 })).status).toBe(200);
    const over = await post({ mode: 'human_ai', max_round: 0 });
    expect([over.status, over.json.code, over.retryAfter]).toEqual([429, 'TOO_MANY_FOR_CLIENT', '60']);
    const own = await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'human_ai', max_round: 0 }) });
    expect(own.status).toBe(200);
    proc.kill('SIGTERM');
    await proc.exited;
  });

  it('refuses a cap, a rate or a proxy it cannot read (exit 2, naming the flag)', async () => {
    for (const [flag, value] of [['--max-saved-games', '0'], ['--create-rate', '30/fortnight'], ['--create-burst', '0'], ['--max-per-client', '1.5'], ['--max-per-client', 'none'], ['--trusted-proxy', '10.0.0.0/33']] as const) {
      const proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', flag, value], { env: { ...process.env, MAHJONG_DIR: temp.make('mj-cap-bad-'), NO_COLOR: '1' }, stdout: 'pipe', stderr: 'pipe' });
      const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
      expect([flag, code]).toEqual([flag, 2]);
      expect(err).toContain(flag);
      expect(err).toContain(`"${value}"`);
    }
  });

  it('refuses a data directory that is a file, from the flag or MAHJONG_DIR (exit 2, one message)', async () => {
    const file = join(temp.make('mj-datadir-file-'), 'not-a-dir');
    writeFileSync(file, 'x');
    for (const [args, env] of [[['--data-dir', file], {}], [[], { MAHJONG_DIR: file }]] as const) {
      const proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', ...args], { env: { ...process.env, MAHJONG_DIR: temp.make('mj-datadir-'), ...env, NO_COLOR: '1' }, stdout: 'pipe', stderr: 'pipe' });
      const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toBe(`error: the data directory ${file} (--data-dir, env MAHJONG_DIR) is not a directory\n`);
    }
  });
});
