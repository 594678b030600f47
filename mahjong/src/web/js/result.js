// Hand results and final standings as the play and battle pages show them (state.result, the
// engine's HandResultView): the winning hand laid out with its melds, dora and ura indicators,
// yaku with han, han/fu/limit, the payment split with honba and sticks, score changes; at a draw
// the hands it shows. Words come from i18n.js; seats are named as "P2 (West)", the player's own
// seat marked, in results and standings alike.
(function (global) {
  'use strict';
  const T = global.MJTiles;
  const I = global.MJI18n;
  const { el } = global.MJ;
  const A = 1.36;

  /** Plate names per seat from the session's seats ([{kind, ai}]): "You" for the human, "P1 strong" for an AI. */
  function seatNames(seats) {
    if (!seats) return null;
    const you = I.t('seat.you');
    return seats.map((s, i) => (s.kind === 'human' ? you.charAt(0).toUpperCase() + you.slice(1) : `P${i} ${shortAi(s.ai)}`));
  }
  const shortAi = (ai) => String(ai || '').split('/').pop().replace(/\.json$/i, '');

  /** "P2 (West, you)": the seat, its wind and whether the state's viewer sits there. */
  function seatLabel(state, seat) {
    const p = state && state.players[seat];
    const wind = p && I.seatWindName(p.wind);
    // On the human page the state is seen by its player: say which seat that is.
    const you = state && state.viewer === seat ? I.t('seat.you') : '';
    const notes = [wind, you].filter(Boolean).join(', ');
    return `P${seat}${notes ? ` (${notes})` : ''}`;
  }

  /**
   * A canvas with a row of tiles as the table lays them out: the concealed tiles, then (apart and
   * outlined) the winning tile, then the melds with their called tile sideways and an added kan's
   * tile on top of it. `seat` places each called tile by whom it came from.
   */
  function tileStrip(tiles, melds, winTile, seat, opts = {}) {
    const tw = opts.tw || 26, th = tw * A, gap = tw * 0.3, mt = tw * 0.86, mh = mt * A;
    const ms = melds || [];
    const width = (tiles.length + (winTile != null ? 1 : 0)) * tw + (winTile != null ? gap : 0)
      + ms.reduce((s, m) => s + global.MJTable.meldWidth(m, mt, mh) + gap, 0) + 4;
    // An added kan stacks a tile above its row: room for it.
    const top = ms.some((m) => m.type === 'kakan') ? mt : 0;
    const height = top + th + 4;
    const dpr = global.devicePixelRatio || 1;
    const c = el('canvas', { class: 'strip', width: String(Math.round(width * dpr)), height: String(Math.round(height * dpr)) });
    c.style.width = `${width}px`;
    c.style.maxWidth = '100%';
    const ctx = c.getContext('2d');
    ctx.scale(dpr, dpr);
    const rects = [];
    let x = 1;
    for (const t of tiles) { T.drawTile(ctx, t, x, top + 1, tw - 1, th); rects.push({ x, tile: t }); x += tw; }
    if (winTile != null) { x += gap; T.drawTile(ctx, winTile, x, top + 1, tw - 1, th, { highlight: true }); rects.push({ x, tile: winTile, win: true }); x += tw; }
    const meldRects = [];
    for (const m of ms) {
      x += gap;
      const d = global.MJTable.drawMeld(ctx, m, x, top + 1 + th - mh, mt, mh, seat);
      meldRects.push({ type: m.type, rects: d.rects });
      x += d.width;
    }
    // What was drawn where, for the tests.
    c.dataset.tiles = JSON.stringify(rects);
    c.dataset.melds = JSON.stringify(meldRects);
    return c;
  }

  /** A labelled row of indicator tiles (dora, ura). */
  function indicatorRow(label, tiles, cls) {
    return el('div', { class: `indicators ${cls}` }, el('span', { class: 'label' }, label), tileStrip(tiles, [], null, 0, { tw: 22 }));
  }

  const signed = (d) => (d > 0 ? `+${d}` : String(d));

  /** The payment line: "Ron 8000", "Tsumo 2000/3900", "Tsumo 3900 all", with the honba and sticks apart. */
  function paymentText(p, state) {
    if (!p) return '';
    const parts = [];
    if (p.kind === 'ron') parts.push(I.t('pay.ron', { n: p.ron }));
    else if (p.kind === 'tsumo') parts.push(I.t('pay.tsumo', { nd: p.non_dealer, d: p.dealer }));
    else parts.push(I.t('pay.all', { n: p.all }));
    if (p.honba) parts.push(I.t('pay.honba', { n: p.honba }));
    if (p.sticks) parts.push(I.t('pay.sticks', { n: p.sticks }));
    if (p.honba || p.sticks) parts.push(I.t('pay.total', { n: p.received }));
    if (p.pao != null) parts.push(`(${I.t('pay.pao', { who: seatLabel(state, p.pao) })})`);
    return parts.join(' ');
  }

  /** han/fu/limit: "4 han 30 fu · 7900 points (mangan)". */
  const sizeText = (w) => `${I.t('res.han_fu', { han: w.han, fu: w.fu })} · ${I.t('res.points', { n: w.points })}${w.limit_name ? ` (${I.limitName(w.limit_name)})` : ''}`;

  /** Nodes describing one hand's result (state.result, HandResultView). */
  function resultNodes(result, state) {
    if (!result) return [el('p', {}, I.t('turn.hand_over'))];
    const nodes = [];
    for (const w of result.wins) {
      const who = seatLabel(state, w.who);
      const head = w.who === w.from_who ? I.t('res.wins_tsumo', { who }) : I.t('res.wins_ron', { who, from: seatLabel(state, w.from_who) });
      const box = el('section', { class: 'win', 'data-who': String(w.who) }, el('h3', {}, head));
      // The closed hand, the winning tile apart and outlined, then the melds.
      const rest = w.hand.slice();
      const at = rest.indexOf(w.machi);
      if (at >= 0) rest.splice(at, 1);
      box.append(el('div', { class: 'hand' }, tileStrip(rest.sort((a, b) => a - b), w.melds, at >= 0 ? w.machi : null, w.who)));
      box.append(el('div', { class: 'indicator-rows' }, indicatorRow(I.t('res.dora'), w.dora, 'dora'), w.ura.length ? indicatorRow(I.t('res.ura_dora'), w.ura, 'ura') : null));
      const yaku = w.yaku.map((y) => el('li', { 'data-yaku': String(y.id) }, I.t('res.yaku', { name: I.yakuName(y.id, y.name), han: y.han })));
      if (yaku.length) box.append(el('ul', { class: 'yaku' }, yaku));
      box.append(el('p', { class: 'points' }, sizeText(w)));
      if (w.payment) box.append(el('p', { class: 'payment' }, paymentText(w.payment, state)));
      nodes.push(box);
    }
    if (!result.wins.length) {
      const kind = result.kind ? I.drawName(result.kind, result.kind_name) : result.kind_name;
      nodes.push(el('h3', {}, `${I.t('res.draw')}${kind ? `: ${kind}` : ''}`));
      if (result.tenpai) {
        nodes.push(el('p', { class: 'tenpai' }, result.tenpai.length ? I.t('res.tenpai', { who: result.tenpai.map((i) => seatLabel(state, i)).join(', ') }) : I.t('res.nobody_tenpai')));
      }
      // The hands the draw shows (tenpai hands, a nine-terminals hand), with their melds.
      (result.hands || []).forEach((hand, seat) => {
        if (!hand) return;
        const melds = state && state.players[seat] ? state.players[seat].melds : [];
        nodes.push(el('div', { class: 'shown-hand', 'data-seat': String(seat) }, el('span', { class: 'label' }, seatLabel(state, seat)),
          tileStrip(hand.slice().sort((a, b) => a - b), melds, null, seat, { tw: 22 })));
      });
    }
    const before = result.scores_before, after = result.scores_after;
    nodes.push(el('table', { class: 'scores' },
      el('tr', {}, el('th', {}, I.t('tbl.player')), el('th', {}, I.t('tbl.before')), el('th', {}, I.t('tbl.change')), el('th', {}, I.t('tbl.after'))),
      result.deltas.map((d, i) => el('tr', {}, el('td', {}, seatLabel(state, i)), el('td', {}, before[i] != null ? String(before[i]) : ''),
        el('td', { class: d > 0 ? 'plus' : d < 0 ? 'minus' : '' }, signed(d)), el('td', {}, after[i] != null ? String(after[i]) : '')))));
    return nodes;
  }

  /** Final standings (state.game): scores and placements, and Tenhou points once the game is over. */
  function finalNodes(state) {
    const game = state.game;
    const owari = game.owari;
    const scores = owari ? owari.scores : game.scores;
    const points = owari ? owari.points : null;
    const order = scores.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i);
    // Riichi sticks still on the table when the game ends go to first place (Tenhou's rule): said, not silently added.
    const last = game.log && game.log[game.log.length - 1];
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    const left = owari && last ? sum(owari.scores) - sum(last.scores_out) : 0;
    const table = el('table', { class: 'scores final' },
      el('tr', {}, el('th', {}, I.t('tbl.place')), el('th', {}, I.t('tbl.player')), el('th', {}, I.t('tbl.score')), points ? el('th', {}, I.t('tbl.points')) : null),
      order.map((o, rank) => el('tr', {}, el('td', {}, String(rank + 1)), el('td', {}, seatLabel(state, o.i)),
        el('td', {}, rank === 0 && left > 0 ? `${o.s} (+${left})` : String(o.s)), points ? el('td', {}, String(points[o.i])) : null)));
    if (left <= 0) return [table];
    return [table, el('p', { class: 'sticks-to-top', id: 'sticks-to-top' }, I.t('tbl.sticks_to_top', { pts: left, n: left / 1000, who: seatLabel(state, order[0].i) }))];
  }

  Object.assign(global.MJ, { seatLabel, seatNames, tileStrip, resultNodes, finalNodes, paymentText });
})(window);
