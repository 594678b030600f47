import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../mahjong/src/app';
import { launchBrowser } from '../mahjong/test/web/browser';
process.env.MAHJONG_DIR = mkdtempSync(join(tmpdir(), 'mj-shots-'));
const app = createApp().listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
const { context, close } = await launchBrowser();
const page = await context.newPage();
await page.setViewportSize({ width: 900, height: 420 });
await page.goto(`${base}/replay`);
await page.evaluate(() => {
  document.body.innerHTML = '<canvas id="c" width="900" height="420" style="background:#16352a"></canvas>';
  const ctx = (document.getElementById('c') as HTMLCanvasElement).getContext('2d')!;
  const T = (window as any).MJTiles;
  for (let k = 0; k < 34; k++) { const x = 10 + (k % 9) * 48, y = 10 + Math.floor(k / 9) * 66; T.drawTile(ctx, k * 4 + 1, x, y, 44, 60); }
  [16, 52, 88].forEach((id, i) => T.drawTile(ctx, id, 460 + i * 48, 10, 44, 60));
  T.drawTile(ctx, null, 460, 76, 44, 60, { back: true });
  T.drawTile(ctx, 13, 520, 76, 44, 60, { sideways: true });
  T.drawTile(ctx, 52, 600, 76, 44, 60, { sideways: true });
  for (let k = 0; k < 34; k++) { const x = 10 + k * 25, y = 290; T.drawTile(ctx, k * 4 + 1, x, y, 24, 33); }
  [16, 52, 88].forEach((id, i) => T.drawTile(ctx, id, 10 + i * 25, 340, 24, 33));
});
await page.screenshot({ path: '/tmp/shot2/sheet.png' });
await close();
await app.stop(true);
process.exit(0);
