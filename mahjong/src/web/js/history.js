// The history page: finished games stored by the server (GET /api/games), with a replay link and
// a download in every format for each. The server shows a game to whoever holds its token — this
// browser holds each game it played as an HttpOnly cookie for /api/games, which no script here can
// read — and every game to the admin token (signed in as a cookie of the same kind).
(function () {
  'use strict';
  const { el } = window.MJ;
  const I = window.MJI18n;
  const { t } = I;
  const PAGE = 50;
  const FORMATS = [['xml', 'XML'], ['tenhou6', 'tenhou.net/6'], ['mjai', 'mjai']];
  const body = document.querySelector('#games tbody');
  const more = document.getElementById('more');
  const statusEl = document.getElementById('status');
  let shown = 0;

  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const aiName = (ai) => (ai == null ? t('hist.you') : ai);

  function row(g) {
    const date = new Date(g.finished_at);
    const when = isNaN(date) ? g.finished_at : date.toLocaleString();
    const mode = `${t(g.mode === 'human_ai' ? 'hist.vs_ai' : 'hist.four_ai')}, ${t(g.max_round === 0 ? 'hist.east' : 'hist.east_south')}`;
    const ais = g.mode === 'human_ai' ? g.ais.slice(1).join(', ') : g.ais.join(', ');
    let place, points;
    if (g.mode === 'human_ai') {
      place = t('hist.place_n')[g.placements[0] - 1];
      points = `${signed(g.points[0])} (${g.scores[0]})`;
    } else {
      const winner = g.placements.indexOf(1);
      place = t('hist.first', { ai: aiName(g.ais[winner]), wind: I.windName(winner) });
      points = g.points.map(signed).join(' / ');
    }
    // A listed game is a stored one: /replay?game= reads it from /api/games/{id}/export with the
    // cookies that listed it (?session= would first ask /api/game/{id}/mjlog, a 401 in the
    // console for the admin or once the game's play cookie is gone).
    const replay = el('a', { href: `/replay?game=${encodeURIComponent(g.game_id)}`, class: 'replay-link' }, t('hist.replay'));
    // The replay page opens with its review panel at the first mistake of the human's seat.
    const review = el('a', { href: `/replay?game=${encodeURIComponent(g.game_id)}&review=1`, class: 'review-link', title: 'review: every decision valued, mistakes, agreement and rating' }, t('hist.review'));
    const downloads = FORMATS.map(([f, label]) => el('a', {
      href: `/api/games/${encodeURIComponent(g.game_id)}/export?format=${f}`, download: '', class: `download-${f}`,
    }, label));
    // A seeded practice game is marked (its walls follow a small seed; it never counts for ratings).
    const modeCell = g.seeded ? el('td', {}, mode, el('br'), el('small', { class: 'seeded' }, t('hist.seeded', { seed: g.seed }))) : el('td', {}, mode);
    const tr = el('tr', { 'data-game': g.game_id, ...(g.seeded ? { 'data-seeded': '1' } : {}) },
      el('td', {}, when), modeCell, el('td', {}, ais), el('td', { class: 'place' }, place), el('td', {}, points),
      el('td', {}, replay, ' · ', review), el('td', { class: 'downloads' }, ...downloads.flatMap((a, i) => (i ? [' · ', a] : [a]))));
    if (g.mode === 'human_ai') tr.classList.add(`place-${g.placements[0]}`);
    return tr;
  }

  async function load(reset) {
    if (reset) { body.textContent = ''; shown = 0; }
    await window.MJ.ready;
    const res = await fetch(`/api/games?limit=${PAGE}&offset=${shown}`);
    if (res.status === 401) {
      statusEl.textContent = t('hist.none');
      more.hidden = true;
      return;
    }
    const data = await res.json().catch(() => null);
    if (!res.ok) {
      statusEl.textContent = (data && data.detail) || `HTTP ${res.status}`;
      statusEl.classList.add('error');
      return;
    }
    for (const g of data.games) body.append(row(g));
    shown += data.games.length;
    statusEl.textContent = data.total ? `${data.total === 1 ? t('hist.count1') : t('hist.count', { n: data.total })}${data.admin ? t('hist.admin_all') : ''}` : t('hist.empty');
    more.hidden = shown >= data.total;
  }

  more.onclick = () => load(false);
  const input = document.getElementById('admin-token');
  /** The admin token goes to the server once, which keeps it as this browser session's HttpOnly cookie. */
  async function signIn(token) {
    const res = token
      ? await fetch('/api/games/admin', { method: 'POST', headers: { 'x-session-token': token } })
      : await fetch('/api/games/admin', { method: 'DELETE' });
    if (!res.ok) {
      const data = await res.json().catch(() => null);
      statusEl.textContent = (data && data.detail) || `HTTP ${res.status}`;
      statusEl.classList.add('error');
      return;
    }
    statusEl.classList.remove('error');
    await load(true);
  }
  document.getElementById('admin-save').onclick = () => { const token = input.value.trim(); input.value = ''; signIn(token); };
  document.getElementById('admin-clear').onclick = () => { input.value = ''; signIn(null); };
  const reload = () => load(true).catch((err) => { statusEl.textContent = t('hist.failed', { msg: err.message }); });
  I.onChange(reload);
  reload();
})();
