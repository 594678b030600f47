/**
 * The replay page's review panel in Chromium: a real Houou log is uploaded, the panel shows each
 * seat's agreement, mistakes and rating from POST /api/replay/review, "next mistake" jumps the
 * replay to the viewed seat's next mistake (its options shown with the engine's and the player's
 * choice), and "◀ mistake" goes back. Screenshot: dist/test-artifacts/mahjong/review-panel.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createApp } from '../mahjong/src/app';
import type { ReviewReport } from '../mahjong/src/modules/review/model';
import { launchBrowser, screenshot } from '../mahjong/test/web/browser';
import { waitFor } from '../shared/src/testing';

const dir = mkdtempSync(join(tmpdir(), 'mahjong-review-'));
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

const pos = async (page: Page) => Number((await page.textContent('#counter'))!.split(' /')[0]) - 1;

describe('replay page: review panel', () => {
  it('shows agreement, mistakes and rating per seat and jumps from mistake to mistake', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/replay`);
    await page.setInputFiles('#file', { name: LOG, mimeType: 'application/octet-stream', buffer: XML });
    await waitFor(() => page.evaluate(() => !!(window as any).__mjReview.report), 'the review', 60_000);
    const report = await page.evaluate(() => (window as any).__mjReview.report) as ReviewReport;
    expect(report.engine).toBe('strong');
    // One summary row per seat with its agreement and rating as the report has them.
    const rows = await page.$$eval('#review tr[data-seat]', (els) => els.map((e) => ({ seat: Number((e as HTMLElement).dataset.seat), agreement: e.querySelector('.agreement')!.textContent, rating: e.querySelector('.rating')!.textContent })));
    expect(rows.map((r) => r.seat)).toEqual([0, 1, 2, 3]);
    for (const r of rows) {
      const s = report.summary[r.seat]!;
      expect(r.agreement).toBe(`${(s.agreement! * 100).toFixed(1)} %`);
      expect(r.rating).toBe(s.rating.toFixed(1));
    }
    // The viewed seat is 0: its mistakes in step order.
    const mistakes = report.decisions.filter((d) => d.seat === 0 && d.severity !== 'none');
    expect(mistakes.length).toBeGreaterThan(1);
    expect(await page.isDisabled('#review-prev')).toBe(true);
    await page.click('#review-next');
    await waitFor(async () => (await pos(page)) === mistakes[0]!.step, 'the first mistake', 5_000);
    const shown = await page.getAttribute('#review-decision', 'data-severity');
    expect(shown).toBe(mistakes[0]!.severity);
    const text = await page.textContent('#review-decision');
    expect(text).toContain(`played ${mistakes[0]!.played.text}`);
    expect(text).toContain(`engine ${mistakes[0]!.engine.text}`);
    expect(await page.locator('#review-options tr.engine, .review-options tr.engine').count()).toBeGreaterThan(0);
    await screenshot(page, 'review-panel');
    await page.click('#review-next');
    await waitFor(async () => (await pos(page)) === mistakes[1]!.step, 'the second mistake', 5_000);
    await page.click('#review-prev');
    await waitFor(async () => (await pos(page)) === mistakes[0]!.step, 'back to the first mistake', 5_000);
    // The M key moves on too.
    await page.keyboard.press('m');
    await waitFor(async () => (await pos(page)) === mistakes[1]!.step, 'M: the next mistake', 5_000);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks the engine\'s and the player\'s rows even when they rank below the best eight options', async () => {
    const res = await fetch(`${base}/api/replay/review`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml_content: XML.toString('utf8') }) });
    const report = await res.json() as ReviewReport;
    // A mistake whose played option ranks ninth or lower by ev (the panel lists the best eight).
    const target = report.decisions.find((d) => d.severity !== 'none' && d.played.option >= 8)!;
    expect(target).toBeDefined();
    const before = report.decisions.filter((d) => d.seat === target.seat && d.severity !== 'none' && d.step < target.step).length;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/replay?seat=${target.seat}`);
    await page.setInputFiles('#file', { name: LOG, mimeType: 'application/octet-stream', buffer: XML });
    await waitFor(() => page.evaluate(() => !!(window as any).__mjReview.report), 'the review', 60_000);
    for (let i = 0; i <= before; i++) {
      await page.keyboard.press('m');
      await waitFor(async () => (await pos(page)) === report.decisions.filter((d) => d.seat === target.seat && d.severity !== 'none')[i]!.step, `mistake ${i + 1}`, 5_000);
    }
    const rows = await page.$$eval('.review-options tr', (trs) => trs.slice(1).map((tr) => ({ text: tr.querySelector('td')!.textContent, cls: tr.className })));
    expect(rows.find((r) => r.cls.includes('played'))?.text).toBe(target.played.text);
    expect(rows.find((r) => r.cls.includes('engine'))?.text).toBe(target.engine.text);
    expect(rows.length).toBeGreaterThan(8);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('POST /api/replay/review reviews one seat and refuses a body without a log', async () => {
    const one = await fetch(`${base}/api/replay/review`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml_content: XML.toString('utf8'), seat: 3 }) });
    expect(one.status).toBe(200);
    const report = await one.json() as ReviewReport;
    expect(report.seats).toEqual([3]);
    expect(report.decisions.every((d) => d.seat === 3)).toBe(true);
    const none = await fetch(`${base}/api/replay/review`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(400);
    const bad = await fetch(`${base}/api/replay/review`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml_content: 'x', seat: 9 }) });
    expect(bad.status).toBe(422);
  });
});
