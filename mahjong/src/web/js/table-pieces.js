// The pieces drawn on the table, each in the frame of its seat: melds (the called tile turned
// towards the seat it came from), rivers, riichi sticks and label pills.
(function (global) {
  'use strict';
  const T = global.MJTiles;

  /** Width of a meld: one tile sideways (none for a closed kan; an added kan's fourth lies on the sideways one). */
  function meldWidth(m, tw, th) {
    if (m.type === 'ankan') return 4 * tw;
    if (m.type === 'kakan') return 2 * tw + th;
    return (m.tiles.length - 1) * tw + th;
  }

  /**
   * Draws a meld with its top-left at (x, y) for tiles tw × th (a sideways tile lies along the
   * row's bottom); the called tile's position shows whom it came from (left, across, right).
   * An added kan lays its fourth tile sideways on top of the called one. Returns the width and
   * the canvas-frame rects of its tiles (for tests and the result dialog).
   */
  function drawMeld(ctx, m, x, y, tw, th, seat) {
    const rel = m.from === seat ? -1 : (m.from - seat + 4) % 4;
    const rects = [];
    if (m.type === 'ankan') {
      m.tiles.forEach((tile, i) => { T.drawTile(ctx, tile, x + i * tw, y, tw, th, { back: i === 0 || i === 3 }); rects.push({ x: x + i * tw, y, w: tw, h: th, tile }); });
      return { width: 4 * tw, rects };
    }
    let tiles = m.tiles.slice();
    let added = null;
    if (m.type === 'kakan') {
      added = m.added ?? tiles[tiles.length - 1];
      tiles.splice(tiles.indexOf(added), 1);
    }
    // The called tile sits at the seat it came from: first (left), second (across), last (right).
    const called = m.called != null && tiles.includes(m.called) ? m.called : tiles[0];
    tiles.splice(tiles.indexOf(called), 1);
    const at = rel === 3 ? 0 : rel === 2 ? 1 : tiles.length;
    tiles.splice(at, 0, called);
    let cx = x;
    tiles.forEach((tile, i) => {
      if (i === at) {
        T.drawTile(ctx, tile, cx, y + th - tw, tw, th, { sideways: true });
        rects.push({ x: cx, y: y + th - tw, w: th, h: tw, tile, sideways: true });
        if (added != null) {
          T.drawTile(ctx, added, cx, y + th - 2 * tw, tw, th, { sideways: true });
          rects.push({ x: cx, y: y + th - 2 * tw, w: th, h: tw, tile: added, sideways: true, added: true });
        }
        cx += th;
      } else {
        T.drawTile(ctx, tile, cx, y, tw, th);
        rects.push({ x: cx, y, w: tw, h: th, tile });
        cx += tw;
      }
    });
    return { width: cx - x, rects };
  }

  /** Colour of the tsumogiri mark (a corner triangle); used nowhere else on the table, so tests can count the marks. */
  const TSUMOGIRI_MARK = '#00bcd4';
  /** The grey laid over a tsumogiri discard (lighter than a called tile's dimming on the replay page). */
  const TSUMOGIRI_SHADE = 'rgba(0,0,0,0.2)';

  /**
   * A river from (x0, y0) in rows of `cols`; rows past `rows` are added only when the last planned
   * row would run past `maxLast` tiles. `slide` (0–1): how far the newest tile has travelled from
   * the hand (1 = in place). `markTsumogiri`: tiles discarded straight from the draw are shaded and
   * get a corner triangle. `dimCalled`: tiles another seat called are dimmed (the replay's choice);
   * the live pages keep them as visible as the rest.
   */
  function drawRiver(ctx, river, x0, y0, rw, rh, o) {
    let x = x0, y = y0, col = 0, row = 0;
    const maxLast = Math.max(o.cols, o.maxLast);
    river.forEach((d, i) => {
      if ((col === o.cols && row < o.rows - 1) || col >= maxLast) { col = 0; row++; x = x0; y += rh * 1.02; }
      const sideways = !!d.riichi;
      const w = sideways ? rh : rw;
      const newest = o.markLast && i === river.length - 1;
      // The newest discard slides in from its owner's hand (+y points at the owner).
      const dy = newest ? (1 - o.slide) * rh * 4 : 0;
      const top = (sideways ? y + rh - rw : y) + dy;
      T.drawTile(ctx, d.tile, x, top, rw, rh, { sideways, dim: !!o.dimCalled && !!d.called, highlight: newest });
      if (o.markTsumogiri && d.tsumogiri) {
        T.roundRect(ctx, x, top, sideways ? rh : rw, sideways ? rw : rh, rw * 0.1);
        ctx.fillStyle = TSUMOGIRI_SHADE; ctx.fill();
        const s = rw * 0.42;
        ctx.fillStyle = TSUMOGIRI_MARK;
        ctx.beginPath(); ctx.moveTo(x + w - s, top); ctx.lineTo(x + w, top); ctx.lineTo(x + w, top + s); ctx.closePath(); ctx.fill();
      }
      x += w; col++;
    });
    return { rows: river.length ? row + 1 : 0 };
  }

  /** A 1,000-point riichi stick centred at (0, y): white with a red dot. Returns its rect. */
  function drawStick(ctx, y, len, thick) {
    const x = -len / 2;
    ctx.fillStyle = 'rgba(0,0,0,0.4)';
    T.roundRect(ctx, x + 1, y - thick / 2 + 1.5, len, thick, thick / 2); ctx.fill();
    ctx.fillStyle = '#f7f4ea';
    T.roundRect(ctx, x, y - thick / 2, len, thick, thick / 2); ctx.fill();
    ctx.fillStyle = '#d62c1a';
    ctx.beginPath(); ctx.arc(0, y, thick * 0.32, 0, Math.PI * 2); ctx.fill();
    return { x, y: y - thick / 2, w: len, h: thick };
  }

  /** A small pill with text centred at (0, y) in the current frame. */
  function drawLabel(ctx, text, y, px, fg, bg) {
    ctx.font = `700 ${px}px sans-serif`;
    const w = ctx.measureText(text).width + px * 1.2, hh = px * 1.6;
    ctx.fillStyle = bg;
    T.roundRect(ctx, -w / 2, y - hh / 2, w, hh, hh / 2); ctx.fill();
    ctx.fillStyle = fg; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    ctx.fillText(text, 0, y + px * 0.05);
  }

  global.MJTablePieces = { meldWidth, drawMeld, drawRiver, drawStick, drawLabel, TSUMOGIRI_MARK };
})(window);
