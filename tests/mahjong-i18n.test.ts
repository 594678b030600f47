import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { launchBrowser, screenshot } from '../mahjong/test/web/browser';
import { waitFor } from '../shared/src/testing';

// Page languages in Chromium (issue #14 §1): the selector in every header switches the pages to
// Japanese or Chinese terms, and the choice survives a reload.
const app = createApp().listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
// One persistent profile serves every test: each starts from the default language, whichever ran before.
beforeEach(async () => {
  const page = await context.newPage();
  await page.goto(`${base}/history`);
  await page.evaluate(() => localStorage.removeItem('mj-lang'));
  await page.close();
});
afterAll(async () => {
  await closeBrowser?.();
  app.decorator.games.close();
  await app.stop(true);
});

const mj = (page: Page, expr: string) => page.evaluate(expr) as Promise<any>;
const texts = (page: Page, selector: string) => page.$$eval(selector, (els) => els.map((e) => (e.textContent ?? '').trim()));

// Labels of the action buttons: call names first.
const JA_CALLS = /^(チー|ポン|カン|暗槓|加槓|ロン|ツモ|リーチ|リーチ取消|九種九牌|スキップ)( |（|$)/;
const ZH_CALLS = /^(吃|碰|杠|暗杠|加杠|荣和|自摸|立直|取消立直|九种九牌|跳过)( |（|$)/;

