// Table renderer: draws a state object (the engine's StateView) over the whole canvas. Each seat
// is drawn in its own rotated frame, the viewer at the bottom: its river beside the centre panel,
// its hand at its own edge of the screen (the viewer's along the bottom, larger). The geometry
// (layout) is chosen per canvas size so that the biggest river tiles fit: on a wide screen the
// top and bottom rivers may run nine to a row, on a tall one the side rivers.
(function (global) {
  'use strict';
  const T = global.MJTiles;
  /** Tile height / width. */
  const A = 1.36;
  const FELT = '#16352a';

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

  /** Rows a river of `cols` tiles a row is planned for (18 discards); the last row may run on. */
  const riverRows = (cols) => Math.ceil(18 / cols);

  /**
   * River columns tried: top/bottom seats' rivers (tb) and the side seats' (sd). Longer rows on
   * the long side of the screen make the rivers shallower there, so the tiles can be bigger, and
   * make the river block as long as the screen.
   */
  const CONFIGS = [{ tb: 6, sd: 6 }, { tb: 9, sd: 6 }, { tb: 12, sd: 6 }, { tb: 6, sd: 9 }, { tb: 6, sd: 12 }];

  /** Sizes for river tile width `rw` and columns `c` on a w × h canvas; `ok` when everything fits. */
  function sizes(rw, c, w, h, strip) {
    const m = Math.max(4, Math.round(Math.min(w, h) * 0.012));
    const to = rw * 0.82, tho = to * A; // the other seats' hands
    const tb = Math.min(rw * 1.5, Math.max(rw, (w - 2 * m) / 15.6)), thb = tb * A; // the viewer's hand
    const g = rw * 0.6; // centre panel → river: the riichi sticks lie there
    const gh = rw * 0.3; // river → hand
    const depthTB = riverRows(c.tb) * A * rw * 1.02, depthS = riverRows(c.sd) * A * rw * 1.02;
    const boxW = c.tb * rw + 0.4 * rw, boxH = c.sd * rw + 0.4 * rw;
    const topArea = m + tho, bottomArea = thb + m + strip;
    const halfV = boxH / 2 + g + depthTB + gh;
    const needH = topArea + 2 * halfV + bottomArea;
    const halfW = boxW / 2 + g + depthS + gh + tho + m;
    // The side hands run between the top hand and the viewer's area: 14 tiles and a meld fit.
    const sideLen = h - topArea - bottomArea - 2 * gh;
    const ok = needH <= h && 2 * halfW <= w && sideLen >= 16.5 * to && w - 2 * m >= 16.5 * to;
    return { ok, rw, c, m, to, tho, tb, thb, g, gh, depthTB, depthS, boxW, boxH, topArea, bottomArea, halfV, needH, strip };
  }

  /**
   * The table's geometry for a w × h canvas (CSS px). `strip`: height kept free above the viewer's
   * hand (the play page's buttons and toggles). Each column layout gets the largest river tile
   * that fits (binary search); of the layouts within 3 % of the biggest tiles, the one that leaves
   * the least of the screen empty wins.
   */
  function layout(w, h, strip = 0) {
    const fitted = [];
    for (const c of CONFIGS) {
      if (!sizes(4, c, w, h, strip).ok) continue;
      let lo = 4, hi = 160;
      for (let i = 0; i < 28; i++) { const mid = (lo + hi) / 2; if (sizes(mid, c, w, h, strip).ok) lo = mid; else hi = mid; }
      fitted.push(sizes(lo, c, w, h, strip));
    }
    const top = Math.max(0, ...fitted.map((f) => f.rw));
    const area = (f) => (f.boxW + 2 * (f.g + f.depthS)) * (f.boxH + 2 * (f.g + f.depthTB));
    const best = fitted.filter((f) => f.rw >= top * 0.97).sort((a, b) => area(b) - area(a))[0];
    const L = best || sizes(4, CONFIGS[0], w, h, strip);
    L.w = w; L.h = h; L.cx = w / 2;
    // The slack height goes around the river block, between the top hand and the viewer's area.
    L.cy = L.topArea + L.halfV + Math.max(0, h - L.needH) / 2;
    L.handTop = h - L.m - L.thb; // canvas y of the viewer's hand
    L.stripTop = L.handTop - strip;
    return L;
  }

  /** Per relative seat (0 bottom, 1 right, 2 top, 3 left), in that seat's frame (+y towards it). */
  function seatFrame(L, rel) {
    const side = rel % 2 === 1;
    const dist = [L.h - L.cy, L.w - L.cx, L.cy, L.cx][rel];
    const ext = side ? L.boxW / 2 : L.boxH / 2;
    const cols = side ? L.c.sd : L.c.tb;
    // Along the seat's edge: where its hand row is centred and how long it may be.
    const colTop = L.topArea + L.gh, colBottom = L.stripTop - L.gh;
    const along = side ? { centre: rel === 1 ? L.cy - (colTop + colBottom) / 2 : (colTop + colBottom) / 2 - L.cy, len: colBottom - colTop }
      : { centre: 0, len: L.w - 2 * L.m };
    // How far the river's last row may run on (the next corner's hand or the viewer's area).
    const reach = [L.w / 2 - L.m - L.tho - L.gh, L.cy - colTop, L.w / 2 - L.m - L.tho - L.gh, colBottom - L.cy][rel];
    return { rel, dist, ext, cols, along, reach };
  }

  /** Maps a rect in seat frame `rel` to its bounding box on the canvas. */
  function toCanvas(L, rel, x, y, w, h) {
    const a = (-rel * Math.PI) / 2, cos = Math.round(Math.cos(a)), sin = Math.round(Math.sin(a));
    const pts = [[x, y], [x + w, y], [x, y + h], [x + w, y + h]].map(([px, py]) => [L.cx + px * cos - py * sin, L.cy + px * sin + py * cos]);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  }

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
