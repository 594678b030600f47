import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { RED_FIVE_IDS } from '../../src/engine/tiles';

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

  it('knows the red fives the engine knows, by the same ids', async () => {
    const { MJTiles } = await load('tiles.js');
    expect(MJTiles.RED_FIVE_IDS).toEqual([...RED_FIVE_IDS]);
    expect(Array.from({ length: 136 }, (_, id) => id).filter(MJTiles.isRed)).toEqual([...RED_FIVE_IDS]);
  });

  it('maps hand tiles to discard indices (red fives 34–36) and names actions', async () => {
    const win = await load('tiles.js', 'i18n.js', 'common.js');
    expect([0, 16, 17, 52, 88, 135].map(win.MJ.discardIndex)).toEqual([0, 34, 4, 35, 36, 33]);
    expect(win.MJ.actionName(43)).toBe('pon');
    expect(win.MJ.actionName(35)).toBe('discard red 5p');
    expect(win.MJ.actionName(52)).toBe('cancel riichi');
  });
});

/** A 2D context that records every colour a drawing uses (fill, stroke) and every text drawn. */
function recordingContext() {
  const used = new Set<string>();
  const texts: string[] = [];
  const ctx: any = new Proxy({}, {
    get: (target: any, key) => key in target ? target[key] : key === 'fillText' ? (t: string) => texts.push(t) : () => {},
    set: (target: any, key, value) => {
      if (key === 'fillStyle' || key === 'strokeStyle') used.add(String(value).toLowerCase());
      target[key] = value;
      return true;
    },
  });
  return { ctx, used, texts };
}

describe('tile faces (spec, front-end constants)', () => {
  const SPEC = { m: '#1a5276', p: '#922b21', s: '#1e8449', z: '#1a1a6e', red: '#e74c3c' };

  it.each([
    ['characters', 0, SPEC.m, '一'], ['circles', 36, SPEC.p, null], ['bamboo', 76, SPEC.s, null],
    ['winds', 108, SPEC.z, '東'], ['white dragon', 124, SPEC.z, null],
  ])('draws %s in the spec colour', async (_what, id, colour, text) => {
    const { MJTiles } = await load('tiles.js');
    const { ctx, used, texts } = recordingContext();
    MJTiles.drawTile(ctx, id, 0, 0, 40, 54);
    expect(used.has(colour as string)).toBe(true);
    if (text) expect(texts).toContain(text);
  });

  it('draws each red five in the red-five colour, and plain fives without it on the numeral', async () => {
    const { MJTiles } = await load('tiles.js');
    for (const id of [16, 52, 88]) {
      const { ctx, used } = recordingContext();
      MJTiles.drawTile(ctx, id, 0, 0, 40, 54);
      expect(used.has(SPEC.red)).toBe(true);
    }
    const plain = recordingContext();
    MJTiles.drawTile(plain.ctx, 17, 0, 0, 40, 54);
    expect(plain.used.has(SPEC.red)).toBe(false);
    expect(plain.texts).toEqual(['五', '萬']);
  });

  it('draws the back blue, never a face', async () => {
    const { MJTiles } = await load('tiles.js');
    const { ctx, used, texts } = recordingContext();
    MJTiles.drawTile(ctx, null, 0, 0, 40, 54, { back: true });
    const blues = [...used].filter((c) => /^#[0-9a-f]{6}$/.test(c) && parseInt(c.slice(5, 7), 16) > parseInt(c.slice(1, 3), 16) + 0x40);
    expect(blues.length).toBeGreaterThanOrEqual(2);
    expect(texts).toEqual([]);
  });
});

describe('page constants', () => {
  const page = (name: string) => Bun.file(join(import.meta.dir, '../../src/web', name)).text();

  it('offers the spec speeds slow 1500, medium 800, fast 300 ms on the battle and replay pages', async () => {
    expect([...(await page('ai_battle.html')).matchAll(/data-ms="(\d+)"/g)].map((m) => m[1])).toEqual(['1500', '800', '300']);
    const replay = (await page('replay.html')).match(/<select id="speed"[^]*?<\/select>/)![0];
    expect([...replay.matchAll(/value="(\d+)"/g)].map((m) => m[1])).toEqual(['1500', '800', '300']);
  });

  it('uses no image assets and no framework: one canvas and our own scripts per page', async () => {
    for (const name of ['index.html', 'ai_battle.html', 'replay.html']) {
      const html = await page(name);
      expect(html).not.toMatch(/<img|url\(|\.png|\.svg|\.jpe?g/i);
      expect([...html.matchAll(/<script src="([^"]+)"/g)].every((m) => m[1]!.startsWith('/static/js/'))).toBe(true);
      expect(html.match(/<canvas/g)).toHaveLength(1);
    }
    expect(await Bun.file(join(import.meta.dir, '../../src/web/css/style.css')).text()).toContain('color-scheme: dark');
  });
});

describe('human page helpers', () => {
  const hand = [0, 4, 8, 17, 52, 54, 88, 108, 112, 116, 120, 124, 128, 132];

  it('labels each chi variant with its tiles, red-five variants included', async () => {
    const { MJ } = await load('tiles.js', 'i18n.js', 'common.js');
    const state = { target: { tile: 4 * 12 + 1, from: 3, kind: 'discard' } }; // 4p
    expect([37, 38, 39, 41].map((a) => MJ.buttonLabel(a, state))).toEqual(['chi 4-5-6p', 'chi 3-4-5p', 'chi 2-3-4p', 'chi 3-4-5p (red 5)']);
    expect([43, 44, 46, 49].map((a) => MJ.buttonLabel(a, state))).toEqual(['pon 4p', 'pon 4p with red 5', 'kan 4p', 'ron 4p']);
    expect(MJ.buttonLabel(43, { target: { tile: 16, from: 1, kind: 'discard' } })).toBe('pon 5m'); // a red five is still a 5m
    expect([50, 53].map((a) => MJ.buttonLabel(a, state))).toEqual(['tsumo', 'skip']);
    expect(MJ.buttonLabel(43, { target: null })).toBe('pon');
    expect(MJ.buttonLabel(43, { target: { tile: 132, from: 1, kind: 'discard' } })).toBe('pon Red dragon');
    expect(MJ.buttonLabel(49, { target: { tile: 108, from: 1, kind: 'discard' } })).toBe('ron East');
  });

  it('marks the riichi candidates by tile id, only while seat 0 chooses a discard', async () => {
    const { MJ } = await load('tiles.js', 'i18n.js', 'common.js');
    const state: any = { turn: 0, riichi_stage2: false, riichi_tiles: [4, 35], players: [{ hand, drawn: 132 }] };
    expect(MJ.riichiMarks(state)).toEqual([17, 52]);
    expect(MJ.riichiMarks({ ...state, turn: 1 })).toEqual([]);
    expect(MJ.riichiMarks({ ...state, riichi_stage2: true })).toEqual([]);
  });

  it('lifts the pending riichi tile, the drawn copy when it is the one discarded', async () => {
    const { MJ } = await load('tiles.js', 'i18n.js', 'common.js');
    const two = [...hand.slice(0, 13), 9];
    const state: any = { riichi_stage2: true, riichi_tile: 2, players: [{ hand: two, drawn: 9 }] };
    expect(MJ.pendingTile(state)).toBe(9);
    expect(MJ.pendingTile({ ...state, players: [{ hand: two, drawn: 132 }] })).toBe(8);
    expect(MJ.pendingTile({ ...state, riichi_stage2: false })).toBeNull();
  });
});
