// Play page, the panel around the human's hand: the automatic play's toggles and the waits (with
// the copies still unseen) above its left end, the call buttons (or the turn's hint) above its
// right end, and the furiten mark. human.js renders it from the page's state.
(function (global) {
  'use strict';
  const MJ = global.MJ, I = global.MJI18n;
  const { t } = I;
  const { buttonLabel, el } = MJ;
  const $ = (id) => document.getElementById(id);
  /** The automatic play's checkboxes, by the key each sets. */
  const TOGGLES = [['auto-win', 'win'], ['no-calls', 'no_calls'], ['auto-pass', 'pass']];

  /**
   * The toggles and waits sit above the hand's left end, the call buttons (or the turn's hint)
   * above its right end — above everything of the own row, an added kan's stacked tile included.
   * Where the two would overlap (a long hint at 1440 px, call buttons on a phone), the buttons go
   * above the toggles instead of covering them.
   */
  function placeOverlays(state, bar) {
    const L = MJTable.last && MJTable.last.layout;
    if (!L) return;
    const me = state && MJTable.last.seats[0];
    const left = me ? Math.max(4, me.row.x) : 8;
    const right = me ? Math.max(4, L.w - (me.row.x + me.row.w)) : 8;
    let top = L.handTop;
    if (me) for (const m of me.melds) for (const r of m.rects) top = Math.min(top, r.y);
    const toolsBottom = Math.round(L.h - L.handTop + 4);
    const barBottom = Math.round(L.h - top + 4);
    const tools = $('seat-tools');
    Object.assign(tools.style, { left: `${Math.round(left)}px`, bottom: `${toolsBottom}px`, maxWidth: `${Math.round(L.w - left - 8)}px` });
    Object.assign(bar.style, { right: `${Math.round(right)}px`, bottom: `${barBottom}px`, maxWidth: `${Math.round(L.w * 0.9)}px` });
    const a = tools.getBoundingClientRect();
    const b = bar.getBoundingClientRect();
    if (a.width && b.width && a.height && b.height && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
      bar.style.bottom = `${Math.round(Math.max(barBottom, toolsBottom + a.height + 6))}px`;
    }
  }

  /** Copies of a kind the viewer cannot see: in no river, meld, dora indicator or its own hand. */
  function unseen(state, kind) {
    let n = 0;
    const count = (t) => { if (t >> 2 === kind) n++; };
    for (const p of state.players) {
      for (const r of p.river) if (!r.called) count(r.tile);
      for (const m of p.melds) m.tiles.forEach(count);
      if (Array.isArray(p.hand)) p.hand.forEach(count);
    }
    state.dora.forEach(count);
    return Math.max(0, 4 - n);
  }

  /** Waits (with unseen copies) and the furiten mark of the human's hand; the toggles as `auto` sets them. */
  function renderSeatInfo(s, waits, auto) {
    const box = $('waits'), fur = $('furiten');
    const kinds = s && !s.is_over && s.phase !== 16 ? waits : [];
    box.hidden = !kinds.length;
    box.dataset.kinds = JSON.stringify(kinds);
    box.replaceChildren(...(kinds.length ? [el('span', { class: 'label' }, `${t('seat.waits')}:`), ...kinds.map((k) => el('span', { class: 'wait', title: I.tileName({ kind: k, red: false }) },
      MJ.tileStrip([k * 4 + 1], [], null, 0, { tw: 18 }), el('small', {}, `×${unseen(s, k)}`)))] : []));
    const furiten = !!(s && s.players[0].furiten && s.phase !== 16);
    fur.hidden = !furiten;
    fur.textContent = t('seat.furiten');
    for (const [id, key] of TOGGLES) $(id).checked = !!auto[key];
  }

  /** A button per legal action `acts` of the human's (`send` plays it), or the turn's hint. */
  function renderButtons(bar, acts, state, send) {
    bar.replaceChildren();
    const button = (a, cls) => el('button', { id: `act-${a}`, class: cls || '', 'data-action': String(a), onclick: () => send(a) }, buttonLabel(a, state));
    if (state && state.riichi_stage2) {
      bar.append(button(48, 'primary'), button(52));
      return;
    }
    for (const a of [50, 49, 45, 46, 47, 43, 44, 37, 38, 39, 40, 41, 42, 51, 53]) {
      if (acts.includes(a)) bar.append(button(a, a === 49 || a === 50 ? 'primary' : ''));
    }
    if (acts.some((a) => a <= 36)) bar.append(el('span', { id: 'describe' }, t(state.riichi_tiles.length ? 'turn.discard_riichi' : 'turn.discard')));
    else if (!acts.length && state && !state.is_over) bar.append(el('span', { id: 'describe' }, t(state.phase === 16 ? 'turn.hand_over' : 'turn.waiting')));
  }

  global.MJHumanSeat = { TOGGLES, placeOverlays, renderSeatInfo, renderButtons };
})(window);
