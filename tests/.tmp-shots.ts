import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../mahjong/test/web/browser';
import { createApp } from '../mahjong/src/app';
process.env.MAHJONG_DIR = mkdtempSync(join(tmpdir(), 'mj-shots-'));
const app = createApp().listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
const out = process.env.OUT ?? '/tmp/shot2';
const { context, close } = await launchBrowser();

for (const [w, h, tag] of [[1280, 800, 'wide'], [375, 667, 'phone']] as const) {
  const page = await context.newPage(); await page.setViewportSize({ width: w, height: h });
  await page.goto(`${base}/?anim=0`);
  await page.selectOption('#ai-kind', 'heuristic');
  await page.fill('#seed', '11');
  await page.click('#start-game');
  await page.waitForFunction(() => (window as any).__mj.state?.players);
  // play a few discards by clicking the rightmost tile
  for (let i = 0; i < 8; i++) {
    await page.waitForFunction(() => { const u = (window as any).__mj; return u.state && u.state.turn === 0 && !u.busy && u.drawn === u.state && !document.querySelector('.overlay'); }, null, { timeout: 10000 }).catch(() => {});
    const btn = await page.$('#actions button');
    if (btn) { await btn.click(); continue; }
    const hit = await page.evaluate(() => { const u = (window as any).__mj; const r = document.getElementById('table')!.getBoundingClientRect(); const h = u.hits.at(-1); return h ? { x: r.left + h.x + h.w / 2, y: r.top + h.y + h.h / 2 } : null; });
    if (hit) await page.mouse.click(hit.x, hit.y);
    await page.waitForTimeout(300);
  }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/human-${tag}.png` });
  await page.goto(`${base}/ai_battle?delay=300`);
  await page.selectOption('#ai-kind', 'heuristic');
  await page.fill('#seed', '7');
  await page.click('#start');
  await page.waitForTimeout(8000);
  await page.click('#speed-slow');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/battle-${tag}.png` });
  await page.goto(`${base}/replay`);
  await page.waitForFunction(() => document.querySelectorAll('#sample option').length > 1);
  await page.selectOption('#sample', 'tenhou-2016052515gm-00a9-0000-c4d72066.xml');
  await page.click('#load-sample');
  await page.waitForFunction(() => (window as any).__mj.steps.length > 0);
  await page.locator('#progress').fill(process.env.STEP ?? '150');
  await page.screenshot({ path: `${out}/replay-${tag}.png` });
  await page.close();
}
await close();
await app.stop(true);
process.exit(0);
