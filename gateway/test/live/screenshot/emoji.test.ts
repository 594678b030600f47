import { afterAll, describe, expect, it } from 'bun:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { renderPanePng } from '../../../src/screenshot';
import { removeSocketFile, waitFor } from '../../helpers/gateway';

const socket = `gw-emoji-${process.pid}`;
const tmux = (...args: string[]) => {
  const out = Bun.spawnSync(['tmux', '-u', '-L', socket, ...args], { env: { ...process.env, TMUX: '', LANG: 'C.UTF-8' } });
  if (out.exitCode !== 0) throw new Error(`tmux ${args[0]}: ${out.stderr.toString()}`);
  return out.stdout.toString();
};
afterAll(() => { Bun.spawnSync(['tmux', '-L', socket, 'kill-server']); removeSocketFile(socket); });


describe('emoji in pane screenshots', () => {
  it('draws ✅ 🚀 👨‍👩‍👧 🇯🇵 from a real pane whole: one colour glyph each, inside its row, none squeezed or split', async () => {
    tmux('new-session', '-d', '-s', 'e', '-x', '60', '-y', '4', 'sh', '-c', "printf '\\342\\234\\205   \\360\\237\\232\\200   \\360\\237\\221\\250\\342\\200\\215\\360\\237\\221\\251\\342\\200\\215\\360\\237\\221\\247   \\360\\237\\207\\257\\360\\237\\207\\265   END\\n'; sleep 30");
    await waitFor(() => tmux('capture-pane', '-p', '-t', 'e').includes('END'), 'the pane to print', 5_000);
    const ansi = tmux('capture-pane', '-e', '-p', '-t', 'e');
    const png = await renderPanePng(ansi, { cols: 60, rows: 4 });
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, image.width, image.height);
    const at = (x: number, y: number) => { const i = (y * image.width + x) * 4; return [data[i]!, data[i + 1]!, data[i + 2]!] as const; };

    // The ink of the first row before END (8 px margin, rows 17 px high), grouped into glyphs by
    // the empty columns between them (emoji drawn in separate cells leave a gap of 2 px or more).
    const top = 8;
    const bottom = 8 + 17;
    const bg = at(1, 1);
    const ink = (x: number, y: number) => { const p = at(x, y); return Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) > 60; };
    const end = Math.floor(8 + 22 * ((image.width - 16) / 60)); // the flag ends in column 20, END starts in 24
    const columns: Array<{ x: number; ys: number[] }> = [];
    for (let x = 0; x < end; x++) {
      const ys: number[] = [];
      for (let y = 0; y < image.height; y++) if (ink(x, y)) ys.push(y);
      if (ys.length) columns.push({ x, ys });
    }
    const glyphs: Array<{ left: number; right: number; top: number; bottom: number }> = [];
    for (const { x, ys } of columns) {
      const last = glyphs.at(-1);
      if (last && x - last.right <= 1) Object.assign(last, { right: x, top: Math.min(last.top, ...ys), bottom: Math.max(last.bottom, ...ys) });
      else glyphs.push({ left: x, right: x, top: Math.min(...ys), bottom: Math.max(...ys) });
    }
    // Four glyphs: the family is one glyph (not three people), the flag one (not the letters J P).
    expect(glyphs).toHaveLength(4);
    for (const g of glyphs) {
      // Inside the first row, not cut at its edges.
      expect(g.top).toBeGreaterThan(top - 1);
      expect(g.bottom).toBeLessThan(bottom);
      expect(g.bottom - g.top).toBeGreaterThanOrEqual(9);
      // As wide as an emoji (about two cells), not squeezed into one.
      expect(g.right - g.left).toBeGreaterThanOrEqual(9);
      expect(g.right - g.left).toBeLessThanOrEqual(20);
    }
    // The flag: Japan's red disc.
    const flag = glyphs[3]!;
    let red = 0;
    for (let x = flag.left; x <= flag.right; x++) for (let y = flag.top; y <= flag.bottom; y++) { const [r, g, b] = at(x, y); if (r > 150 && g < 90 && b < 90) red++; }
    expect(red).toBeGreaterThan(4);
  }, 30_000);
});
