// Replay page, the side panel for the viewed seat: the players (names, dan and rate, seat and
// score; a click views the table from that seat), the analysis of the current step (shanten,
// ukeire, waits, every legal discard at the seat's turns with the AI's choice and the player's)
// and each hand's result. replay.js makes it with create() and renders it at every step.
(function (global) {
  'use strict';
  const { el } = global.MJ;
  const T = global.MJTiles;
  const I = global.MJI18n;
  const { t } = I;
  const $ = (id) => document.getElementById(id);

  // The state view names seat winds E S W N.
  const WIND_CH = { E: '東', S: '南', W: '西', N: '北' };
  // Where each seat sits on the table seen from the viewed seat (table.js: the next seat on the right).
  const WHERE = [['▼', 'bottom'], ['▶', 'right'], ['▲', 'top'], ['◀', 'left']];

  /** The panel of the page's `ui` (its steps, analysis, log and viewed seat); `setSeat(seat)` views another seat. */
  function create(ui, setSeat) {
    // ── names ────────────────────────────────────────────────────────────────
    function playerOf(seat) {
      const a = ui.analysis && ui.analysis.players[seat];
      const p = a || (ui.paipu && ui.paipu.players && ui.paipu.players[seat]) || {};
      // A name from an uploaded log may carry a bidi override (U+202E) or invisible characters,
      // which would turn the page's own text after it around: they are dropped.
      const name = String(p.name || '').replace(/[\p{Cc}\p{Cf}]/gu, '');
      return { name: name || `P${seat}`, dan: p.dan || 0, dan_name: p.dan_name || '', dan_name_ja: p.dan_name_ja || '', rate: p.rate || 0, sex: p.sex || '' };
    }
    const nameOf = (seat) => playerOf(seat).name;
    /** "P2 (West) discards 1m" → "でこじ (West) discards 1m": the engine's descriptions name seats. */
    const withNames = (text) => String(text).replace(/\bP([0-3])\b/g, (_, s) => nameOf(Number(s)));
    function rankText(p) {
      if (p.sex === 'C') return t('an.computer');
      const parts = [];
      // English names the rank twice, in English and as Tenhou writes it.
      if (p.dan > 0 || p.rate > 0) parts.push(I.lang() === 'en' ? `${I.danName(p.dan)} (${I.danName(p.dan, 'ja')})` : I.danName(p.dan));
      if (p.rate > 0) parts.push(`R${Math.round(p.rate)}`);
      return parts.filter(Boolean).join(' · ');
    }

    // ── small tiles in the panel ─────────────────────────────────────────────
    const kindTile = (k) => k * 4 + 1; // a plain copy of the kind (16/52/88 are the red fives)
    const discardTile = (d) => (d >= 34 ? [16, 52, 88][d - 34] : kindTile(d));
    function mini(id, w = 20) {
      const h = Math.round(w * 1.36), dpr = window.devicePixelRatio || 1;
      const c = el('canvas', { class: 'mini', width: String(Math.round(w * dpr)), height: String(Math.round(h * dpr)), 'data-tile': String(id) });
      c.style.width = `${w}px`; c.style.height = `${h}px`;
      const ctx = c.getContext('2d');
      ctx.scale(dpr, dpr);
      T.drawTile(ctx, id, 0.5, 0.5, w - 1, h - 1);
      return c;
    }
    const tileRow = (ids, w) => el('span', { class: 'tiles' }, ids.map((id) => mini(id, w)));
    /** Kinds with the copies left under each: an ukeire or a wait. */
    function acceptRow(acc, w = 18) {
      return el('span', { class: 'tiles' }, acc.kinds.map((k, i) =>
        el('span', { class: `t${acc.left[i] ? '' : ' none'}`, title: t('an.left', { tile: I.tileName(kindTile(k)), n: acc.left[i] }) }, mini(kindTile(k), w), String(acc.left[i]))));
    }
    const shantenText = (n) => (n < 0 ? t('an.complete') : n === 0 ? t('an.tenpai') : t('an.shanten', { n }));
    /** A choice in words: the server's English, or built from its fields in another language. */
    function choiceText(c) {
      if (I.lang() === 'en') return c.text;
      if (c.discard === null) return I.actionName(c.action);
      return `${c.riichi ? t('an.riichi_prefix') : ''}${I.actionName(c.discard)}${c.tsumogiri ? t('an.drawn_tile') : ''}`;
    }

    // ── panel: players ───────────────────────────────────────────────────────
    function renderPlayers(state) {
      const rows = state.players.map((p, seat) => {
        const info = playerOf(seat);
        const rel = (seat - ui.seat + 4) % 4;
        const row = el('button', { class: `seat-row${seat === ui.seat ? ' viewed' : ''}${p.riichi ? ' riichi' : ''}`, 'data-seat': String(seat),
          title: `see the table from ${info.name}'s seat`, 'aria-pressed': seat === ui.seat ? 'true' : 'false',
          onclick: () => setSeat(seat) },
        el('span', { class: 'where', title: WHERE[rel][1] }, WHERE[rel][0]),
        el('span', { class: 'wind', title: `${I.seatWindName(p.wind)}${p.is_oya ? ` (${t('seat.dealer')})` : ''}` }, I.lang() === 'zh' ? I.windName(p.wind) : WIND_CH[p.wind]),
        el('span', { class: 'name' }, info.name),
        el('span', { class: 'score' }, String(p.score)),
        el('span', { class: 'rank' }, rankText(info) || '\u00a0'));
        return row;
      });
      $('players').replaceChildren(el('h2', {}, t('replay.players')), ...rows);
    }

    // ── panel: analysis of the viewed seat ───────────────────────────────────
    function decisionAt(i, seat) {
      const s = ui.analysis.steps[i];
      const d = s && s.decision != null ? ui.analysis.decisions[s.decision] : null;
      return d && d.seat === seat ? d : null;
    }
    /** The seat's decision of this turn, seen from the steps after it (its discard, riichi, dora). */
    function recentDecision(i, seat) {
      const k = ui.steps[i].kyoku_index;
      for (let j = i - 1; j >= 0 && j >= i - 3 && ui.steps[j].kyoku_index === k; j--) {
        const d = decisionAt(j, seat);
        if (d) return d;
        if (ui.steps[j].player === seat && ui.steps[j].event_type === 'draw') return null;
      }
      return null;
    }
    function verdict(d) {
      if (!d.played) return el('p', { class: 'verdict' }, t('an.stops', { ai: choiceText(d.ai) }));
      if (d.agrees) return el('p', { class: 'verdict agree' }, t('an.agrees', { played: choiceText(d.played) }));
      return el('p', { class: 'verdict differ' }, t('an.differs', { played: choiceText(d.played), ai: choiceText(d.ai) }));
    }
    /** One candidate: its tile with the AI / played marks, shanten and tile count; the helpful draws below. */
    function candidateRows(c) {
      return [
        el('tr', { class: ['cand', c.ai_choice ? 'ai' : '', c.played ? 'played' : ''].join(' ').trim(), 'data-kind': String(c.kind) },
          el('td', {}, mini(discardTile(c.discard), 22), c.ai_choice ? el('span', { class: 'badge ai' }, t('an.ai')) : null, c.played ? el('span', { class: 'badge played' }, t('an.played')) : null),
          el('td', { class: 'num' }, c.shanten < 0 ? '—' : shantenText(c.shanten)),
          el('td', { class: 'num' }, t(c.shanten === 0 ? 'an.wait' : 'an.tiles', { n: c.ukeire.total }))),
        el('tr', { class: 'draws' }, el('td', { colspan: '3' }, acceptRow(c.ukeire, 14))),
      ];
    }
    /**
     * The discards that keep the best shanten (at most five, plus the AI's and the player's) in one
     * table; the rest behind "more".
     */
    function candidatesNodes(d) {
      const best = d.candidates[0].shanten;
      const main = [], more = [];
      for (const c of d.candidates) ((c.ai_choice || c.played || (c.shanten === best && main.length < 5)) ? main : more).push(c);
      const head = () => el('tr', {}, el('th', {}, t('an.discard')), el('th', { class: 'num' }, t('an.then')), el('th', { class: 'num' }, t(best === 0 || best < 0 ? 'an.waits' : 'an.ukeire')));
      const nodes = [el('table', { class: 'cands' }, head(), main.flatMap(candidateRows))];
      if (more.length) nodes.push(el('details', { class: 'more' }, el('summary', {}, more.length === 1 ? t('an.more1') : t('an.more', { n: more.length })), el('table', { class: 'cands' }, head(), more.flatMap(candidateRows))));
      return nodes;
    }

    function renderAnalysis() {
      const box = $('analysis');
      if (!ui.steps.length) { box.replaceChildren(); return; }
      if (!ui.analysis) {
        box.replaceChildren(el('h2', {}, t('an.title')), el('p', { class: 'muted' }, ui.analysisError ? t('an.unavailable', { msg: ui.analysisError }) : t('an.busy')));
        return;
      }
      const a = ui.analysis;
      const seat = ui.seat;
      const pos = a.positions[a.steps[ui.pos].seats[seat]];
      const nodes = [el('h2', {}, `${nameOf(seat)}: ${shantenText(pos.shanten)}`, pos.furiten ? el('span', { class: 'badge furiten', title: t('an.furiten_title') }, t('an.furiten')) : null)];
      const d = decisionAt(ui.pos, seat);
      if (d) {
        nodes.push(el('p', { class: 'muted' }, d.candidates.length === 1 ? t('an.to_play1') : t('an.to_play', { n: d.candidates.length })));
        nodes.push(verdict(d));
        if (d.candidates.length) nodes.push(...candidatesNodes(d));
      } else {
        const last = recentDecision(ui.pos, seat);
        if (last) nodes.push(verdict(last));
        if (pos.waits) nodes.push(el('h3', {}, pos.waits.total === 1 ? t('an.waits_left1') : t('an.waits_left', { n: pos.waits.total })), acceptRow(pos.waits, 22));
        else if (pos.ukeire) nodes.push(el('h3', {}, t('an.ukeire_line', { n: pos.ukeire.total, k: pos.ukeire.kinds.length })), acceptRow(pos.ukeire, 18));
      }
      nodes.push(el('p', { class: 'legend' }, el('span', { class: 'tg' }), t('an.legend_tg'),
        el('span', { class: 'badge ai' }, t('an.ai')), t('an.legend_ai', { ai: a.ai }), el('span', { class: 'badge played' }, t('an.played')), t('an.legend_played')));
      box.replaceChildren(...nodes);
    }

    // ── panel: the hand's result ─────────────────────────────────────────────
    function signed(n) { return n > 0 ? `+${n}` : String(n); }
    function scoresTable(h) {
      return el('table', { class: 'scores' }, el('tr', {}, el('th', {}, t('tbl.player')), el('th', {}, t('tbl.before')), el('th', {}, t('tbl.change')), el('th', {}, t('tbl.after'))),
        h.deltas.map((dl, s) => el('tr', {}, el('td', {}, nameOf(s)), el('td', {}, String(h.scores_before[s])),
          el('td', { class: dl > 0 ? 'plus' : dl < 0 ? 'minus' : '' }, signed(dl)), el('td', {}, String(h.scores_after[s])))));
    }
    function winNodes(w) {
      const rest = w.hand.slice();
      const at = rest.indexOf(w.machi);
      if (at >= 0) rest.splice(at, 1);
      const strip = el('div', { class: 'hand-strip' }, tileRow(rest, 18), ' ', mini(w.machi, 18), ...w.melds.map((m) => [' ', tileRow(m.tiles, 16)]));
      const hanFu = t('res.han_fu', { han: w.han, fu: w.fu });
      const size = w.limit_name ? `${hanFu} — ${I.limitName(w.limit_name)}` : hanFu;
      const title = w.tsumo ? t('res.wins_tsumo', { who: nameOf(w.who) }) : t('res.wins_ron', { who: nameOf(w.who), from: nameOf(w.from_who) });
      return [el('h3', {}, title), strip,
        el('ul', { class: 'yaku' }, w.yaku.map((y) => el('li', { 'data-yaku': String(y.id) }, t('res.yaku', { name: I.yakuName(y.id, y.name), han: y.han })))),
        el('p', { class: 'points' }, `${size} · ${t('res.points', { n: w.points })}${w.pao_who != null ? ` (pao: ${nameOf(w.pao_who)})` : ''}`)];
    }
    function renderResult(step) {
      const box = $('result');
      const a = ui.analysis;
      const over = ['agari', 'ryuukyoku', 'kyoku_end', 'game_end'].includes(step.event_type);
      const h = a && a.hands[step.kyoku_index];
      if (!over || !h || h.type === 'unfinished') { box.hidden = true; box.replaceChildren(); return; }
      const first = ui.steps[h.first_step] && ui.steps[h.first_step].state;
      const label = first && typeof first.game.round === 'number' ? I.roundLabel(first.game.round, first.honba) : h.round_label;
      const what = h.type === 'agari' ? (h.wins.length > 1 ? t('res.double_ron') : I.callName(h.wins[0].tsumo ? 'tsumo' : 'ron')) : I.drawName(h.kind, h.kind_name);
      const nodes = [el('h2', {}, `${label}: ${what}`)];
      nodes.push(el('p', {}, `${t('res.dora')} `, tileRow(h.dora, 18), h.ura.length ? el('span', {}, ` · ${t('res.ura')} `, tileRow(h.ura, 18)) : null));
      for (const w of h.wins) nodes.push(...winNodes(w));
      if (h.type === 'ryuukyoku') {
        if (h.kind === 'exhaustive' || h.kind === 'nm') nodes.push(el('p', {}, h.tenpai.length ? t('res.tenpai', { who: h.tenpai.map(nameOf).join(', ') }) : t('res.nobody_tenpai')));
        h.shown_hands.forEach((hand, s) => { if (hand) nodes.push(el('div', { class: 'hand-strip' }, `${nameOf(s)}: `, tileRow(hand, 16))); });
      }
      nodes.push(scoresTable(h));
      if (step.event_type === 'game_end' && ui.paipu && ui.paipu.owari) {
        const o = ui.paipu.owari;
        const order = o.scores.map((s, i) => ({ s, i })).sort((x, y) => y.s - x.s || x.i - y.i);
        nodes.push(el('h3', {}, t('res.final')), el('table', { class: 'scores final' },
          order.map((r, n) => el('tr', {}, el('td', {}, String(n + 1)), el('td', {}, nameOf(r.i)), el('td', {}, String(r.s)), el('td', {}, signed(o.points[r.i]))))));
      }
      box.replaceChildren(...nodes);
      box.hidden = false;
    }

    return { withNames, decisionAt, renderPlayers, renderAnalysis, renderResult };
  }

  global.MJReplayPanel = { create };
})(window);
