import { afterAll, describe, expect, it } from 'bun:test';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { renderPanePng } from '../../../src/screenshot';
import { removeSocketFile, waitFor } from '../../helpers/gateway';

const socket = `gw-shot-${process.pid}`;
const tmux = (...args: string[]) => {
  const out = Bun.spawnSync(['tmux', '-L', socket, ...args], { env: { ...process.env, TMUX: '' } });
  if (out.exitCode !== 0) throw new Error(`tmux ${args[0]}: ${out.stderr.toString()}`);
  return out.stdout.toString();
};
afterAll(() => { Bun.spawnSync(['tmux', '-L', socket, 'kill-server']); removeSocketFile(socket); });

async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

describe('pane screenshot', () => {
  it('renders a real tmux pane with 16, 256 and true colours, inverse and CJK into a PNG of the pane size', async () => {
    const script = [
      "printf '\\033[41m  RED  \\033[0m plain \\033[1;32mbold green\\033[0m\\n'",
      "printf '\\033[48;5;21m  256-blue  \\033[0m \\033[48;2;250;200;0m  truecolour  \\033[0m\\n'",
      "printf '\\033[7minverse\\033[0m 中文字符 ✻ ❯ ⎿ done\\n'",
      'sleep 30',
    ].join('; ');
    tmux('new-session', '-d', '-s', 's', '-x', '60', '-y', '10', 'sh', '-c', script);
    await waitFor(() => tmux('capture-pane', '-p', '-t', 's').includes('done'), 'the pane to print', 5_000);
    const ansi = tmux('capture-pane', '-e', '-p', '-t', 's');
    expect(ansi).toContain('\x1b[');
    const [cols, rows] = tmux('display-message', '-p', '-t', 's', '#{pane_width} #{pane_height}').trim().split(' ').map(Number);
    const png = await renderPanePng(ansi, { cols: cols!, rows: rows! });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const { width, height, data } = await pixels(png);
    expect(height).toBe(rows! * 17 + 16);
    expect(width).toBeGreaterThan(cols! * 7);
    expect(width).toBeLessThan(cols! * 10 + 16);
    const at = (x: number, y: number): [number, number, number] => { const i = (y * width + x) * 4; return [data[i]!, data[i + 1]!, data[i + 2]!]; };
    const cell = (width - 16) / cols!;
    const centre = (col: number, row: number) => at(Math.floor(8 + (col + 0.5) * cell), 8 + row * 17 + 2);
    // Row 0 starts with a red background (SGR 41), row 1 with 256-colour blue, then true colour.
    const red = centre(0, 0);
    expect(red[0]).toBeGreaterThan(150);
    expect(red[1]).toBeLessThan(100);
    expect(centre(1, 1)).toEqual([0, 0, 255]);
    expect(centre(14, 1)).toEqual([250, 200, 0]);
    // Inverse swaps the default colours: the cell behind "inverse" is light.
    expect(at(Math.floor(8 + 2 * cell + 1), 8 + 2 * 17 + 1)[0]).toBeGreaterThan(180);
    // Wide characters take two cells: the four CJK glyphs (columns 8–15) leave ink in both halves,
    // and the ✻ after them sits in column 17, not 13.
    const bg = at(1, 1 + 8 + 2 * 17);
    const inkIn = (col: number, row: number) => {
      for (let dx = 1; dx < cell - 1; dx++) for (let dy = 2; dy < 15; dy++) {
        const p = at(Math.floor(8 + col * cell + dx), 8 + row * 17 + dy);
        if (Math.abs(p[0] - bg[0]) + Math.abs(p[1] - bg[1]) + Math.abs(p[2] - bg[2]) > 60) return true;
      }
      return false;
    };
    for (const col of [8, 9, 10, 11, 12, 13, 14, 15, 17]) expect({ col, ink: inkIn(col, 2) }).toEqual({ col, ink: true });
    expect(inkIn(16, 2)).toBe(false);
    // Bold green text: some clearly green pixels in row 0.
    let green = 0;
    for (let col = 15; col < 25; col++) for (let dy = 2; dy < 15; dy++) { const p = at(Math.floor(8 + (col + 0.5) * cell), 8 + dy); if (p[1] > 150 && p[0] < 120) green++; }
    expect(green).toBeGreaterThan(3);
    const distinct = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97) distinct.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    expect(distinct.size).toBeGreaterThan(5);
  }, 30_000);

  it('renders an empty pane as a plain background of the right size', async () => {
    const { width, height, data } = await pixels(await renderPanePng('', { cols: 20, rows: 4 }));
    expect(height).toBe(4 * 17 + 16);
    expect(width).toBeGreaterThan(20 * 7);
    expect(new Set(Array.from({ length: data.length / 4 }, (_, i) => data[i * 4])).size).toBe(1);
  });
});
