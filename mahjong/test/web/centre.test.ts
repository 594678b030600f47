import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { roundLabel } from '../../src/engine/game/round-label';

async function load(...files: string[]): Promise<any> {
  const win: any = {};
  for (const f of files) new Function('window', await Bun.file(join(import.meta.dir, '../../src/web/js', f)).text())(win);
  return win;
}

/** A context that records each text with its font size and width (0.55 em per character, as DejaVu Sans). */
function textContext() {
  const texts: { text: string; px: number; width: number }[] = [];
  const px = (font: string) => Number(/([\d.]+)px/.exec(font)?.[1]);
  const ctx: any = new Proxy({ font: '10px sans-serif' }, {
    get: (target: any, key) => {
      if (key in target) return target[key];
      if (key === 'measureText') return (t: string) => ({ width: t.length * px(target.font) * 0.55 });
      if (key === 'fillText') return (t: string) => texts.push({ text: t, px: px(target.font), width: t.length * px(target.font) * 0.55 });
      return () => {};
    },
  });
  return { ctx, texts };
}

// The fields of the engine's state view (view-schema.ts) the panel reads.
const state = {
  round_wind: 'East', honba: 2, kyotaku: 3, tiles_left: 32, dora: [12], turn: 0, is_over: false, game: { round_label: roundLabel(1, 2) },
  players: [0, 1, 2, 3].map((seat) => ({ seat, wind: 'ESWN'[(seat + 3) % 4], score: 23000 + seat * 1000, riichi: seat === 1 })),
};

describe('centre panel', () => {
  it('writes round, honba, sticks and tiles left legibly on a 375 px phone and inside the side scores', async () => {
    const { MJCentre } = await load('tiles.js', 'i18n.js', 'centre.js');
    const { ctx, texts } = textContext();
    const rw = 375 / 24; // river tile width on a 375 px wide table
    MJCentre.draw(ctx, state, rw, 0);
    const box = rw * 6.4;
    expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['East 2', '2 honba', '3 sticks', '32 tiles left', '東', '24000']));
    // Each seat's plate: its wind and score; the seat in riichi in orange (its stick lies on the table).
    expect(MJCentre.last.plates[1]).toMatchObject({ wind: '東', text: '東 24000', riichi: true });
    for (const t of texts.filter((x) => x.text.length > 1)) { // single characters are tile faces
      expect(t.px).toBeGreaterThanOrEqual(MJCentre.MIN_PX - 0.5);
      expect(t.width).toBeLessThanOrEqual(box * 0.75);
    }
  });

  it('never sets rows taller than their spacing on a small (landscape phone) table', async () => {
    const { MJCentre } = await load('tiles.js', 'i18n.js', 'centre.js');
    const { ctx, texts } = textContext();
    const rw = 280 / 24;
    MJCentre.draw(ctx, state, rw, 0);
    const box = rw * 6.4;
    for (const t of texts.filter((x) => x.text.length > 1)) {
      expect(t.px).toBeLessThanOrEqual(box * 0.125 + 1e-9); // the title; the rows sit 0.095–0.11 of the panel apart
      if (t.text !== 'East 2') expect(t.px).toBeLessThanOrEqual(box * 0.105 + 1e-9);
    }
  });

  it('names the round once (the honba has its own line) and counts one stick as "1 stick"', async () => {
    const { MJCentre } = await load('tiles.js', 'i18n.js', 'centre.js');
    const { ctx, texts } = textContext();
    MJCentre.draw(ctx, { ...state, kyotaku: 1, honba: 1, game: { round_label: roundLabel(0, 1) } }, 800 / 24, 0);
    const all = texts.map((t) => t.text);
    expect(all).toEqual(expect.arrayContaining(['East 1', '1 honba', '1 stick']));
    expect(all.filter((t) => t.includes('honba'))).toEqual(['1 honba']);
  });

  it('strips the honba from the label the engine really sends (East 1 (2 honba))', async () => {
    const { MJCentre } = await load('tiles.js', 'i18n.js', 'centre.js');
    const { ctx, texts } = textContext();
    MJCentre.draw(ctx, { ...state, round: 0, honba: 2, game: { round_label: roundLabel(0, 2) } }, 800 / 24, 0);
    const all = texts.map((t) => t.text);
    expect(all).toContain('East 1');
    expect(all.filter((t) => t.includes('honba'))).toEqual(['2 honba']);
  });

  it('names each plate and marks the dealer; the round, honba and sticks follow the chosen language', async () => {
    const win = await load('tiles.js', 'i18n.js', 'centre.js');
    const seated = { ...state, oya: 1, players: state.players.map((p) => ({ ...p, is_oya: p.seat === 1 })) };
    const names = ['You', 'P1 strong', 'P2 strong', 'P3 strong'];
    let { ctx, texts } = textContext();
    win.MJCentre.draw(ctx, seated, { w: 600, h: 400, rw: 60 }, 0, names);
    expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['East 2', 'You 23000', 'P1 strong 24000']));
    expect(win.MJCentre.last.plates.map((p: any) => p.dealer)).toEqual([false, true, false, false]);
    win.MJI18n.setLang('ja');
    ({ ctx, texts } = textContext());
    win.MJCentre.draw(ctx, seated, { w: 600, h: 400, rw: 60 }, 0, names);
    expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['東2局', '2本場', '供託 3', '残り 32 枚']));
    win.MJI18n.setLang('zh');
    ({ ctx, texts } = textContext());
    win.MJCentre.draw(ctx, seated, { w: 600, h: 400, rw: 60 }, 0, names);
    expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(['东2局', '2本场', '供托 3', '余 32 张', '东']));
  });

  it('keeps the larger type of a desktop table', async () => {
    const { MJCentre } = await load('tiles.js', 'i18n.js', 'centre.js');
    const { ctx, texts } = textContext();
    MJCentre.draw(ctx, state, 800 / 24, 0);
    expect(texts.find((t) => t.text === 'East 2')!.px).toBeCloseTo(800 / 24 * 6.4 * 0.075 * 1.2, 5);
  });
});
