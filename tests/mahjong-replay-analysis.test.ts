/**
 * The replay page that teaches, in Chromium: a real Tenhou log (test fixture) is uploaded and
 * stepped through; the panel shows the players' names, dan and rate from the log, the viewed
 * seat's shanten and ukeire, at its turns every legal discard with the AI's and the player's
 * choices marked (and on the table: the AI's tile dotted, the played one raised); the table turns
 * to any seat; river tiles discarded from the draw carry the tsumogiri mark (counted on the
 * canvas); each hand's result panel shows indicators, yaku, han/fu and score changes.
 * Screenshots are kept under dist/test-artifacts/mahjong (replay-analysis-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import { canvasStats, launchBrowser, screenshot } from '../mahjong/test/web/browser';
import { waitFor } from '../shared/src/testing';

const dir = mkdtempSync(join(tmpdir(), 'mahjong-analysis-'));
const app = createApp({ samplesDir: join(dir, 'none') }).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
const LOG = '2010081709gm-00a9-0000-fe3371ad.mjlog';
const XML = readFileSync(join(import.meta.dir, '../mahjong/test/fixtures/data/mjlog', LOG));
let context: BrowserContext;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ context, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
  await app.stop(true);
  app.decorator.games.close();
  rmSync(dir, { recursive: true, force: true });
});

const mj = <T>(page: Page, fn: string): Promise<T> => page.evaluate(`(() => { const u = window.__mj; return ${fn}; })()`) as Promise<T>;
const goTo = async (page: Page, step: number) => {
  await page.locator('#progress').fill(String(step));
  expect(await page.textContent('#counter')).toStartWith(`${step + 1} /`);
};

/** Connected blobs of the tsumogiri mark's colour on the table canvas (one per marked river tile). */
function markBlobs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const c = document.getElementById('table') as HTMLCanvasElement;
    const { width: w, height: h } = c;
    const d = c.getContext('2d')!.getImageData(0, 0, w, h).data;
    const hex = (window as any).MJTable.TSUMOGIRI_MARK as string;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const on = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) on[i] = Math.abs(d[i * 4]! - r!) < 24 && Math.abs(d[i * 4 + 1]! - g!) < 24 && Math.abs(d[i * 4 + 2]! - b!) < 24 ? 1 : 0;
    let blobs = 0;
    const stack: number[] = [];
    for (let i = 0; i < w * h; i++) {
      if (!on[i]) continue;
      let size = 0;
      on[i] = 0; stack.push(i);
      while (stack.length) {
        const p = stack.pop()!; size++;
        const x = p % w, y = (p / w) | 0;
        for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) if (q >= 0 && on[q]) { on[q] = 0; stack.push(q); }
      }
      if (size >= 6) blobs++;
    }
    return blobs;
  });
}

