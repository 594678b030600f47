// Four-AI page: the server plays at the chosen speed and pushes every action over SSE;
// the viewer follows one seat (only its hand shown) or watches all four hands. A finished hand
// shows its result in a panel over the table (winning hand, indicators, yaku, payments, score
// changes; at a draw the tenpai hands, which the table turns face up) while the game goes on.
(function () {
  'use strict';
  const MJ = window.MJ, I = window.MJI18n;
  const { t } = I;
  const { api, eventsUrl, downloadNodes, actionName, dialog, el, finalNodes, resultNodes, animate } = MJ;
  const $ = (id) => document.getElementById(id);
  const canvas = $('table');
  const params = new URLSearchParams(location.search);
  /** A hand's result stays up at least this long, even when the next hand starts sooner. */
  const RESULT_MS = 3000;
  const ui = { session: null, state: null, es: null, follow: 'all', delay: params.has('delay') ? Number(params.get('delay')) : 800, over: false, lastResult: null, seats: null, shownAt: 0 };
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
      viewer: f ?? 0, last: ui.last, slide: ui.slide, markTsumogiri: true, showAll: f === null || !!(ui.state && ui.state.is_over), visibleSeats: f === null ? [] : [f],
      names: MJ.seatNames(ui.seats), banner: ui.state ? null : t('banner.press_start'),
    });
    ui.layout = MJTable.last;
  }

  function markSpeed() {
    for (const b of document.querySelectorAll('[data-ms]')) b.classList.toggle('primary', Number(b.dataset.ms) === ui.delay);
  }

  async function setSpeed(ms) {
    ui.delay = ms;
    markSpeed();
    if (ui.session) await api(`/api/game/${ui.session}/speed`, { delay_ms: ms }).catch((e) => status(e.message));
  }

  /** The hand's result over the table; the game goes on underneath. */
  function showResult(result, state) {
    const panel = $('result-panel');
    const close = el('button', { class: 'close', id: 'result-close', onclick: () => hideResult(true) }, '×');
    panel.replaceChildren(el('h2', {}, el('span', {}, `${MJCentre.roundLabel(state)} · ${t('dlg.hand_result')}`), close), ...resultNodes(result, state));
    panel.hidden = false;
    ui.shownAt = performance.now();
  }
  let hideTimer = 0;
  function hideResult(now) {
    clearTimeout(hideTimer);
    const left = RESULT_MS - (performance.now() - ui.shownAt);
    if (now || left <= 0) { $('result-panel').hidden = true; return; }
    hideTimer = setTimeout(() => { $('result-panel').hidden = true; }, left);
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
      if (id === ui.session) {
        status(() => t('status.gone'));
        dialog(t('dlg.gone'), [el('p', { id: 'gone-text' }, t('dlg.gone_text'))], [
          { label: t('btn.history'), value: 'history', id: 'gone-history' }, { label: t('btn.close'), value: 'close', id: 'gone-close', primary: true }])
          .then((next) => { if (next === 'history') location.href = '/history'; });
      }
      return false;
    }
  }

  function subscribe() {
    if (ui.es) ui.es.close();
    const id = ui.session;
    const handlers = {
      snapshot: (d) => { ui.seats = d.seats; ui.state = d.state; redraw(); },
      kyoku_start: (d) => { ui.state = d.state; ui.last = null; hideResult(false); redraw(); },
      ai_action: (d) => {
        ui.state = d.state;
        ui.last = { player: d.player, action: d.action };
        status(() => `P${d.player}: ${actionName(d.action)}`);
        // Slide a discard in when actions are slow enough to watch.
        if (d.action <= 36 && ui.delay >= 300) animate(Math.min(250, ui.delay / 3), (t) => { ui.slide = t; drawNow(); });
        else { ui.slide = 1; redraw(); }
      },
      kyoku_end: (d) => {
        ui.state = d.state;
        ui.lastResult = d.result;
        ui.lastState = d.state;
        showResult(d.result, d.state);
        redraw();
      },
      game_over: async (d) => {
        ui.over = true;
        ui.state = d.state;
        status(() => t('status.game_over'));
        redraw();
        ui.es.close();
        $('result-panel').hidden = true;
        // Spec: the result dialog shows the winner, the scores and the yaku (of the last hand).
        const last = ui.lastResult ? [el('h3', { class: 'last-hand' }, t('res.last_hand')), ...resultNodes(ui.lastResult, d.state)] : [];
        const next = await dialog(t('dlg.game_over'), [...last, ...finalNodes(d.state), ...downloadNodes(ui.session, d.state)], [{ label: t('btn.replay_it'), value: 'replay', id: 'final-replay' }, { label: t('btn.close'), value: 'close', id: 'final-close', primary: true }]);
        if (next === 'replay') location.href = `/replay?session=${ui.session}`;
      },
      error: (d) => status(() => t('status.server', { msg: d.message })),
      bot_replaced: (d) => status(() => t('status.bot_replaced', { seat: d.seat, bot: d.bot, by: d.by, reason: d.reason })),
    };
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
      if (ui.session) {
        if (ui.es) ui.es.close();
        await api(`/api/game/${ui.session}`, undefined, 'DELETE').catch(() => {});
      }
      const res = await api('/api/game/new', body);
      ui.session = res.session_id;
      ui.seats = res.seats;
      ui.state = res.state;
      ui.over = false;
      ui.lastResult = null;
      $('result-panel').hidden = true;
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
  I.onChange(() => { status(statusText); redraw(); if (!$('result-panel').hidden && ui.lastResult) showResult(ui.lastResult, ui.lastState); });
  markSpeed();
  redraw();
})();
