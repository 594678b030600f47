// The table's centre panel: round, honba, sticks, tiles left, dora indicators, and each seat's
// wind and score turned towards that seat (the seat to act in yellow, riichi in orange).
(function (global) {
  'use strict';
  const T = global.MJTiles;
  const I = global.MJI18n;
  const WIND_CH = { E: '東', S: '南', W: '西', N: '北' };
  // The seat winds stay in kanji in English too; Chinese writes East 东.
  const windChar = (w) => (I.lang() === 'zh' ? I.windName(w) : WIND_CH[w]);

  /** The hand's name without its honba ("East 1", "東1局"): the panel has a honba line of its own. */
  function roundLabel(state) {
    if (typeof state.game.round === 'number') return I.roundLabel(state.game.round);
    return state.game.round_label.replace(/ \(\d+ honba\)$/, '');
  }

  // Smallest text the panel draws: on a 375 px phone 7.5 % of the panel is 8 px, which nobody
  // reads; 10–11 px still fits "0 honba · 0 sticks" across the panel.
  const MIN_PX = 10;

  /** Writes `text` at (0, y) in `px`, shrunk only as far as needed to fit `maxW`. */
  function fitText(ctx, text, y, px, maxW, weight = '') {
    ctx.font = `${weight}${px}px sans-serif`;
    const w = ctx.measureText(text).width;
    if (w > maxW) ctx.font = `${weight}${(px * maxW) / w}px sans-serif`;
    ctx.fillText(text, 0, y);
  }

  /** Draws the panel centred on the origin; `rw` is the river tile width (the panel spans 6.4 of them). */
  function draw(ctx, state, rw, viewer) {
    const box = rw * 6 + rw * 0.4;
    // At least MIN_PX, but never more than the rows have room for: on a table under ~350 px (a
    // landscape phone) the rows would overlap, and crowded text is worse than small text.
    const f = Math.min(Math.max(MIN_PX + 1, box * 0.075), box * 0.105);
    // The side scores stand 0.43 of the panel out from the centre, so nothing between them may
    // be wider than about three quarters of the panel.
    const maxW = box * 0.74;
    ctx.fillStyle = '#12211b';
    T.roundRect(ctx, -box / 2, -box / 2, box, box, box * 0.06); ctx.fill();
    ctx.strokeStyle = '#2f6b4f'; ctx.lineWidth = 2; ctx.stroke();
    ctx.fillStyle = '#e8e8e8'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    fitText(ctx, roundLabel(state), -box * 0.25, Math.min(f * 1.2, box * 0.125), maxW, '600 ');
    const small = Math.min(Math.max(MIN_PX, f * 0.85), box * 0.095);
    const sticks = state.kyotaku;
    fitText(ctx, I.t('centre.honba', { n: state.honba }), -box * 0.14, small, maxW);
    fitText(ctx, I.t(sticks === 1 ? 'centre.stick' : 'centre.sticks', { n: sticks }), -box * 0.045, small, maxW);
    fitText(ctx, I.t('centre.tiles_left', { n: state.tiles_left }), box * 0.05, small, maxW);
    // Dora indicators, as big as river tiles: players read them all hand long.
    const dora = state.dora;
    const dw = Math.min(rw * 0.85, (box * 0.8) / Math.max(dora.length, 1)), dh = dw * 1.36;
    const dx = -((Math.max(dora.length, 1) * dw) / 2);
    dora.forEach((d, i) => T.drawTile(ctx, d, dx + i * dw, box * 0.11, dw, dh));
    // Scores, one per side, rotated towards its seat.
    state.players.forEach((p) => {
      const rel = (p.seat - viewer + 4) % 4;
      ctx.save();
      ctx.rotate((-rel * Math.PI) / 2);
      const active = state.turn === p.seat && !state.is_over;
      ctx.fillStyle = active ? '#f1c40f' : p.riichi ? '#e67e22' : '#e8e8e8';
      fitText(ctx, `${windChar(p.wind)} ${p.score}${p.riichi ? ' ●' : ''}`, box * 0.43, f, maxW, active ? '700 ' : '');
      ctx.restore();
    });
  }

  global.MJCentre = { draw, roundLabel, MIN_PX };
})(window);
