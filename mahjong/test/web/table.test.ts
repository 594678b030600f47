import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';

async function load(...files: string[]): Promise<any> {
  const win: any = {};
  for (const f of files) new Function('window', await Bun.file(join(import.meta.dir, '../../src/web/js', f)).text())(win);
  return win;
}

// 7 px per character: about DejaVu Sans Bold at 13 px, the banner's size on a 375 px phone.
const ctx = { measureText: (t: string) => ({ width: t.length * 7 }) };

describe('table banner', () => {
  it('breaks a long hand result into lines that fit a phone, keeping every word', async () => {
    const { MJTable } = await load('tiles.js', 'i18n.js', 'centre.js', 'table-layout.js', 'table-pieces.js', 'table.js');
    const text = 'P2 wins 12000: Riichi, Menzen tsumo, Pinfu, Tanyao, Iipeikou, Dora, Red five';
    const lines: string[] = MJTable.bannerLines(ctx, text, 375 * 0.94);
    expect(lines.length).toBe(2);
    for (const l of lines) expect(l.length * 7).toBeLessThanOrEqual(375 * 0.94);
    expect(lines.join(' ')).toBe(text);
  });

  it('keeps a short banner on one line', async () => {
    const { MJTable } = await load('tiles.js', 'i18n.js', 'centre.js', 'table-layout.js', 'table-pieces.js', 'table.js');
    expect(MJTable.bannerLines(ctx, 'Draw (exhaustive draw) — nobody tenpai', 1000)).toEqual(['Draw (exhaustive draw) — nobody tenpai']);
  });
});
