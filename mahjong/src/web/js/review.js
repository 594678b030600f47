// Replay page, review panel: the game's review (POST /api/replay/review) — per seat agreement
// with the strong AI, mistakes by severity and a rating; at the viewed seat's decision on the
// current step every option with its value (ev, win chance, deal-in); buttons (and the M key)
// jump to the viewed seat's next or previous mistake. replay.js calls load() and render().
(function () {
  'use strict';
  const { api, el } = window.MJ;
  const $ = (id) => document.getElementById(id);
  const st = { report: null, error: null, load: 0, nav: null };
  window.__mjReview = st;

  const pct = (x) => (x === null || x === undefined ? '—' : `${(x * 100).toFixed(1)} %`);
  const mistakesOf = (seat) => (st.report ? st.report.decisions.filter((d) => d.seat === seat && d.severity !== 'none') : []);

  /** The step of the viewed seat's next (dir 1) or previous (dir −1) mistake from `pos`, or null. */
  function mistakeStep(pos, seat, dir) {
    const ms = mistakesOf(seat);
    const m = dir > 0 ? ms.find((d) => d.step > pos) : ms.slice().reverse().find((d) => d.step < pos);
    return m ? m.step : null;
  }

  function jump(dir) {
    if (!st.nav) return;
    const step = mistakeStep(st.nav.pos(), st.nav.seat(), dir);
    if (step !== null) st.nav.show(step);
  }

  function optionRow(d, o, i) {
    const marks = [i === d.engine.option ? 'engine' : '', i === d.played.option ? 'played' : ''].filter(Boolean);
    const risk = o.risk.reduce((s, r) => s + r.tenpai * r.deal_in, 0);
    return el('tr', { class: marks.join(' ') },
      el('td', {}, o.text), el('td', {}, String(Math.round(o.ev))), el('td', {}, pct(o.win)), el('td', {}, pct(risk)),
      el('td', {}, String(o.shanten < 0 ? '—' : o.shanten)), el('td', {}, String(o.ukeire)), el('td', {}, marks.join(', ')));
  }

  function render(pos, seat) {
    const box = $('review');
    if (!box) return;
    if (!st.report) {
      box.replaceChildren(el('h2', {}, 'Review'), el('p', { class: 'muted' }, st.error ? `Review unavailable: ${st.error}` : 'Reviewing…'));
      return;
    }
    const r = st.report;
    const rows = r.summary.map((s) => el('tr', { class: s.seat === seat ? 'viewed' : '', 'data-seat': String(s.seat) },
      el('td', {}, s.name || `P${s.seat}`), el('td', { class: 'agreement' }, pct(s.agreement)),
      el('td', {}, String(s.mistakes.small)), el('td', {}, String(s.mistakes.medium)), el('td', {}, String(s.mistakes.large)),
      el('td', { class: 'rating' }, s.rating.toFixed(1))));
    const summary = el('table', { class: 'review-summary' },
      el('tr', {}, el('th', {}, 'player'), el('th', {}, 'agree'), el('th', { title: `≥ ${r.thresholds.small} points lost` }, 'small'),
        el('th', { title: `≥ ${r.thresholds.medium}` }, 'med.'), el('th', { title: `≥ ${r.thresholds.large}` }, 'large'), el('th', {}, 'rating')), ...rows);
    const left = mistakesOf(seat).filter((d) => d.step > pos).length;
    const prev = el('button', { id: 'review-prev', title: 'previous mistake of the viewed seat (Shift+M)', onclick: () => jump(-1) }, '◀ mistake');
    const next = el('button', { id: 'review-next', title: 'next mistake of the viewed seat (M)', onclick: () => jump(1) }, 'next mistake ▶');
    prev.disabled = mistakeStep(pos, seat, -1) === null;
    next.disabled = mistakeStep(pos, seat, 1) === null;
    const nav = el('div', { class: 'review-nav' }, prev, next, el('span', { class: 'muted', id: 'review-left' }, `${left} ahead`));
    const parts = [el('h2', {}, `Review (${r.engine})`), summary, nav];
    const d = r.decisions.find((x) => x.step === pos && x.seat === seat);
    if (d) {
      parts.push(el('div', { id: 'review-decision', class: `review-decision ${d.severity}`, 'data-severity': d.severity },
        el('p', {}, `${d.kind}: played `, el('b', {}, d.played.text), ', engine ', el('b', {}, d.engine.text),
          d.agrees ? ' — agrees' : ` — ${d.severity === 'none' ? 'differs, no value lost' : `${d.severity} mistake, −${d.loss}`}`),
        el('table', { class: 'review-options' },
          el('tr', {}, el('th', {}, 'option'), el('th', {}, 'ev'), el('th', {}, 'win'), el('th', {}, 'deal-in'), el('th', {}, 'shanten'), el('th', {}, 'ukeire'), el('th', {}, '')),
          // The best eight by ev, and the engine's and the player's rows wherever they rank.
          ...d.options.map((o, i) => (i < 8 || i === d.engine.option || i === d.played.option ? optionRow(d, o, i) : null)).filter(Boolean))));
    }
    box.replaceChildren(...parts);
  }

  async function load(paipu, nav) {
    const n = ++st.load;
    st.report = null;
    st.error = null;
    st.nav = nav;
    try {
      const res = await api('/api/replay/review', { paipu });
      if (n !== st.load) return;
      st.report = res;
      // /replay?…&review=1 (the history's review link): open at the viewed seat's first mistake.
      if (new URLSearchParams(location.search).get('review') === '1' && !st.opened) {
        st.opened = true;
        const first = mistakeStep(-1, nav.seat(), 1);
        if (first !== null) { nav.show(first); return; }
      }
    } catch (e) {
      if (n !== st.load) return;
      st.error = e.message;
    }
    nav.show(nav.pos());
  }

  window.addEventListener('keydown', (e) => {
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    if (e.key === 'm' || e.key === 'M') jump(e.shiftKey ? -1 : 1);
  });
  window.MJReview = { load, render };
})();
