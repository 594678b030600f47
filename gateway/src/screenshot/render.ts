import { type SKRSContext2D, createCanvas } from '@napi-rs/canvas';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { type IBufferCell, type IBufferLine, Terminal } from '@xterm/headless';
import { emojiFamilies, ensureFonts, fontFamilies } from './fonts';
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
  // Unicode 11 widths, as tmux counts them: ✅ and 🚀 take two cells (Unicode 6 gave ✅ one).
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
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
    // A grapheme the terminal spread over several cells (👨‍👩‍👧: one emoji per cell, joined by
    // ZWJ; 🇯🇵: two regional indicators) is drawn once over all of them, or it would come out as
    // its parts (three people, the letters J P).
    let cluster: { text: string; x: number; width: number; style: Style } | null = null;
    const flushCluster = () => {
      if (cluster && cluster.text.trim()) this.glyph(cluster.text, PAD + cluster.x * this.cw, py, cluster.style, this.cw * cluster.width);
      cluster = null;
    };
    for (let x = 0; x < cols; x++) {
      if (!line.getCell(x, cell)) continue;
      const width = cell.getWidth();
      if (width === 0) continue;
      const style = this.styleOf(cell);
      const px = PAD + x * this.cw;
      if (style.bg) { this.ctx.fillStyle = style.bg; this.ctx.fillRect(Math.floor(px), py, Math.ceil(this.cw * width), this.ch); }
      const chars = cell.isInvisible() ? ' ' : cell.getChars() || ' ';
      if (cluster && joins(cluster.text, chars)) {
        cluster.text += chars;
        cluster.width += width;
        continue;
      }
      flushCluster();
      // Wide and non-Latin glyphs may come from a fallback font with another advance: own cell.
      if (width > 1 || chars.length > 1 || chars.codePointAt(0)! > 0x257f) {
        flush();
        cluster = { text: chars, x, width, style };
        continue;
      }
      if (runStyle && !sameStyle(runStyle, style)) flush();
      if (!runStyle) { runStyle = style; runStart = x; }
      run += chars;
    }
    flushCluster();
    flush();
  }

  /**
   * One glyph (or grapheme) centred in its cells. Emoji are drawn with the colour emoji font and,
   * when wider or taller than their cells, at a smaller size rather than squeezed or cut.
   */
  private glyph(text: string, px: number, py: number, style: Style, w: number): void {
    if (!isEmoji(text)) {
      this.text(text, px, py, style, w, true);
      return;
    }
    const ctx = this.ctx;
    let size = this.size;
    ctx.font = `${size}px ${emojiFamilies()}`;
    const advance = ctx.measureText(text).width;
    // The colour emoji font's glyphs are about 1.17 em tall; a row is 1.2 em.
    if (advance > w) size = Math.floor((size * w) / advance);
    size = Math.min(size, Math.floor(this.ch / 1.2));
    ctx.font = `${size}px ${emojiFamilies()}`;
    this.font = ctx.font;
    ctx.fillStyle = style.fg;
    ctx.globalAlpha = style.dim ? 0.6 : 1;
    const drawn = ctx.measureText(text).width;
    ctx.fillText(text, px + Math.max(0, (w - drawn) / 2), py + this.ch / 2);
    ctx.globalAlpha = 1;
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

const ZWJ = '\u200d';
const REGIONAL = /^\p{Regional_Indicator}$/u;
const regionalCount = (text: string) => [...text].filter((c) => REGIONAL.test(c)).length;

/** Whether `next` (a cell's characters) continues the grapheme `text`: after a ZWJ, or a flag's second letter. */
function joins(text: string, next: string): boolean {
  if (text.endsWith(ZWJ)) return true;
  const first = [...next][0] ?? '';
  if (next.startsWith(ZWJ) || /^[\u{fe0f}\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]/u.test(next)) return true; // VS16, skin tones, tag sequences
  return REGIONAL.test(first) && regionalCount(text) % 2 === 1 && [...text].every((c) => REGIONAL.test(c));
}

/** Drawn with the colour emoji font: emoji presentation by default, or asked for (VS16), ZWJ sequences and flags. */
const isEmoji = (text: string) => /\p{Emoji_Presentation}|\u{fe0f}|\u{200d}|\p{Regional_Indicator}/u.test(text);

const sameStyle = (a: Style, b: Style) => a.fg === b.fg && a.font === b.font && a.dim === b.dim && a.underline === b.underline;

function colour(cell: IBufferCell, which: 'fg' | 'bg'): string | null {
  const isRgb = which === 'fg' ? cell.isFgRGB() : cell.isBgRGB();
  const isPalette = which === 'fg' ? cell.isFgPalette() : cell.isBgPalette();
  const value = which === 'fg' ? cell.getFgColor() : cell.getBgColor();
  if (isRgb) return rgbHex(value);
  if (isPalette) return PALETTE[value] ?? null;
  return null;
}
