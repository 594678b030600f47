import { type SKRSContext2D, createCanvas } from '@napi-rs/canvas';
import { type IBufferCell, type IBufferLine, Terminal } from '@xterm/headless';
import { ensureFonts, fontFamilies } from './fonts';
import { DEFAULT_BG, DEFAULT_FG, PALETTE, rgbHex } from './palette';
import { encodePng } from './png';

export interface RenderOptions {
  cols: number;
  rows: number;
  /** Font size in px (default 14); rows are 1.2em high. */
  fontSize?: number;
}

const PAD = 8;

interface Style { fg: string; bg: string | null; font: string; dim: boolean; underline: boolean }

/**
 * Paints a `capture-pane -e` dump (SGR escapes, one line per row) as a PNG: xterm interprets the
 * escapes (16/256/true colour, bold, dim, italic, underline, inverse, wide characters), canvas
 * paints backgrounds and glyphs. Runs of one style are drawn with a single call; the cell width is
 * the mono font's own advance so such runs stay on the grid.
 */
export async function renderPanePng(ansi: string, options: RenderOptions): Promise<Buffer> {
  ensureFonts();
  const cols = Math.max(1, Math.min(Math.floor(options.cols), 1000));
  const rows = Math.max(1, Math.min(Math.floor(options.rows), 500));
  const term = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true });
  // Each row is placed with a cursor move: joining with CRLF would scroll the first row away.
  const lines = ansi.replace(/\r/g, '').split('\n').slice(0, rows);
  await new Promise<void>((resolve) => term.write(lines.map((line, y) => `\x1b[${y + 1};1H\x1b[0m${line}`).join(''), resolve));

  const size = options.fontSize ?? 14;
  const probe = createCanvas(10, 10).getContext('2d');
  probe.font = `${size}px ${fontFamilies()}`;
  const cw = probe.measureText('M').width;
  const ch = Math.round(size * 1.2);
  const canvas = createCanvas(Math.ceil(cols * cw) + PAD * 2, rows * ch + PAD * 2);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = DEFAULT_BG;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.textBaseline = 'middle';
  const painter = new RowPainter(ctx, cw, ch, size);
  const cell = term.buffer.active.getNullCell();
  for (let y = 0; y < rows; y++) {
    const line = term.buffer.active.getLine(y);
    if (line) painter.paint(line, cell, cols, PAD + y * ch);
  }
  term.dispose();
  return encodePng(canvas.width, canvas.height, ctx.getImageData(0, 0, canvas.width, canvas.height).data);
}

class RowPainter {
  private font = '';
  constructor(private readonly ctx: SKRSContext2D, private readonly cw: number, private readonly ch: number, private readonly size: number) {}

  paint(line: IBufferLine, cell: IBufferCell, cols: number, py: number): void {
    let run = '';
    let runStart = 0;
    let runStyle: Style | null = null;
    const flush = () => {
      if (runStyle && run.trim()) this.text(run, PAD + runStart * this.cw, py, runStyle, run.length * this.cw);
      run = '';
      runStyle = null;
    };
    for (let x = 0; x < cols; x++) {
      if (!line.getCell(x, cell)) continue;
      const width = cell.getWidth();
      if (width === 0) continue;
      const style = this.styleOf(cell);
      const px = PAD + x * this.cw;
      if (style.bg) { this.ctx.fillStyle = style.bg; this.ctx.fillRect(Math.floor(px), py, Math.ceil(this.cw * width), this.ch); }
      const chars = cell.isInvisible() ? ' ' : cell.getChars() || ' ';
      // Wide and non-Latin glyphs may come from a fallback font with another advance: own cell.
      if (width > 1 || chars.length > 1 || chars.codePointAt(0)! > 0x257f) {
        flush();
        if (chars.trim()) this.text(chars, px, py, style, this.cw * width, true);
        continue;
      }
      if (runStyle && !sameStyle(runStyle, style)) flush();
      if (!runStyle) { runStyle = style; runStart = x; }
      run += chars;
    }
    flush();
  }

  private text(text: string, px: number, py: number, style: Style, w: number, centre = false): void {
    const ctx = this.ctx;
    if (style.font !== this.font) { ctx.font = style.font; this.font = style.font; }
    ctx.fillStyle = style.fg;
    ctx.globalAlpha = style.dim ? 0.6 : 1;
    if (centre) {
      const advance = ctx.measureText(text).width;
      if (advance > w) ctx.fillText(text, px, py + this.ch / 2, w);
      else ctx.fillText(text, px + (w - advance) / 2, py + this.ch / 2);
    } else {
      ctx.fillText(text, px, py + this.ch / 2);
    }
    if (style.underline) ctx.fillRect(px, py + this.ch - 2, w, 1);
    ctx.globalAlpha = 1;
  }

  private styleOf(cell: IBufferCell): Style {
    let fg = colour(cell, 'fg') ?? DEFAULT_FG;
    let bg = colour(cell, 'bg');
    if (cell.isInverse()) { const swap = bg ?? DEFAULT_BG; bg = fg; fg = swap; }
    const font = `${cell.isItalic() ? 'italic ' : ''}${cell.isBold() ? 'bold ' : ''}${this.size}px ${fontFamilies()}`;
    return { fg, bg, font, dim: cell.isDim() !== 0, underline: cell.isUnderline() !== 0 };
  }
}

const sameStyle = (a: Style, b: Style) => a.fg === b.fg && a.font === b.font && a.dim === b.dim && a.underline === b.underline;

function colour(cell: IBufferCell, which: 'fg' | 'bg'): string | null {
  const isRgb = which === 'fg' ? cell.isFgRGB() : cell.isBgRGB();
  const isPalette = which === 'fg' ? cell.isFgPalette() : cell.isBgPalette();
  const value = which === 'fg' ? cell.getFgColor() : cell.getBgColor();
  if (isRgb) return rgbHex(value);
  if (isPalette) return PALETTE[value] ?? null;
  return null;
}
