// Table renderer: draws a state object (mahjong/README.md, state object) on a canvas.
// Each seat is drawn in its own rotated frame, the viewer at the bottom; hands run in a
// pinwheel so that every seat's hand+melds row ends in its own corner.
(function (global) {
  'use strict';
  const T = global.MJTiles;

  /** Sizes the canvas backing store to its CSS box × devicePixelRatio; returns CSS width/height. */
  function fit(canvas) {
    const dpr = global.devicePixelRatio || 1;
    const rect = canvas.getBoundingClientRect();
    const w = Math.max(200, Math.round(rect.width)), h = Math.max(200, Math.round(rect.height));
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    return { ctx, w, h };
  }

  // A hand the viewer may see is its tiles; another seat's hand is its tile count.
  const handTiles = (p) => (Array.isArray(p.hand) ? p.hand : null);
  const handCount = (p) => (Array.isArray(p.hand) ? p.hand.length : p.hand);

  /**
   * River tile width. A third river row may run past six tiles (Tenhou style); at S/24 even a
   * 24-tile river ends before the neighbouring seat's hand (at about 0.43 S from the centre).
   */
  const riverWidth = (S) => S / 24;

  /** Width of a meld in tile widths (one tile sideways). */
  const meldWidth = (m, tw, th) => (m.tiles.length - 1) * tw + th;

  function drawMeld(ctx, m, x, y, tw, th, seat) {
    // The called tile lies sideways; its position shows who it came from (left, across, right).
    const rel = m.from === seat ? -1 : (m.from - seat + 4) % 4;
    const sidewaysAt = m.type === 'ankan' ? -1 : rel === 3 ? 0 : rel === 2 ? 1 : rel === 1 ? m.tiles.length - 1 : -1;
    let cx = x;
    m.tiles.forEach((tile, i) => {
      const back = m.type === 'ankan' && (i === 0 || i === 3);
      if (i === sidewaysAt) {
        T.drawTile(ctx, tile, cx, y + th - tw, tw, th, { sideways: true });
        cx += th;
      } else {
        T.drawTile(ctx, tile, cx, y, tw, th, { back });
        cx += tw;
      }
    });
    return cx - x;
  }

  /** Colour of the tsumogiri mark (a corner triangle); used nowhere else on the table, so tests can count the marks. */
  const TSUMOGIRI_MARK = '#00bcd4';

  /**
   * `slide` (0–1): how far the newest tile has travelled from the hand (1 = in place).
   * `markTsumogiri`: tiles discarded straight from the draw get a corner triangle.
   */
  function drawRiver(ctx, river, x0, y0, rw, rh, markLast, slide = 1, markTsumogiri = false) {
    let x = x0, y = y0, col = 0;
    river.forEach((d, i) => {
      if (col === 6 && y < y0 + rh * 2.5) { col = 0; x = x0; y += rh * 1.02; }
      const sideways = !!d.riichi;
      const w = sideways ? rh : rw;
      const newest = markLast && i === river.length - 1;
      // The newest discard slides in from its owner's hand (+y points at the owner).
      const dy = newest ? (1 - slide) * rh * 4 : 0;
      T.drawTile(ctx, d.tile, x, (sideways ? y + rh - rw : y) + dy, rw, rh, { sideways, dim: !!d.called, highlight: newest });
      if (markTsumogiri && d.tsumogiri) {
        const top = (sideways ? y + rh - rw : y) + dy, s = rw * 0.42;
        ctx.fillStyle = TSUMOGIRI_MARK;
        ctx.beginPath(); ctx.moveTo(x + w - s, top); ctx.lineTo(x + w, top); ctx.lineTo(x + w, top + s); ctx.closePath(); ctx.fill();
      }
      x += w; col++;
    });
  }

  /**
   * Draws one seat in its frame (origin = table centre, +y towards this seat).
   * Returns the hit rects of its hand tiles in frame coordinates.
   */
  function rowWidth(n, melds, tw, th) {
    const mt = tw * 0.86, mh = th * 0.86;
    return n * tw + (n % 3 === 2 ? tw * 0.35 : 0) + tw * 0.5 + melds.reduce((w, m) => w + meldWidth(m, mt, mh) + tw * 0.15, 0);
  }

  /**
   * Draws one seat in its frame (origin = table centre, +y towards this seat).
   * The bottom seat (the viewer) may use bigger tiles across the whole canvas width: its row sits
   * below every other seat's row, so it can grow without overlapping them.
   * Returns the hit rects of its hand tiles in frame coordinates.
   */
  function drawSeat(ctx, state, p, S, opts, isBottom, view) {
    let tw = S / 23, th = tw * 1.36;
    const rw = riverWidth(S), rh = rw * 1.36;
    const hits = [];
    // River: 6 per row, starting below the centre box.
    const centre = rw * 6 + rw * 0.4;
    // The newest discard of the seat that just discarded is outlined.
    const markLast = !!opts.last && opts.last.player === p.seat && opts.last.action <= 36;
    drawRiver(ctx, p.river, -rw * 3, centre / 2 + rw * 0.3, rw, rh, markLast, opts.slide ?? 1, !!opts.markTsumogiri);
    let tiles = handTiles(p);
    // The drawn tile sits apart at the right end, as at a real table.
    if (tiles && p.drawn != null && tiles.includes(p.drawn) && tiles.length % 3 === 2) {
      const rest = tiles.slice();
      rest.splice(rest.indexOf(p.drawn), 1);
      tiles = [...rest, p.drawn];
    }
    const visible = tiles && (opts.showAll || opts.visibleSeats.includes(p.seat));
    const n = tiles ? tiles.length : handCount(p);
    const melds = p.melds;
    let x = -S * 0.36;
    let y = S * 0.5 - th - S * 0.012;
    if (isBottom) {
      const base = rowWidth(n, melds, tw, th);
      const byWidth = (view.w - 16) / base;
      const byHeight = (view.bottom - S * 0.38 - 6) / th;
      const k = Math.max(1, Math.min(1.6, byWidth, byHeight));
      tw *= k; th *= k;
      x = Math.max(-view.w / 2 + 8, -rowWidth(n, melds, tw, th) / 2);
      y = view.bottom - th - 6;
    }
    const drawnGap = n % 3 === 2 ? tw * 0.35 : 0;
    for (let i = 0; i < n; i++) {
      if (i === n - 1 && drawnGap) x += drawnGap;
      const tile = tiles ? tiles[i] : null;
      // Tile ids, not positions: the drawn tile is moved to the end of the row.
      const sel = isBottom && tile != null && opts.selectedTile === tile;
      const yy = sel ? y - th * 0.18 : y;
      if (visible) T.drawTile(ctx, tile, x, yy, tw, th, { highlight: sel || (isBottom && opts.hover === i) });
      else T.drawTile(ctx, null, x, yy, tw, th, { back: true });
      // Riichi candidates carry an orange dot above the tile.
      if (isBottom && visible && opts.markedTiles && opts.markedTiles.includes(tile)) {
        ctx.fillStyle = '#e67e22';
        ctx.beginPath(); ctx.arc(x + tw / 2, yy - Math.max(3, tw * 0.09), Math.max(2.5, tw * 0.08), 0, Math.PI * 2); ctx.fill();
      }
      if (isBottom) hits.push({ x, y: yy, w: tw, h: th, index: i, tile });
      x += tw;
    }
    // Melds after a gap, newest last.
    x += tw * 0.5;
    const mt = tw * 0.86, mh = th * 0.86;
    for (const m of melds) {
      x += drawMeld(ctx, m, x, y + (th - mh), mt, mh, p.seat) + tw * 0.15;
    }
    return hits;
  }

  function relOf(seat, viewer) {
    return (seat - viewer + 4) % 4;
  }

  /**
   * draw(canvas, state, opts) → hits. opts: viewer (seat at the bottom), showAll, visibleSeats,
   * selectedTile (tile id lifted), hover (hand index), markedTiles (riichi candidates), banner (text across the table), last ({player, action} to mark),
   * slide (0–1, progress of the newest discard's slide into the river), markTsumogiri (corner mark on river tiles discarded from the draw).
   */
  function draw(canvas, state, opts = {}) {
    const { ctx, w, h } = fit(canvas);
    const o = { viewer: 0, showAll: false, visibleSeats: [], ...opts };
    ctx.fillStyle = '#0b1410'; ctx.fillRect(0, 0, w, h);
    const S = Math.min(w, h);
    // On a tall (phone) screen the table sits at the top and the viewer's hand at the bottom.
    const cx = w / 2, cy = h > S * 1.15 ? S / 2 + Math.min(S * 0.04, (h - S) / 4) : h / 2;
    ctx.fillStyle = '#16352a';
    ctx.fillRect(cx - S / 2, cy - S / 2, S, S);
    if (!state) {
      ctx.fillStyle = '#8fb8a4'; ctx.font = `${Math.max(14, S / 30)}px sans-serif`; ctx.textAlign = 'center';
      ctx.fillText(o.banner || 'No game', cx, cy);
      return [];
    }
    let hits = [];
    ctx.save();
    ctx.translate(cx, cy);
    global.MJCentre.draw(ctx, state, riverWidth(S), o.viewer);
    for (const p of state.players) {
      const rel = relOf(p.seat, o.viewer);
      ctx.save();
      ctx.rotate((-rel * Math.PI) / 2);
      const seatHits = drawSeat(ctx, state, p, S, o, rel === 0, { w, bottom: h - cy });
      ctx.restore();
      if (rel === 0) hits = seatHits.map((r) => ({ ...r, x: r.x + cx, y: r.y + cy }));
    }
    ctx.restore();
    if (o.banner) {
      const px = Math.max(12, S * 0.035);
      ctx.font = `600 ${px}px sans-serif`;
      const lines = bannerLines(ctx, o.banner, w * 0.94);
      const lh = px * 1.3, bh = Math.max(S * 0.08, lines.length * lh + px * 0.6);
      ctx.fillStyle = 'rgba(0,0,0,0.8)'; ctx.fillRect(0, cy - bh / 2, w, bh);
      ctx.fillStyle = '#f1c40f'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      lines.forEach((line, i) => ctx.fillText(line, cx, cy + (i - (lines.length - 1) / 2) * lh));
    }
    return hits;
  }

  /**
   * Splits a banner into lines no wider than `maxW` in the context's font, breaking between words
   * (a hand result with many yaku ran off both sides of a phone screen).
   */
  function bannerLines(ctx, text, maxW) {
    const lines = [];
    let line = '';
    for (const word of String(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && ctx.measureText(next).width > maxW) { lines.push(line); line = word; } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  function hitTest(hits, x, y) {
    return hits.find((r) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) || null;
  }

  global.MJTable = { draw, hitTest, fit, bannerLines, TSUMOGIRI_MARK };
})(window);
