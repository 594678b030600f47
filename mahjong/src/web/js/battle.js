// Four-AI page: the server plays at the chosen speed and pushes every action over SSE;
// the viewer follows one seat (only its hand shown) or watches all four hands.
(function () {
  'use strict';
  const { api, eventsUrl, downloadNodes, actionName, dialog, el, finalNodes, resultNodes, animate } = window.MJ;
  const I = window.MJI18n;
  const { t } = I;
  const $ = (id) => document.getElementById(id);
  const canvas = $('table');
  const params = new URLSearchParams(location.search);
  const ui = { session: null, state: null, es: null, follow: 'all', delay: params.has('delay') ? Number(params.get('delay')) : 800, banner: null, over: false, lastResult: null };
  window.__mj = ui;
  // Kept as a function of the language, so a change of language rewrites it.
  let statusText = () => t('status.not_started');
  const status = (text) => { statusText = typeof text === 'function' ? text : () => text; $('status').textContent = statusText(); };
  status(statusText);

  let frame = 0;
  function redraw() {
    if (!frame) frame = requestAnimationFrame(drawNow);
  }

  function drawNow() {
    frame = 0;
    const f = ui.follow === 'all' ? null : Number(ui.follow);
    ui.hits = MJTable.draw(canvas, ui.state, { // hit rects of the bottom hand, read by the browser tests
      viewer: f ?? 0, last: ui.last, slide: ui.slide, showAll: f === null || !!(ui.state && ui.state.is_over), visibleSeats: f === null ? [] : [f],
      banner: (ui.banner && ui.banner()) || (ui.state ? null : t('banner.press_start')),
    });
  }

  function markSpeed() {
    for (const b of document.querySelectorAll('[data-ms]')) b.classList.toggle('primary', Number(b.dataset.ms) === ui.delay);
  }

  async function setSpeed(ms) {
    ui.delay = ms;
    markSpeed();
    if (ui.session) await api(`/api/game/${ui.session}/speed`, { delay_ms: ms }).catch((e) => status(e.message));
  }

  /** After a lost connection: shows the state as the server has it now; false when the game is gone. */
  async function resync(id) {
    try {
      const state = await api(`/api/game/${encodeURIComponent(id)}/state`);
      if (id !== ui.session) return false;
      ui.state = state;
      redraw();
      return true;
    } catch (e) {
      if (![401, 403, 404].includes(e.status)) throw e; // offline or restarting: try again later
      if (id === ui.session) status(() => t('status.gone'));
      return false;
    }
  }

  function subscribe() {
    if (ui.es) ui.es.close();
    const id = ui.session;
    const handlers = {};
    const on = (type, fn) => { handlers[type] = fn; };
    on('snapshot', (d) => { ui.state = d.state; redraw(); });
    on('kyoku_start', (d) => { ui.state = d.state; ui.banner = null; redraw(); });
    on('ai_action', (d) => {
      ui.state = d.state;
      ui.banner = null;
      ui.last = { player: d.player, action: d.action };
      status(() => `P${d.player}: ${actionName(d.action)}`);
      // Slide a discard in when actions are slow enough to watch.
      if (d.action <= 36 && ui.delay >= 300) animate(Math.min(250, ui.delay / 3), (t) => { ui.slide = t; drawNow(); });
      else { ui.slide = 1; redraw(); }
    });
    on('kyoku_end', (d) => {
      ui.state = d.state;
      const r = d.result;
      ui.lastResult = r;
      const yaku = (w) => w.yaku.map((y) => I.yakuName(y.id, y.name)).join(', ');
      const tenpai = (x) => (!x.tenpai ? '' : ` — ${x.tenpai.length ? t('res.tenpai', { who: x.tenpai.map((i) => `P${i}`).join(', ') }) : t('res.nobody_tenpai')}`);
      const kind = (x) => (x.kind ? I.drawName(x.kind, x.kind_name) : x.kind_name);
      // A function of the language: the banner is rewritten when the language changes.
      ui.banner = () => (r.wins.length ? r.wins.map((w) => t('res.banner_win', { who: `P${w.who}`, points: w.points, yaku: yaku(w) })).join(' · ') : `${t('res.draw')}${kind(r) ? ` (${kind(r)})` : ''}${tenpai(r)}`);
      redraw();
    });
    on('game_over', async (d) => {
      ui.over = true;
      ui.state = d.state;
      ui.banner = null;
      status(() => t('status.game_over'));
      redraw();
      ui.es.close();
      // Spec: the result dialog shows the winner, the scores and the yaku (of the last hand).
      const last = ui.lastResult ? [el('h3', { class: 'last-hand' }, t('res.last_hand')), ...resultNodes(ui.lastResult, d.state)] : [];
      const next = await dialog(t('dlg.game_over'), [...last, ...finalNodes(d.state), ...downloadNodes(ui.session)], [{ label: t('btn.replay_it'), value: 'replay', id: 'final-replay' }, { label: t('btn.close'), value: 'close', id: 'final-close', primary: true }]);
      if (next === 'replay') location.href = `/replay?session=${ui.session}`;
    });
    on('error', (d) => status(() => t('status.server', { msg: d.message })));
    ui.es = MJStream.connect({ url: () => eventsUrl(id), handlers, resync: () => resync(id) });
  }

  // Per-seat AI: "—" plays the AI chosen in #ai-kind; the names come from GET /api/ai/models.
  async function fillSeatSelects() {
    let models = [{ name: 'strong' }, { name: 'heuristic' }, { name: 'random' }];
    try { models = (await api('/api/ai/models', undefined, 'GET')).models; } catch { /* keep the built-in list */ }
    for (let s = 0; s < 4; s++) {
      const sel = $(`ai-seat-${s}`);
      sel.replaceChildren(el('option', { value: '' }, `P${s}: —`), ...models.map((m) => el('option', { value: m.name }, `P${s}: ${m.name}`)));
    }
  }
  fillSeatSelects();

  async function start() {
    const kind = $('ai-kind').value;
    const seatModels = [0, 1, 2, 3].map((s) => $(`ai-seat-${s}`).value || null);
    const body = {
      mode: '4ai',
      ai_model: kind === 'model' ? $('ai-path').value.trim() || null : kind,
      ...(seatModels.some((m) => m !== null) ? { ai_models: seatModels } : {}),
      seed: $('seed').value === '' ? null : Number($('seed').value),
      max_round: Number($('length').value),
      delay_ms: ui.delay,
    };
    try {
      if (ui.session) await api(`/api/game/${ui.session}`, undefined, 'DELETE').catch(() => {});
      const res = await api('/api/game/new', body);
      ui.session = res.session_id;
      ui.state = res.state;
      ui.over = false;
      ui.lastResult = null;
      const id = ui.session.slice(0, 8);
      status(() => t('status.running', { id }));
      redraw();
      subscribe();
    } catch (e) {
      status(() => t('status.could_not_start', { msg: e.message }));
      await dialog(t('dlg.could_not_start'), [el('p', {}, e.message)], [{ label: t('btn.ok'), value: 1 }]);
    }
  }

  $('start').onclick = start;
  $('follow').onchange = (e) => { ui.follow = e.target.value; redraw(); };
  for (const b of document.querySelectorAll('[data-ms]')) b.onclick = () => setSpeed(Number(b.dataset.ms));
  window.addEventListener('resize', redraw);
  I.onChange(() => { status(statusText); redraw(); });
  markSpeed();
  redraw();
})();
