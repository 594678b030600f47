// Table geometry: the canvas sized to its box, the layout chosen per canvas size so that the
// biggest river tiles fit (on a wide screen the top and bottom rivers may run nine to a row, on a
// tall one the side rivers), and each seat's frame, rotated so that +y points at the seat.
(function (global) {
  'use strict';
  /** Tile height / width. */
  const A = 1.36;

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

  global.MJTableLayout = { TILE_ASPECT: A, fit, riverRows, layout, seatFrame, toCanvas };
})(window);
