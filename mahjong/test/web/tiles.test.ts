import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';

// The page scripts are plain browser files; load them into a stand-in window to test their logic.
async function load(...files: string[]): Promise<any> {
  const win: any = {};
  for (const f of files) new Function('window', await Bun.file(join(import.meta.dir, '../../src/web/js', f)).text())(win);
  return win;
}

describe('tile helpers', () => {
  it('reads Tenhou ids, notation and objects alike, red fives included', async () => {
    const { MJTiles } = await load('tiles.js');
    expect(MJTiles.normTile(16)).toEqual({ kind: 4, red: true });
    expect(MJTiles.normTile(17)).toEqual({ kind: 4, red: false });
    expect(MJTiles.normTile('0p')).toEqual({ kind: 13, red: true });
    expect(MJTiles.normTile('7z')).toEqual({ kind: 33, red: false });
    expect(MJTiles.normTile({ tile: 135 })).toEqual({ kind: 33, red: false });
    expect(MJTiles.normTile('x')).toBeNull();
    expect([0, 16, 52, 108, 124].map(MJTiles.tileName)).toEqual(['1m', '0m', '0p', 'East', 'White']);
  });

  it('maps hand tiles to discard indices (red fives 34–36) and names actions', async () => {
    const win = await load('tiles.js', 'common.js');
    expect([0, 16, 17, 52, 88, 135].map(win.MJ.discardIndex)).toEqual([0, 34, 4, 35, 36, 33]);
    expect(win.MJ.actionName(43)).toBe('pon');
    expect(win.MJ.actionName(35)).toBe('discard red 5p');
    expect(win.MJ.actionName(52)).toBe('cancel riichi');
  });
});