describe('language selector', () => {
  it('plays in Japanese, switches to Chinese mid-hand and keeps Chinese after a reload', async () => {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${base}/?anim=0`);
    await page.click('#cancel-game');
    // English by default.
    expect(await page.inputValue('#lang')).toBe('en');
    expect(await texts(page, 'header nav a')).toEqual(['Play', 'AI battle', 'Replay', 'History']);
    await page.selectOption('#lang', 'ja');
    expect(await texts(page, 'header nav a')).toEqual(['対局', 'AI対戦', '牌譜再生', '履歴']);
    expect(await page.textContent('#new-game')).toBe('新しい対局');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.click('#new-game');
    expect(await page.textContent('.dialog h2')).toBe('新しい対局');
    expect(await page.textContent('#start-game')).toBe('開始');
    await page.selectOption('#ai-kind', 'random');
    await page.fill('#seed', '3');
    await page.selectOption('#length', '0');
    await page.click('#start-game');
    await waitFor(() => mj(page, 'window.__mj.state && window.__mj.state.players'), 'first state', 15_000);
    expect(await page.textContent('#status')).toStartWith('対局 ');
    // The seat label names the seat wind (東家…) and the player.
    expect(await mj(page, 'MJ.seatLabel(window.__mj.state, 0)')).toMatch(/^P0 \((東|南|西|北)家, あなた\)$/);

    // Discard the drawn tile until the game offers something other than a discard (a call, riichi, a win).
    const look = () => mj(page, `(() => {
      const ui = window.__mj, s = ui.state;
      if (document.querySelector('.overlay')) return { overlay: true };
      const buttons = [...document.querySelectorAll('#actions button')];
      if (buttons.length) return { buttons: true };
      if (!s || s.turn !== 0 || ui.busy || ui.drawn !== s || !s.valid_actions.some((a) => a <= 36)) return null;
      const r = document.getElementById('table').getBoundingClientRect();
      const h = ui.hits.filter((h) => s.valid_actions.includes(MJ.discardIndex(h.tile))).at(-1);
      return { x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2, version: ui.version };
    })()`);
    let seen: any;
    for (let guard = 0; guard < 200; guard++) {
      seen = await waitFor(look, 'a turn or a choice', 20_000);
      if (seen.buttons || seen.overlay) break;
      expect(await page.textContent('#describe')).toMatch(/^あなたの番です/);
      await page.mouse.click(seen.x, seen.y);
      await waitFor(() => mj(page, `window.__mj.version !== ${seen.version}`), 'the next state', 10_000);
    }
    expect(seen.buttons).toBe(true);
    const ja = await texts(page, '#actions button');
    for (const label of ja) expect(label).toMatch(JA_CALLS);
    await screenshot(page, 'i18n-human-ja');

    // Switching re-renders the buttons at once, in Chinese.
    await page.selectOption('#lang', 'zh');
    const zh = await texts(page, '#actions button');
    expect(zh.length).toBe(ja.length);
    for (const label of zh) expect(label).toMatch(ZH_CALLS);
    expect(await texts(page, 'header nav a')).toEqual(['对局', 'AI对战', '牌谱回放', '历史']);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hans');
    await screenshot(page, 'i18n-human-zh');

    // A reload resumes the game in Chinese.
    await page.reload();
    await waitFor(() => mj(page, 'window.__mj.state && window.__mj.state.players'), 'resumed state', 15_000);
    expect(await page.inputValue('#lang')).toBe('zh');
    expect(await page.textContent('#new-game')).toBe('新对局');
    expect(await page.textContent('#status')).toStartWith('已恢复对局');
    expect(await mj(page, 'MJ.seatLabel(window.__mj.state, 0)')).toMatch(/^P0 \((东|南|西|北)家, 你\)$/);
    // The history page has the selector too, and the same choice.
    await page.goto(`${base}/history`);
    expect(await page.inputValue('#lang')).toBe('zh');
    expect(await texts(page, '#games th')).toEqual(['日期', '模式', 'AI', '名次', '得分', '牌谱', '下载']);
    await page.close();
  }, 120_000);

  it('shows yaku, limits, winds and ranks in Japanese on the replay page, and English again when chosen', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/replay`);
    // The choice made on another page is kept (same origin, same storage).
    await page.evaluate(() => localStorage.setItem('mj-lang', 'ja'));
    await page.reload();
    expect(await page.inputValue('#lang')).toBe('ja');
    expect(await page.textContent('#status')).toBe('牌譜を読み込んでください');
    await waitFor(() => page.locator('#sample option').count().then((n) => n > 1), 'sample list', 15_000);
    await page.selectOption('#sample', 'tenhou-2019060813gm-00a9-0000-08bb0ec3.xml');
    await page.click('#load-sample');
    await waitFor(() => mj(page, 'window.__mj.analysis && window.__mj.steps.length'), 'steps and analysis', 60_000);
    // The first win of the log, with a riichi in it if there is one.
    const at = await mj(page, `(() => {
      const ui = window.__mj;
      const wins = ui.analysis.hands.filter((h) => h.type === 'agari');
      const h = wins.find((h) => h.wins.some((w) => w.yaku.some((y) => y.id === 1))) || wins[0];
      return ui.steps.findIndex((s, i) => i >= h.first_step && s.event_type === 'agari');
    })()`);
    expect(at).toBeGreaterThan(0);
    await page.locator('#progress').fill(String(at));
    await waitFor(() => page.isVisible('#result'), 'result panel', 5_000);
    const items = await page.$$eval('#result li[data-yaku]', (els) => els.map((e) => ({ id: Number((e as HTMLElement).dataset.yaku), text: e.textContent })));
    expect(items.length).toBeGreaterThan(0);
    const JA: Record<number, string> = { 0: '門前清自摸和', 1: '立直', 2: '一発', 7: '平和', 8: '断么九', 52: 'ドラ', 53: '裏ドラ', 54: '赤ドラ' };
    for (const y of items) {
      expect(y.text).toMatch(/^\S.* \d+飜$/);
      if (JA[y.id]) expect(y.text).toStartWith(`${JA[y.id]} `);
    }
    expect(items.some((y) => JA[y.id])).toBe(true);
    const heading = await page.textContent('#result h2');
    expect(heading).toMatch(/^(東|南|西|北)\d局( \d+本場)?: (ツモ|ロン|ダブロン)$/);
    expect(await page.textContent('#result .points')).toMatch(/^\d+符\d+飜( — (満貫|跳満|倍満|三倍満|役満|数え役満))? · \d+点/);
    // Seat winds and Tenhou ranks in the players panel.
    expect((await texts(page, '#players .wind')).sort()).toEqual(['北', '南', '東', '西']);
    for (const rank of await texts(page, '#players .rank')) expect(rank).toMatch(/(新人|[１-９]級|[初二三四五六七八九十]段|天鳳)/);
    // The analysis panel of the viewed seat: shanten and the legend in Japanese.
    expect(await page.textContent('#analysis h2')).toMatch(/: (和了形|聴牌|\d向聴)/);
    expect(await page.textContent('#analysis .legend')).toContain('ツモ切り');
    await screenshot(page, 'i18n-replay-ja');

    await page.selectOption('#lang', 'en');
    expect(await page.textContent('#result .points')).toMatch(/^\d+ han \d+ fu/);
    for (const rank of await texts(page, '#players .rank')) expect(rank).toMatch(/(novice|kyu|dan|tenhou) \(/);
    expect(await mj(page, `localStorage.getItem('mj-lang')`)).toBe('en');
    await page.close();
  }, 90_000);

  it('names the winner\'s yaku and the final table in Chinese on the AI battle page', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/ai_battle?delay=0&lang=zh`);
    expect(await page.inputValue('#lang')).toBe('zh');
    expect(await page.textContent('#start')).toBe('开始');
    expect(await texts(page, '#follow option')).toEqual(['观看全部', '跟随 P0', '跟随 P1', '跟随 P2', '跟随 P3']);
    await page.selectOption('#ai-kind', 'strong');
    await page.selectOption('#length', '0');
    // A game whose last hand is a win (most are; a changed AI may end a seed's game on a draw).
    let items: { id: number; text: string | null }[] = [];
    for (const seed of [11, 12, 13, 14, 15]) {
      await page.fill('#seed', String(seed));
      await page.click('#start');
      await page.waitForSelector('#final-close', { timeout: 120_000 });
      // The last hand's result above the final table: its winner's yaku in Chinese.
      expect(await page.textContent('.dialog h3.last-hand')).toBe('最后一局');
      items = await page.$$eval('.dialog li[data-yaku]', (els) => els.map((e) => ({ id: Number((e as HTMLElement).dataset.yaku), text: e.textContent })));
      if (items.length) break;
      expect(await page.textContent('.dialog h3:not(.last-hand)')).toMatch(/^流局/);
      await page.click('#final-close');
    }
    expect(items.length).toBeGreaterThan(0);
    // Tenhou's yaku ids with their Chinese names: every yaku a seed's last win is likely to have.
    const ZH: Record<number, string> = {
      0: '门前清自摸和', 1: '立直', 2: '一发', 4: '岭上开花', 5: '海底捞月', 6: '河底捞鱼', 7: '平和', 8: '断幺九', 9: '一杯口',
      10: '自风 东', 11: '自风 南', 12: '自风 西', 13: '自风 北', 14: '场风 东', 15: '场风 南', 18: '役牌 白', 19: '役牌 发', 20: '役牌 中',
      21: '两立直', 22: '七对子', 23: '混全带幺九', 24: '一气通贯', 25: '三色同顺', 28: '对对和', 29: '三暗刻', 34: '混一色', 35: '清一色',
      52: '宝牌', 53: '里宝牌', 54: '赤宝牌',
    };
    for (const y of items) {
      expect(y.text).toMatch(/^\S.* \d+番$/);
      if (ZH[y.id]) expect(y.text).toStartWith(`${ZH[y.id]} `);
    }
    expect(items.some((y) => ZH[y.id])).toBe(true);
    expect(await page.textContent('.dialog .points')).toMatch(/^\d+符\d+番 · \d+点( \((满贯|跳满|倍满|三倍满|役满|累计役满)\))?$/);
    expect(await page.textContent('.dialog h3:not(.last-hand)')).toMatch(/^P\d \((东|南|西|北)家\) (自摸和牌|荣和（放铳: P\d \((东|南|西|北)家\)）)$/);
    expect(await texts(page, '.dialog table.final th')).toEqual(['名次', '玩家', '点数', '得分']);
    expect(await page.textContent('#final-close')).toBe('关闭');
    await screenshot(page, 'i18n-battle-zh');
    await page.close();
  }, 150_000);
});
