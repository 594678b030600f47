// The table's centre panel: round, honba, riichi sticks on the table, tiles left, dora
// indicators, and each seat's plate — its wind (the dealer's in red), name and score — turned
// towards that seat (the seat to act in yellow, a seat in riichi in orange).
(function (global) {
  'use strict';
  const T = global.MJTiles;
  const I = global.MJI18n;
  const WIND_CH = { E: '東', S: '南', W: '西', N: '北' };
  const ROUND_WIND = { East: 0, South: 1, West: 2, North: 3 };
  // The seat winds stay in kanji in English too; Chinese writes East 东.
  const windChar = (w) => (I.lang() === 'zh' ? I.windName(w) : WIND_CH[w]);

  /**
   * The hand's name without its honba ("East 1", "東1局"): the panel has a honba line of its own.
   * From the round wind and the dealer (the first dealer is seat 0), not state.game.round, which
   * moves on to the next hand as soon as one ends.
   */
  function roundLabel(state) {
    if (state.round_wind in ROUND_WIND && typeof state.oya === 'number') return I.roundLabel(ROUND_WIND[state.round_wind] * 4 + state.oya);
    return state.game.round_label.replace(/ \(\d+ honba\)$/, '');
  }

  // Smallest text the panel draws: on a 375 px phone 7.5 % of the panel is 8 px, which nobody
  // reads; 10–11 px still fits "0 honba · 0 sticks" across the panel.
  const MIN_PX = 10;

  /** Writes `text` at (x, y) in `px`, shrunk only as far as needed to fit `maxW`; returns the px used. */
  function fitText(ctx, text, y, px, maxW, weight = '', x = 0) {
    ctx.font = `${weight}${px}px sans-serif`;
    const w = ctx.measureText(text).width;
    const used = w > maxW ? (px * maxW) / w : px;
    if (used !== px) ctx.font = `${weight}${used}px sans-serif`;
    ctx.fillText(text, x, y);
    return used;
  }

  /** A small stick icon (100-point: black dots; 1,000-point: one red dot) left of (x, y). */
  function stickIcon(ctx, x, y, len, thousand) {
    const th = Math.max(2.5, len * 0.16);
    ctx.fillStyle = '#f2efe4';
    T.roundRect(ctx, x, y - th / 2, len, th, th / 2); ctx.fill();
    ctx.fillStyle = thousand ? '#d62c1a' : '#222';
    const dots = thousand ? [0.5] : [0.3, 0.5, 0.7];
    for (const d of dots) { ctx.beginPath(); ctx.arc(x + len * d, y, th * 0.28, 0, Math.PI * 2); ctx.fill(); }
  }

  /**
   * Draws the panel centred on the origin. box: {w, h, rw} (panel size and river tile width);
   * names: a plate name per seat (optional). Keeps what each plate says in MJCentre.last.
   */
  function draw(ctx, state, box, viewer, names) {
    const { w, h, rw } = typeof box === 'number' ? { w: box * 6.4, h: box * 6.4, rw: box } : box;
    const size = Math.min(w, h);
    // At least MIN_PX, but never more than the rows have room for: on a table under ~350 px (a
    // landscape phone) the rows would overlap, and crowded text is worse than small text.
    const f = Math.min(Math.max(MIN_PX + 1, size * 0.075), size * 0.105);
    const inner = size * 0.74;
    ctx.fillStyle = '#12211b';
    T.roundRect(ctx, -w / 2, -h / 2, w, h, size * 0.06); ctx.fill();
    ctx.strokeStyle = '#2f6b4f'; ctx.lineWidth = 2; ctx.stroke();
    ctx.fillStyle = '#e8e8e8'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    fitText(ctx, roundLabel(state), -size * 0.25, Math.min(f * 1.2, size * 0.125), inner, '600 ');
    const small = Math.min(Math.max(MIN_PX, f * 0.85), size * 0.095);
    const t = (k, v) => I.t(k, v);
    const sticks = state.kyotaku;
    // Honba and riichi sticks on the table, each after its stick.
    const icon = small * 1.6;
    ctx.fillStyle = '#e8e8e8';
    const hb = t('centre.honba', { n: state.honba });
    const st = t(sticks === 1 ? 'centre.stick' : 'centre.sticks', { n: sticks });
    ctx.font = `${small}px sans-serif`;
    const hbw = Math.min(inner - icon - 4, ctx.measureText(hb).width);
    stickIcon(ctx, -(hbw + icon + 4) / 2, -size * 0.14, icon, false);
    ctx.fillStyle = '#e8e8e8';
    fitText(ctx, hb, -size * 0.14, small, inner - icon - 4, '', (icon + 4) / 2);
    ctx.font = `${small}px sans-serif`;
    const stw = Math.min(inner - icon - 4, ctx.measureText(st).width);
    stickIcon(ctx, -(stw + icon + 4) / 2, -size * 0.045, icon, true);
    ctx.fillStyle = '#e8e8e8';
    fitText(ctx, st, -size * 0.045, small, inner - icon - 4, '', (icon + 4) / 2);
    fitText(ctx, t('centre.tiles_left', { n: state.tiles_left }), size * 0.05, small, inner);
    // Dora indicators, as big as river tiles: players read them all hand long.
    const dora = state.dora;
    const dw = Math.min(rw * 0.85, (size * 0.8) / Math.max(dora.length, 1)), dh = dw * 1.36;
    const dx = -((Math.max(dora.length, 1) * dw) / 2);
    dora.forEach((d, i) => T.drawTile(ctx, d, dx + i * dw, size * 0.11, dw, dh));
    // Plates, one per side, turned towards its seat: wind (the dealer's in red), name, score.
    const plates = [];
    state.players.forEach((p) => {
      const rel = (p.seat - viewer + 4) % 4;
      const ext = rel % 2 ? w / 2 : h / 2;
      const along = (rel % 2 ? h : w) * 0.8;
      ctx.save();
      ctx.rotate((-rel * Math.PI) / 2);
      const active = state.turn === p.seat && !state.is_over;
      const y = ext - size * 0.07;
      const wind = windChar(p.wind);
      const name = names && names[p.seat] ? `${names[p.seat]} ` : '';
      const text = `${name}${p.score}`;
      const weight = active ? '700 ' : '';
      ctx.font = `${weight}${f}px sans-serif`;
      const badge = f * 1.3, gap = f * 0.35;
      const tw = ctx.measureText(text).width;
      const scale = Math.min(1, (along - badge - gap) / tw);
      const px = f * scale;
      const total = badge + gap + tw * scale;
      const bx = -total / 2;
      ctx.fillStyle = p.is_oya ? '#c0392b' : '#2c4a3e';
      T.roundRect(ctx, bx, y - badge / 2, badge, badge, badge * 0.2); ctx.fill();
      ctx.fillStyle = p.is_oya ? '#fff' : '#cfe3d8';
      ctx.font = `700 ${f * 0.95}px sans-serif`; ctx.textAlign = 'center';
      ctx.fillText(wind, bx + badge / 2, y + f * 0.04);
      ctx.fillStyle = active ? '#f1c40f' : p.riichi ? '#e67e22' : '#e8e8e8';
      ctx.font = `${weight}${px}px sans-serif`; ctx.textAlign = 'left';
      ctx.fillText(text, bx + badge + gap, y);
      ctx.textAlign = 'center';
      ctx.restore();
      plates[p.seat] = {
        seat: p.seat, rel, wind, dealer: p.is_oya, name: name.trim(), score: p.score, text: `${wind} ${text}`, active, riichi: p.riichi, px,
        badge: { x: bx, y: y - badge / 2, w: badge, h: badge }, // in the seat's frame
      };
    });
    MJCentre.last = { plates, lines: { round: roundLabel(state), honba: hb, sticks: st, tilesLeft: t('centre.tiles_left', { n: state.tiles_left }) } };
  }

  const MJCentre = { draw, roundLabel, MIN_PX, last: null };
  global.MJCentre = MJCentre;
})(window);
