import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';

const CLI = join(import.meta.dir, '../../src/cli/index.ts');

async function run(...args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, 'score', ...args], { stdout: 'pipe', stderr: 'pipe' });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('mahjong score', () => {
  it('prints yaku, han, fu, limit and tsumo payments', async () => {
    const r = await run('234m406p22p45678s3s', '--riichi', '--tsumo', '--dora', '1m', '--honba', '1', '--sticks', '1');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('pinfu');
    expect(r.stdout).toContain('6 han 20 fu — haneman');
    expect(r.stdout).toContain('tsumo: 3100 / 6100');
    expect(r.stdout).toContain('winner receives 13300');
  });

  it('--json gives yaku ids, han, fu, limit and ron points', async () => {
    const r = await run('567p678s88p45s', '--win', '3s', '--melds', 'chi:234m', '--seat', 'E', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ yaku: [{ id: 8, name: 'tanyao', han: 1 }], han: 1, fu: 30, limit: '', points: { base: 1500, ron: 1500 }, error: null });
  });

  it('a hand without yaku is an error with exit 1', async () => {
    const r = await run('123m456p789s24s55p', '--win', '3s', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: 'NO_YAKU' });
  });

  it('a bad honba count or dora indicator is refused with exit 1, not scored', async () => {
    const a = await run('234m406p22p45678s3s', '--honba', 'abc', '--json');
    expect(a.code).toBe(1);
    expect(JSON.parse(a.stdout)).toMatchObject({ error: 'INVALID_FLAGS', points: null });
    const b = await run('234m406p22p45678s3s', '--dora', '1x');
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('INVALID_HAND');
  });

  it('an incomplete hand is NOT_AGARI, bad notation INVALID_HAND, both exit 1', async () => {
    const a = await run('123m456p789s245s55p', '--json');
    expect(a.code).toBe(1);
    expect(JSON.parse(a.stdout).error).toBe('NOT_AGARI');
    const b = await run('12x');
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('INVALID_HAND');
  });
});

describe('mahjong score: messages a user trips over', () => {
  it('an unknown seat or round wind is a flag error, not a hand error', async () => {
    const r = await run('123m456p789s11222z', '--seat', 'Q', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: 'INVALID_FLAGS', message: '--seat and --round take E, S, W or N' });
  });

  it('quotes at most 40 characters of a very long hand in its error', async () => {
    const r = await run(`${'1'.repeat(5000)}m`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`more copies than exist in "${'1'.repeat(40)}…"`);
    expect(r.stderr.length).toBeLessThan(200);
  });

  it('says "1 meld", not "1 melds", when the tile count does not fit', async () => {
    const r = await run('123m456p789s11222z', '--melds', 'pon:777z');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('hand has 14 concealed tiles and 1 meld; needs');
  });
});
