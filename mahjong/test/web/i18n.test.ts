import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { ALL_YAKU, DORA_NAMES } from '../../src/engine/yaku';
import { LIMIT_TEXT, RYUUKYOKU_TEXT, YAKU_NAMES } from '../../src/engine/game/result-text';
import { danName } from '../../src/modules/replay/analysis';

// The page script runs in a stand-in window (no document, no storage): English unless asked.
async function load(): Promise<any> {
  const win: any = {};
  for (const f of ['tiles.js', 'i18n.js']) new Function('window', await Bun.file(join(import.meta.dir, '../../src/web/js', f)).text())(win);
  return win.MJI18n;
}

const LANGS = ['en', 'ja', 'zh'] as const;
// Every id the engine can put in a result: its yaku list plus the dora entries.
const ENGINE_YAKU_IDS = [...ALL_YAKU.map((y) => y.id), ...Object.keys(DORA_NAMES).map(Number)];

describe('page languages', () => {
  it('names every yaku the engine can produce in English, Japanese and Chinese', async () => {
    const I = await load();
    expect(ENGINE_YAKU_IDS.length).toBeGreaterThan(50);
    for (const lang of LANGS) {
      for (const id of ENGINE_YAKU_IDS) {
        const name = I.yakuName(id, undefined, lang);
        expect(name, `${lang} yaku ${id}`).not.toBe(`yaku ${id}`);
        expect(name.trim().length, `${lang} yaku ${id}`).toBeGreaterThan(0);
      }
      // No two yaku share a name within a language.
      expect(new Set(ENGINE_YAKU_IDS.map((id) => I.yakuName(id, undefined, lang))).size).toBe(ENGINE_YAKU_IDS.length);
    }
    // English is what the result view names them.
    for (const id of ENGINE_YAKU_IDS) expect(I.yakuName(id, undefined, 'en')).toBe(YAKU_NAMES[id]!);
  });

  it('uses the standard Japanese and Chinese terms', async () => {
    const I = await load();
    const names = (lang: string, ids: number[]) => ids.map((id) => I.yakuName(id, undefined, lang));
    // menzen tsumo, riichi, ippatsu, pinfu, tanyao, iipeikou, sanshoku, ittsu, chanta, chiitoitsu, toitoi, ryanpeikou, kokushi, chuuren, dora, ura, red
    const ids = [0, 1, 2, 7, 8, 9, 25, 24, 23, 22, 28, 32, 47, 45, 52, 53, 54];
    expect(names('ja', ids)).toEqual(['門前清自摸和', '立直', '一発', '平和', '断么九', '一盃口', '三色同順', '一気通貫', '混全帯么九', '七対子', '対々和', '二盃口', '国士無双', '九蓮宝燈', 'ドラ', '裏ドラ', '赤ドラ']);
    expect(names('zh', ids)).toEqual(['门前清自摸和', '立直', '一发', '平和', '断幺九', '一杯口', '三色同顺', '一气通贯', '混全带幺九', '七对子', '对对和', '两杯口', '国士无双', '九莲宝灯', '宝牌', '里宝牌', '赤宝牌']);
    expect(LANGS.map((l) => [43, 45, 46, 48, 49, 50].map((a) => I.actionName(a, l)))).toEqual([
      ['pon', 'closed kan', 'kan', 'riichi', 'ron', 'tsumo'],
      ['ポン', '暗槓', 'カン', 'リーチ', 'ロン', 'ツモ'],
      ['碰', '暗杠', '杠', '立直', '荣和', '自摸'],
    ]);
    expect(LANGS.map((l) => I.callName('chi', l))).toEqual(['chi', 'チー', '吃']);
    expect(LANGS.map((l) => [0, 1, 2, 3].map((w) => I.windName(w, l)).join(''))).toEqual(['EastSouthWestNorth', '東南西北', '东南西北']);
    expect(LANGS.map((l) => I.roundLabel(5, 2, l))).toEqual(['South 2 (2 honba)', '南2局 2本場', '南2局 2本场']);
    expect(LANGS.map((l) => [16, 53, 108, 128].map((id) => I.tileName(id, l)).join(' '))).toEqual(['red 5m 5p East Green', '赤5萬 5筒 東 發', '红5万 5筒 东 发']);
  });

  it('names every limit, draw kind and dan in every language', async () => {
    const I = await load();
    const limits = [...LIMIT_TEXT.filter(Boolean), 'kazoe yakuman'];
    for (const lang of LANGS) {
      for (const l of limits) expect(I.limitName(l, lang), `${lang} ${l}`).toBe(I.DICTS[lang].limit[l]);
      for (const kind of Object.keys(RYUUKYOKU_TEXT)) expect(I.DICTS[lang].draw[kind], `${lang} ${kind}`).toBeTruthy();
      expect(new Set(Array.from({ length: 21 }, (_, d) => I.danName(d, lang))).size).toBe(21);
    }
    expect(limits.map((l) => I.limitName(l, 'ja'))).toEqual(['満貫', '跳満', '倍満', '三倍満', '役満', '数え役満']);
    expect(limits.map((l) => I.limitName(l, 'zh'))).toEqual(['满贯', '跳满', '倍满', '三倍满', '役满', '累计役满']);
    for (const kind of Object.keys(RYUUKYOKU_TEXT)) expect(I.drawName(kind, undefined, 'en')).toBe(RYUUKYOKU_TEXT[kind]!);
    // Japanese ranks as the replay analysis (and Tenhou) writes them; English as the analysis too.
    for (let d = 0; d <= 20; d++) {
      expect(I.danName(d, 'ja')).toBe(danName(d).ja);
      expect(I.danName(d, 'en')).toBe(danName(d).en);
    }
    expect([0, 1, 9, 10, 16, 20].map((d) => I.danName(d, 'zh'))).toEqual(['新人', '9级', '1级', '初段', '七段', '天凤']);
  });

  it('has every English label in Japanese and Chinese, with the same placeholders', async () => {
    const I = await load();
    const placeholders = (s: unknown) => JSON.stringify(String(s).match(/\{\w+\}/g)?.sort() ?? []);
    for (const lang of ['ja', 'zh']) {
      const d = I.DICTS[lang].ui;
      for (const [key, en] of Object.entries(I.DICTS.en.ui)) {
        expect(d[key], `${lang} ${key}`).toBeDefined();
        expect(placeholders(d[key]), `${lang} ${key}`).toBe(placeholders(en));
      }
      expect(Object.keys(d).sort()).toEqual(Object.keys(I.DICTS.en.ui).sort());
      for (const part of ['call', 'wind', 'seatWind', 'limit', 'draw', 'suit']) {
        expect(Object.keys(I.DICTS[lang][part]).sort(), `${lang} ${part}`).toEqual(Object.keys(I.DICTS.en[part]).sort());
      }
    }
    expect(I.t('centre.tiles_left', { n: 12 }, 'ja')).toBe('残り 12 枚');
    expect(I.t('no.such.key')).toBe('no.such.key');
  });
});