describe('replay page: analysis panel', () => {
  it('steps a real Tenhou log with names, analysis, AI choices, seat rotation, tsumogiri marks and result panels', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/replay`);
    await page.setInputFiles('#file', { name: LOG, mimeType: 'application/octet-stream', buffer: XML });
    await waitFor(() => mj(page, 'u.analysis !== null && u.analysis !== undefined'), 'the analysis', 60_000);
    expect(await page.textContent('#status')).toMatch(/analysed in \d+ ms/);

    // Names (URL-decoded from the UN tag), dan and rate, one row per seat.
    const rows = page.locator('#players .seat-row');
    expect(await rows.count()).toBe(4);
    expect(await rows.locator('.name').allTextContents()).toEqual(['反陽子さん', 'ASAPIN', 'でこじ', 'デジタル仙人']);
    expect(await rows.nth(0).locator('.rank').textContent()).toBe('7 dan (七段) · R2121');
    expect(await rows.nth(3).locator('.rank').textContent()).toBe('8 dan (八段) · R2177');
    expect(await rows.nth(0).getAttribute('class')).toContain('viewed');

    // Step through the opening with the buttons: the panel follows each step.
    for (let i = 0; i < 6; i++) await page.click('#forward');
    expect(await page.textContent('#counter')).toStartWith('7 /');
    expect(await page.textContent('#describe')).toMatch(/反陽子さん|ASAPIN|でこじ|デジタル仙人/);
    const pos7 = await mj<{ shanten: number }>(page, 'u.analysis.positions[u.analysis.steps[u.pos].seats[0]]');
    expect(await page.textContent('#analysis h2')).toStartWith(`反陽子さん: ${pos7.shanten < 0 ? 'complete' : pos7.shanten === 0 ? 'tenpai' : `${pos7.shanten}-shanten`}`);

    // A turn of seat 0 where the player and the AI disagree.
    const d = await mj<{ step: number; candidates: { kind: number; discard: number; ukeire: { total: number }; ai_choice: boolean; played: boolean }[]; ai: { text: string; discard: number }; played: { text: string; discard: number } }>(page,
      'u.analysis.decisions.find((d) => d.seat === 0 && d.step > 40 && d.agrees === false && d.ai.discard !== null && d.played && d.played.discard !== null)');
    await goTo(page, d.step - 1);
    await page.click('#forward');
    expect(await mj(page, 'u.pos')).toBe(d.step);
    expect(await page.textContent('#analysis .verdict')).toBe(`Played: ${d.played.text} · AI: ${d.ai.text}`);
    const aiRow = page.locator('#analysis tr.cand.ai');
    const playedRow = page.locator('#analysis tr.cand.played');
    expect(await aiRow.count()).toBe(1);
    expect(await playedRow.count()).toBe(1);
    const aiCand = d.candidates.find((c) => c.ai_choice)!;
    const playedCand = d.candidates.find((c) => c.played)!;
    expect(Number(await aiRow.getAttribute('data-kind'))).toBe(aiCand.kind);
    expect(Number(await playedRow.getAttribute('data-kind'))).toBe(playedCand.kind);
    expect(await aiRow.locator('td.num').last().textContent()).toMatch(new RegExp(`^${aiCand.ukeire.total} `));
    // Every legal discard is listed (some behind "more").
    expect(await page.locator('#analysis tr.cand').count()).toBe(d.candidates.length);
    // On the table: the played tile raised above the row, the AI's tile with a dot above it.
    const hits = await mj<{ x: number; y: number; w: number; h: number; tile: number }[]>(page, 'u.hits');
    const kindOf = (discard: number) => (discard >= 34 ? [4, 13, 22][discard - 34]! : discard);
    const raised = hits.filter((h) => h.y < Math.max(...hits.map((x) => x.y)) - 2);
    expect(raised.map((h) => h.tile >> 2)).toEqual([kindOf(d.played.discard)]);
    const aiHit = hits.find((h) => h.tile >> 2 === kindOf(d.ai.discard))!;
    const dot = await page.evaluate((h) => {
      const c = document.getElementById('table') as HTMLCanvasElement;
      const k = c.width / c.getBoundingClientRect().width;
      const px = c.getContext('2d')!.getImageData(Math.round((h.x + h.w / 2) * k), Math.round((h.y - Math.max(3, h.w * 0.09)) * k), 1, 1).data;
      return [px[0], px[1], px[2]];
    }, aiHit);
    expect(dot).toEqual([0xe6, 0x7e, 0x22]);
    expect((await screenshot(page, 'replay-analysis-decision')).colours).toBeGreaterThan(50);

    // After the discard the panel recalls the choice; the hand's ukeire shows its tiles.
    await page.click('#forward');
    expect(await page.textContent('#analysis .verdict')).toBe(`Played: ${d.played.text} · AI: ${d.ai.text}`);
    const pos = await mj<{ ukeire: { kinds: number[]; total: number } | null; waits: unknown }>(page, 'u.analysis.positions[u.analysis.steps[u.pos].seats[0]]');
    if (pos.ukeire && !pos.waits) {
      expect(await page.textContent('#analysis h3')).toBe(`Ukeire: ${pos.ukeire.total} tiles in ${pos.ukeire.kinds.length} kinds`);
      expect(await page.locator('#analysis .tiles .t').count()).toBe(pos.ukeire.kinds.length);
    }

    // Tsumogiri marks: one per river tile discarded from the draw, none when switched off.
    await goTo(page, d.step + 40);
    const tsumogiri = await mj<number>(page, 'u.steps[u.pos].state.players.reduce((n, p) => n + p.river.filter((r) => r.tsumogiri).length, 0)');
    expect(tsumogiri).toBeGreaterThan(3);
    expect(await markBlobs(page)).toBe(tsumogiri);
    expect((await screenshot(page, 'replay-analysis-tsumogiri')).colours).toBeGreaterThan(50);
    await page.uncheck('#mark-tsumogiri');
    expect(await markBlobs(page)).toBe(0);
    await page.check('#mark-tsumogiri');

    // Turn the table to each seat: the row, the panel and the bottom hand follow.
    const before = await canvasStats(page);
    await page.click('#players .seat-row[data-seat="2"]');
    expect(await mj(page, 'u.seat')).toBe(2);
    expect(await page.locator('#players .seat-row.viewed .name').textContent()).toBe('でこじ');
    expect(await page.textContent('#analysis h2')).toStartWith('でこじ: ');
    expect((await canvasStats(page)).hash).not.toBe(before.hash);
    const bottom = await mj<number[]>(page, 'u.hits.map((h) => h.tile).sort((a, b) => a - b)');
    expect(bottom).toEqual(await mj<number[]>(page, 'u.steps[u.pos].state.players[2].hand.slice().sort((a, b) => a - b)'));
    // Seen from seat 2, seat 3 is on the right and seat 0 on top.
    expect(await page.locator('#players .seat-row[data-seat="3"] .where').getAttribute('title')).toBe('right');
    expect(await page.locator('#players .seat-row[data-seat="0"] .where').getAttribute('title')).toBe('top');
    expect((await screenshot(page, 'replay-analysis-seat2')).colours).toBeGreaterThan(50);
    await page.keyboard.press('v');
    expect(await mj(page, 'u.seat')).toBe(3);
    await page.click('#rotate');
    expect(await mj(page, 'u.seat')).toBe(0);

    // The first hand's result: indicators, yaku with han, han/fu, score changes.
    const first = await mj<{ last_step: number; dora: number[]; wins: { yaku: { name: string; han: number }[]; han: number; fu: number }[]; deltas: number[] }>(page, 'u.analysis.hands[0]');
    await goTo(page, first.last_step);
    expect(await page.isVisible('#result')).toBe(true);
    const result = (await page.textContent('#result'))!;
    expect(result).toContain('East 1: ron');
    expect(result).toContain('ASAPIN wins by ron from でこじ');
    for (const y of first.wins[0]!.yaku) expect(result).toContain(`${y.name} — ${y.han} han`);
    expect(result).toContain(`${first.wins[0]!.han} han ${first.wins[0]!.fu} fu`);
    expect(result).toContain('+8700');
    expect(await page.locator('#result p canvas.mini').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('data-tile'))))).toEqual(first.dora);
    expect((await screenshot(page, 'replay-analysis-result')).colours).toBeGreaterThan(50);

    // A riichi win shows its ura indicators.
    const ura = await mj<{ last_step: number; ura: number[] }>(page, 'u.analysis.hands.find((h) => h.ura.length > 0)');
    await goTo(page, ura.last_step);
    expect(await page.textContent('#result')).toContain('ura');
    const shown = await page.locator('#result p canvas.mini').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('data-tile'))));
    expect(shown.slice(-ura.ura.length)).toEqual(ura.ura);
    // Mid-hand the result panel is hidden again.
    await page.click('#next-hand');
    await page.click('#forward');
    expect(await page.isVisible('#result')).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('on a phone the panel sits below the table and the page does not scroll sideways', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/replay?seat=1`);
    await page.setInputFiles('#file', { name: LOG, mimeType: 'application/octet-stream', buffer: XML });
    await waitFor(() => mj(page, 'u.analysis !== null && u.analysis !== undefined'), 'the analysis', 60_000);
    expect(await mj(page, 'u.seat')).toBe(1);
    const d = await mj<{ step: number }>(page, 'u.analysis.decisions.find((d) => d.seat === 1 && d.step > 30)');
    await goTo(page, d.step);
    expect(await page.locator('#analysis tr.cand').count()).toBeGreaterThan(0);
    const table = await page.locator('.table-wrap').boundingBox();
    const panel = await page.locator('#panel').boundingBox();
    expect(panel!.y).toBeGreaterThanOrEqual(table!.y + table!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('#analysis').scrollIntoViewIfNeeded();
    expect((await screenshot(page, 'replay-analysis-phone')).colours).toBeGreaterThan(50);
    await page.close();
  }, 120_000);
});
