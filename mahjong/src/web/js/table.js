// Table renderer: draws a state object (the engine's StateView) over the whole canvas. Each seat
// is drawn in its own rotated frame, the viewer at the bottom: its river beside the centre panel,
// its hand at its own edge of the screen (the viewer's along the bottom, larger). The geometry
// (table-layout.js) is chosen per canvas size so that the biggest river tiles fit: on a wide
// screen the top and bottom rivers may run nine to a row, on a tall one the side rivers. The
// melds, rivers and sticks are drawn by table-pieces.js.
(function (global) {
  'use strict';
  const T = global.MJTiles;
  const { TILE_ASPECT: A, fit, riverRows, layout, seatFrame, toCanvas } = global.MJTableLayout;
  const { meldWidth, drawMeld, drawRiver, drawStick, drawLabel, TSUMOGIRI_MARK } = global.MJTablePieces;
  const FELT = '#16352a';

  // A hand the viewer may see is its tiles; another seat's hand is its tile count.
  const handTiles = (p) => (Array.isArray(p.hand) ? p.hand : null);
  const handCount = (p) => (Array.isArray(p.hand) ? p.hand.length : p.hand);

  /** The seats whose hands a finished hand shows: the winners, and the hands a draw's record lists. */
  function revealedSeats(state) {
    const r = state && state.result;
    if (!r || state.phase !== 16) return [];
    if (r.wins.length) return r.wins.map((w) => w.who);
    return (r.hands || []).flatMap((h, seat) => (h ? [seat] : []));
  }

  /**
   * Draws one seat in its frame (origin = table centre, +y towards this seat). Returns what the
   * tests and the pages read: hand tile rects (frame), meld tile rects, the river and stick rects.
   */
  function drawSeat(ctx, state, p, L, F, opts) {
    const isBottom = F.rel === 0;
    const rw = L.rw, rh = rw * A;
    const out = { seat: p.seat, rel: F.rel, tiles: [], melds: [], stick: null, river: null, label: null, drawnApart: false };
    const markLast = !!opts.last && opts.last.player === p.seat && opts.last.action <= 36;
    const rows = riverRows(F.cols);
    const x0 = -(F.cols * rw) / 2, y0 = F.ext + L.g;
    const maxLast = Math.floor((F.reach - x0) / rw - 0.5);
    const r = drawRiver(ctx, p.river, x0, y0, rw, rh, { cols: F.cols, rows, maxLast, markLast, slide: opts.slide ?? 1, markTsumogiri: !!opts.markTsumogiri, dimCalled: !!opts.dimCalled });
    out.river = { x: x0, y: y0, w: F.cols * rw, h: r.rows * rh * 1.02 };
    // A riichi stick lies between the centre panel and the river, as on a real table.
    if (p.riichi) out.stick = drawStick(ctx, F.ext + L.g * 0.5, Math.min(F.cols * rw * 0.62, rw * 4), Math.max(3, rw * 0.2));

    let tiles = handTiles(p);
    const n = tiles ? tiles.length : handCount(p);
    // The drawn tile sits apart at the right end, as at a real table — not the last tile after a
    // chi or pon, which leaves 3n+2 tiles too. A hidden hand after its own call has no draw either.
    const justCalled = !!opts.last && opts.last.player === p.seat && opts.last.action >= 37 && opts.last.action <= 44;
    const drawnApart = n % 3 === 2 && (tiles ? p.drawn != null && tiles.includes(p.drawn) : !justCalled);
    if (tiles && drawnApart) {
      const rest = tiles.slice();
      rest.splice(rest.indexOf(p.drawn), 1);
      tiles = [...rest, p.drawn];
    }
    out.drawnApart = drawnApart;
    const visible = tiles && (opts.showAll || opts.visibleSeats.includes(p.seat) || revealedSeats(state).includes(p.seat));
    let tw = isBottom ? L.tb : L.to, th = tw * A;
    const units = (k) => {
      const mt = k * 0.86, mh = mt * A;
      return n * k + (drawnApart ? k * 0.35 : 0) + (p.melds.length ? k * 0.5 : 0) + p.melds.reduce((s, m) => s + meldWidth(m, mt, mh) + k * 0.15, 0);
    };
    // A long row (many melds) shrinks to its edge.
    const k = Math.min(1, F.along.len / units(tw));
    tw *= k; th *= k;
    const rowW = units(tw);
    let x = F.along.centre - rowW / 2;
    const y = F.dist - L.m - th;
    out.row = { x, y, w: rowW, h: th };
    for (let i = 0; i < n; i++) {
      if (i === n - 1 && drawnApart) x += tw * 0.35;
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
      out.tiles.push({ x, y: yy, w: tw, h: th, index: i, tile });
      x += tw;
    }
    // Melds after a gap, newest last.
    if (p.melds.length) x += tw * 0.5;
    const mt = tw * 0.86, mh = mt * A;
    for (const m of p.melds) {
      const d = drawMeld(ctx, m, x, y + (th - mh), mt, mh, p.seat);
      out.melds.push({ type: m.type, rects: d.rects });
      x += d.width + tw * 0.15;
    }
    // At an exhaustive draw every seat is marked tenpai or noten above its hand.
    const res = state.result;
    if (state.phase === 16 && res && res.tenpai) {
      const I = global.MJI18n;
      const ten = res.tenpai.includes(p.seat);
      const px = Math.max(11, rw * 0.42);
      ctx.save();
      ctx.translate(F.along.centre, 0);
      drawLabel(ctx, I ? I.t(ten ? 'seat.tenpai' : 'seat.noten') : ten ? 'Tenpai' : 'Noten', y + px * 0.3, px, ten ? '#111' : '#eee', ten ? '#f1c40f' : 'rgba(0,0,0,0.7)');
      ctx.restore();
      out.label = ten ? 'tenpai' : 'noten';
    }
    return out;
  }

  const relOf = (seat, viewer) => (seat - viewer + 4) % 4;

  /**
   * draw(canvas, state, opts) → hits (the viewer's hand tiles, canvas px). opts: viewer (seat at
   * the bottom), showAll, visibleSeats, selectedTile (tile id lifted), hover (hand index),
   * markedTiles (riichi candidates), banner (text across the table), last ({player, action} to
   * mark), slide (0–1, progress of the newest discard's slide into the river), dimCalled (dim the
   * river tiles others called: the replay page), markTsumogiri
   * (shade and corner mark on river tiles discarded from the draw), names (a plate name per seat), strip
   * (px kept free above the viewer's hand). What was drawn where is kept in MJTable.last.
   */
  function draw(canvas, state, opts = {}) {
    const { ctx, w, h } = fit(canvas);
    const o = { viewer: 0, showAll: false, visibleSeats: [], strip: 0, ...opts };
    const L = layout(w, h, o.strip);
    ctx.fillStyle = FELT; ctx.fillRect(0, 0, w, h);
    // A lighter field around the rivers and the centre, the rest of the felt around it.
    ctx.fillStyle = '#1a3d30';
    const fw = L.boxW + 2 * (L.g + L.depthS + L.gh * 0.5), fh = L.boxH + 2 * (L.g + L.depthTB + L.gh * 0.5);
    T.roundRect(ctx, L.cx - fw / 2, L.cy - fh / 2, fw, fh, L.rw * 0.6); ctx.fill();
    const info = { layout: L, seats: [], canvas: { w, h } };
    MJTable.last = info;
    if (!state) {
      ctx.fillStyle = '#8fb8a4'; ctx.font = `${Math.max(14, Math.min(w, h) / 30)}px sans-serif`; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      const lines = bannerLines(ctx, o.banner || 'No game', w * 0.9);
      const lh = Math.max(14, Math.min(w, h) / 30) * 1.3;
      lines.forEach((line, i) => ctx.fillText(line, L.cx, L.cy + (i - (lines.length - 1) / 2) * lh));
      return [];
    }
    let hits = [];
    ctx.save();
    ctx.translate(L.cx, L.cy);
    global.MJCentre.draw(ctx, state, { w: L.boxW, h: L.boxH, rw: L.rw }, o.viewer, o.names);
    for (const p of state.players) {
      const rel = relOf(p.seat, o.viewer);
      const F = seatFrame(L, rel);
      ctx.save();
      ctx.rotate((-rel * Math.PI) / 2);
      const s = drawSeat(ctx, state, p, L, F, o);
      ctx.restore();
      const map = (r) => ({ ...r, ...toCanvas(L, rel, r.x, r.y, r.w, r.h) });
      info.seats[p.seat] = {
        seat: p.seat, rel, label: s.label, drawnApart: s.drawnApart, riichi: p.riichi,
        stick: s.stick && toCanvas(L, rel, s.stick.x, s.stick.y, s.stick.w, s.stick.h),
        river: toCanvas(L, rel, s.river.x, s.river.y, s.river.w, Math.max(s.river.h, 1)),
        row: toCanvas(L, rel, s.row.x, s.row.y, s.row.w, s.row.h),
        tiles: s.tiles.map(map), melds: s.melds.map((m) => ({ type: m.type, rects: m.rects.map(map) })),
      };
      if (rel === 0) hits = info.seats[p.seat].tiles;
    }
    const centre = global.MJCentre.last;
    info.centre = centre.lines;
    info.plates = centre.plates.map((p) => ({ ...p, badge: toCanvas(L, p.rel, p.badge.x, p.badge.y, p.badge.w, p.badge.h) }));
    info.field = { x: L.cx - fw / 2, y: L.cy - fh / 2, w: fw, h: fh };
    ctx.restore();
    if (o.banner) {
      const S = Math.min(w, h);
      const px = Math.max(12, S * 0.035);
      ctx.font = `600 ${px}px sans-serif`;
      const lines = bannerLines(ctx, o.banner, w * 0.94);
      const lh = px * 1.3, bh = Math.max(S * 0.08, lines.length * lh + px * 0.6);
      ctx.fillStyle = 'rgba(0,0,0,0.8)'; ctx.fillRect(0, L.cy - bh / 2, w, bh);
      ctx.fillStyle = '#f1c40f'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      lines.forEach((line, i) => ctx.fillText(line, L.cx, L.cy + (i - (lines.length - 1) / 2) * lh));
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

  const MJTable = { draw, drawRiver, hitTest, fit, bannerLines, layout, drawMeld, meldWidth, revealedSeats, TSUMOGIRI_MARK, last: null };
  global.MJTable = MJTable;
})(window);
