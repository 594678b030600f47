import { afterAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';

const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const BOT = join(import.meta.dir, '../fixtures/mjai/bot.py');
const env = { ...process.env, NO_COLOR: '1', LOG_LEVEL: 'info' };

async function address(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`no address in:\n${text}`);
    text += new TextDecoder().decode(value);
    const m = /http:\/\/127\.0\.0\.1:\d+/.exec(text);
    if (m) { reader.releaseLock(); return m[0]; }
  }
}

type Standings = { enabled?: boolean; matches: number; standings: { name: string; rating: { mean: number; ci95: number }; games: number; last_played: string }[] };

async function until(base: string, matches: number): Promise<Standings> {
  for (let i = 0; i < 600; i++) {
    const s = (await (await fetch(`${base}/api/ladder`)).json()) as Standings;
    if (s.matches >= matches) return s;
    await Bun.sleep(100);
  }
  throw new Error('ladder matches never came');
}

describe('mahjong serve --ladder', () => {
  it('plays duplicate matches between built-in AIs and a configured mjai bot, shows them on /ladder and in mahjong ladder, and carries on after kill -9', async () => {
    const dir = temp.make('mahjong-ladder-');
    const bots = join(dir, 'bots.yaml');
    writeFileSync(bots, `bots:\n  tsumo:\n    command: python3 ${BOT}\n`);
    const args = ['bun', CLI, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dir, '--bots', bots, '--ladder', '--ladder-interval', '0', '--ladder-ais', 'random,heuristic,mjai:tsumo'];
    let first: Standings;
    {
      const proc = Bun.spawn(args, { env, stdout: 'pipe', stderr: 'pipe' });
      const base = await address(proc.stdout);
      first = await until(base, 2);
      expect(first.enabled).toBe(true);
      for (const r of first.standings) {
        expect(r.games % 1).toBe(0);
        expect(r.last_played).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(Number.isFinite(r.rating.ci95)).toBe(true);
      }
      expect(first.standings.reduce((a, r) => a + r.games, 0)).toBe(first.matches * 16);
      const page = await (await fetch(`${base}/ladder`)).text();
      for (const r of first.standings) expect(page).toContain(r.name);
      proc.kill('SIGKILL');
      await proc.exited;
    }
    const cli = Bun.spawnSync(['bun', CLI, 'ladder', '--data-dir', dir, '--json'], { env });
    const saved = JSON.parse(cli.stdout.toString()) as Standings;
    expect(saved.matches).toBeGreaterThanOrEqual(first.matches);
    const table = Bun.spawnSync(['bun', CLI, 'ladder', '--data-dir', dir], { env }).stdout.toString();
    expect(table).toContain('avg place');
    expect(table).toContain('random');
    {
      const proc = Bun.spawn(args, { env, stdout: 'pipe', stderr: 'pipe' });
      const base = await address(proc.stdout);
      const again = await until(base, saved.matches + 1);
      expect(again.matches).toBeGreaterThan(saved.matches);
      proc.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    }
  }, 120_000);

  it('refuses an unknown ladder entrant with exit 2', async () => {
    const proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--ladder', '--ladder-ais', 'random,nosuch', '--no-store'], { env, stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(2);
    expect(out + err).toContain('nosuch');
  });
});
