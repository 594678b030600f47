// Tile renderer: draws any of the 34 kinds (plus red fives) and the tile back on a canvas,
// with no image assets. Colours are the spec's front-end constants.
(function (global) {
  'use strict';
  const COLORS = {
    m: '#1a5276', p: '#922b21', s: '#1e8449', z: '#1a1a6e', red: '#e74c3c',
    face: '#f4efe1', edge: '#c9bfa5', back: '#1f4e9c', backLine: '#7fb0f0', shadow: 'rgba(0,0,0,0.45)',
  };
  const KANJI_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
  const HONORS = ['東', '南', '西', '北', '白', '發', '中'];
  const SUITS = 'mpsz';
  /** Tenhou ids of the red fives (0m, 0p, 0s): the engine's RED_FIVE_IDS, the one red check on a page. */
  const RED_FIVE_IDS = [16, 52, 88];
  const isRed = (id) => RED_FIVE_IDS.includes(id);
  const FONT = '"Noto Sans CJK JP","Noto Sans CJK SC","Hiragino Sans","Yu Gothic","Microsoft YaHei",sans-serif';

  /** Accepts a Tenhou id (0–135), "5m"/"0p" notation, or {id}/{tile}/{kind,red}; returns {kind, red}. */
  function normTile(t) {
    if (t == null) return null;
    if (typeof t === 'number') return { kind: t >> 2, red: isRed(t) };
    if (typeof t === 'string') {
      const m = /^([0-9])([mpsz])$/.exec(t);
      if (!m) return null;
      const n = Number(m[1]);
      const suit = SUITS.indexOf(m[2]);
      return { kind: suit * 9 + (n === 0 ? 4 : n - 1), red: n === 0 };
    }
    if (typeof t === 'object') {
      if (typeof t.kind === 'number') return { kind: t.kind, red: !!t.red };
      if (t.id !== undefined) return normTile(t.id);
      if (t.tile !== undefined) return normTile(t.tile);
    }
    return null;
  }

  function tileName(t) {
    const n = normTile(t);
    if (!n) return '?';
    const suit = SUITS[Math.floor(n.kind / 9)];
    if (suit === 'z') return ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'][n.kind - 27];
    return (n.red ? 0 : (n.kind % 9) + 1) + suit;
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  // Pip positions for circles/bamboo on a unit square (0..1), per count.
  const PIPS = {
    1: [[0.5, 0.5]],
    2: [[0.5, 0.25], [0.5, 0.75]],
    3: [[0.22, 0.2], [0.5, 0.5], [0.78, 0.8]],
    4: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.75], [0.73, 0.75]],
    5: [[0.25, 0.2], [0.75, 0.2], [0.5, 0.5], [0.25, 0.8], [0.75, 0.8]],
    6: [[0.27, 0.18], [0.73, 0.18], [0.27, 0.5], [0.73, 0.5], [0.27, 0.82], [0.73, 0.82]],
    7: [[0.2, 0.14], [0.5, 0.24], [0.8, 0.34], [0.27, 0.6], [0.73, 0.6], [0.27, 0.86], [0.73, 0.86]],
    8: [[0.27, 0.12], [0.73, 0.12], [0.27, 0.37], [0.73, 0.37], [0.27, 0.63], [0.73, 0.63], [0.27, 0.88], [0.73, 0.88]],
    9: [[0.2, 0.16], [0.5, 0.16], [0.8, 0.16], [0.2, 0.5], [0.5, 0.5], [0.8, 0.5], [0.2, 0.84], [0.5, 0.84], [0.8, 0.84]],
  };

  function drawCircles(ctx, n, red, x, y, w, h) {
    const pts = PIPS[n];
    const r = n === 1 ? w * 0.3 : n <= 4 ? w * 0.17 : w * 0.12;
    pts.forEach(([px, py], i) => {
      const cx = x + px * w, cy = y + py * h;
      const centre = red || (n === 5 && i === 2) || n === 1 ? COLORS.red : i % 2 ? COLORS.s : COLORS.p;
      ctx.fillStyle = red ? COLORS.red : COLORS.p;
      ctx.beginPath(); ctx.arc(cx, cy, r, 0, Math.PI * 2); ctx.fill();
      ctx.fillStyle = COLORS.face;
      ctx.beginPath(); ctx.arc(cx, cy, r * 0.62, 0, Math.PI * 2); ctx.fill();
      ctx.fillStyle = red ? COLORS.red : centre === COLORS.red ? COLORS.p : COLORS.s;
      ctx.beginPath(); ctx.arc(cx, cy, r * 0.3, 0, Math.PI * 2); ctx.fill();
    });
  }

  function drawBamboo(ctx, n, red, x, y, w, h) {
    if (n === 1) {
      // One bamboo: a stylised bird (body, head, tail) — the traditional 1s.
      ctx.fillStyle = red ? COLORS.red : COLORS.s;
      ctx.beginPath(); ctx.ellipse(x + w * 0.5, y + h * 0.55, w * 0.22, h * 0.26, 0, 0, Math.PI * 2); ctx.fill();
      ctx.fillStyle = COLORS.p;
      ctx.beginPath(); ctx.arc(x + w * 0.5, y + h * 0.22, w * 0.13, 0, Math.PI * 2); ctx.fill();
      ctx.beginPath(); ctx.moveTo(x + w * 0.3, y + h * 0.85); ctx.lineTo(x + w * 0.5, y + h * 0.7); ctx.lineTo(x + w * 0.7, y + h * 0.85); ctx.fill();
      return;
    }
    const pts = PIPS[n];
    const sw = Math.max(2, w * 0.11), sh = n <= 6 ? h * 0.3 : h * 0.22;
    pts.forEach(([px, py], i) => {
      const cx = x + px * w, cy = y + py * h;
      ctx.fillStyle = red || (n === 5 && i === 2) || (n === 7 && i === 0) || (n === 9 && i % 3 === 1) ? COLORS.red : COLORS.s;
      roundRect(ctx, cx - sw / 2, cy - sh / 2, sw, sh, sw / 2); ctx.fill();
      ctx.fillStyle = COLORS.face;
      ctx.fillRect(cx - sw / 2, cy - sh * 0.04, sw, Math.max(1, sh * 0.08));
    });
  }

  function drawText(ctx, text, color, cx, cy, size, bold) {
    ctx.fillStyle = color;
    ctx.font = `${bold ? '700 ' : ''}${Math.round(size)}px ${FONT}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, cx, cy);
  }

  function drawFace(ctx, t, x, y, w, h) {
    const kind = t.kind, n = (kind % 9) + 1, suit = SUITS[Math.floor(kind / 9)];
    const ix = x + w * 0.1, iy = y + h * 0.08, iw = w * 0.8, ih = h * 0.84;
    if (suit === 'm') {
      drawText(ctx, KANJI_NUM[n - 1], t.red ? COLORS.red : COLORS.m, x + w / 2, y + h * 0.3, w * 0.58, true);
      drawText(ctx, '萬', t.red ? COLORS.red : COLORS.m, x + w / 2, y + h * 0.7, w * 0.58, true);
    } else if (suit === 'p') {
      drawCircles(ctx, n, t.red, ix, iy, iw, ih);
    } else if (suit === 's') {
      drawBamboo(ctx, n, t.red, ix, iy, iw, ih);
    } else {
      const h7 = kind - 27;
      if (h7 === 4) {
        ctx.strokeStyle = COLORS.z; ctx.lineWidth = Math.max(1, w * 0.07);
        ctx.strokeRect(x + w * 0.22, y + h * 0.2, w * 0.56, h * 0.6);
      } else {
        const color = h7 === 5 ? COLORS.s : h7 === 6 ? COLORS.red : COLORS.z;
        drawText(ctx, HONORS[h7], color, x + w / 2, y + h / 2, w * 0.72, true);
      }
    }
  }

  /**
   * Red fives also get a red corner: at phone sizes the red dots of 5p are otherwise hard to tell
   * from the plain 5p's dark red ones.
   */
  function drawRedMark(ctx, x, y, w, h) {
    const size = Math.max(5, Math.min(w, h) * 0.32);
    ctx.save();
    roundRect(ctx, x, y, w, h, Math.min(w, h) * 0.12);
    ctx.clip();
    ctx.beginPath();
    ctx.moveTo(x + w - size, y);
    ctx.lineTo(x + w, y);
    ctx.lineTo(x + w, y + size);
    ctx.closePath();
    ctx.fillStyle = COLORS.red;
    ctx.fill();
    ctx.restore();
  }

  /** The back: blue with a lattice of diamonds. */
  function drawBack(ctx, x, y, w, h) {
    ctx.save();
    roundRect(ctx, x, y, w, h, Math.min(w, h) * 0.12);
    ctx.fillStyle = COLORS.back; ctx.fill();
    ctx.clip();
    ctx.strokeStyle = COLORS.backLine; ctx.lineWidth = Math.max(0.6, w * 0.04);
    const step = w / 3;
    for (let i = -3; i < 7; i++) {
      ctx.beginPath(); ctx.moveTo(x + i * step, y); ctx.lineTo(x + i * step + h, y + h); ctx.stroke();
      ctx.beginPath(); ctx.moveTo(x + i * step + h, y); ctx.lineTo(x + i * step, y + h); ctx.stroke();
    }
    ctx.strokeStyle = '#0d2a5c'; ctx.lineWidth = Math.max(1, w * 0.06);
    roundRect(ctx, x + w * 0.08, y + w * 0.08, w * 0.84, h - w * 0.16, w * 0.08); ctx.stroke();
    ctx.restore();
  }

  /**
   * Draws one tile with its top-left at (x, y). opts: {back, highlight, dim, sideways}.
   * A sideways tile (called or riichi) is drawn rotated 90°, occupying h × w.
   */
  function drawTile(ctx, tile, x, y, w, h, opts = {}) {
    if (opts.sideways) {
      ctx.save();
      ctx.translate(x + h / 2, y + w / 2);
      ctx.rotate(-Math.PI / 2);
      drawTile(ctx, tile, -w / 2, -h / 2, w, h, { ...opts, sideways: false });
      ctx.restore();
      return;
    }
    const r = Math.min(w, h) * 0.12;
    ctx.fillStyle = COLORS.shadow;
    roundRect(ctx, x + 1, y + 2, w, h, r); ctx.fill();
    if (opts.back) { drawBack(ctx, x, y, w, h); return; }
    roundRect(ctx, x, y, w, h, r);
    ctx.fillStyle = COLORS.face; ctx.fill();
    ctx.strokeStyle = opts.highlight ? '#f1c40f' : COLORS.edge;
    ctx.lineWidth = opts.highlight ? Math.max(2, w * 0.08) : 1;
    ctx.stroke();
    const t = normTile(tile);
    if (t) drawFace(ctx, t, x, y, w, h);
    if (t && t.red) drawRedMark(ctx, x, y, w, h);
    if (opts.dim) { roundRect(ctx, x, y, w, h, r); ctx.fillStyle = 'rgba(0,0,0,0.35)'; ctx.fill(); }
  }

  global.MJTiles = { COLORS, RED_FIVE_IDS, isRed, normTile, tileName, drawTile, drawBack, roundRect };
})(window);
