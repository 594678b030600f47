// Human-versus-AI page: the human is P0. Events arrive over EventSource and are played back
// one at a time (ANIM_MS apart); the human acts by clicking hand tiles (or with ← / → and Enter
// on the focused table) and the action buttons next to the hand. Forced riichi discards and the
// automatic play (auto-win, no calls, auto-pass) are made by the server
// (modules/game/auto-play.ts); the toggles only set them.
(function () {
  'use strict';
  const MJ = window.MJ, I = window.MJI18n;
  const { t } = I;
  const { api, discardIndex, dialog, el, pendingTile, riichiMarks, serialQueue } = MJ;
  const Seat = window.MJHumanSeat;
  const params = new URLSearchParams(location.search);
  const ANIM_MS = params.has('anim') ? Number(params.get('anim')) : 450;
  const $ = (id) => document.getElementById(id);
  const canvas = $('table');
  const bar = $('actions');
  const statusEl = $('status');
  /** Height kept free above the hand for the toggles, waits and call buttons. */
  const STRIP = 42;
  const AUTO_KEY = 'mj-auto';
  const ui = {
    session: null, state: null, es: null, hits: [], hover: -1, busy: false, over: false, last: null, slide: 1,
    seats: null, auto: readAuto(), waits: [],
  };
  const queue = serialQueue();
  window.__mj = ui; // read by the browser tests (they still act only by clicking)

  // The status is kept as a function of the language, so a change of language rewrites it.
  let statusText = () => t('status.not_started');
  const status = (text) => { statusText = typeof text === 'function' ? text : () => text; statusEl.textContent = statusText(); };
  status(statusText);

  function readAuto() {
    try { return { win: false, no_calls: false, pass: false, ...JSON.parse(localStorage.getItem(AUTO_KEY) || '{}') }; } catch { return { win: false, no_calls: false, pass: false }; }
  }

  // Draws at most once per frame however many events arrive in it.
  let frame = 0;
  function redraw() {
    if (!frame) frame = requestAnimationFrame(drawNow);
  }

  function drawNow() {
    frame = 0;
    ui.drawn = ui.state; // the state the hit rects belong to
    ui.hits = MJTable.draw(canvas, ui.state, {
      viewer: 0, visibleSeats: [0], last: ui.last, slide: ui.slide, markTsumogiri: true, showAll: !!(ui.state && ui.state.is_over), hover: ui.hover,
      selectedTile: pendingTile(ui.state), markedTiles: riichiMarks(ui.state), names: MJ.seatNames(ui.seats), strip: STRIP,
      banner: ui.state ? null : t('banner.press_new'),
    });
    ui.layout = MJTable.last;
    placeOverlays();
  }

  const placeOverlays = () => Seat.placeOverlays(ui.state, bar);
  const renderSeatInfo = () => Seat.renderSeatInfo(ui.state, ui.waits, ui.auto);
  const renderButtons = () => Seat.renderButtons(bar, valid(), ui.state, send);

  function setState(state) {
    ui.state = state;
    ui.version = (ui.version || 0) + 1;
    const me = state && state.players[0];
    // The waits of a 13-tile hand stay shown while its player holds the drawn tile.
    if (me && Array.isArray(me.hand) && me.hand.length % 3 === 1) ui.waits = me.waits;
    redraw();
    renderButtons();
    renderSeatInfo();
    placeOverlays();
  }

  /**
   * The human's legal actions, only for a decision that is really theirs: the table shown is the
   * latest the page has (no event waiting behind the one being played back: an AI's riichi, or
   * the server's own move for the human, may already have moved past this state) and the game is
   * still on the server.
   */
  const valid = () => (ui.state && !ui.gone && queue.pending <= 1 && ui.state.turn === 0 && !ui.state.is_over ? ui.state.valid_actions : []);

  async function send(action) {
    if (ui.busy || !ui.session) return;
    ui.busy = true;
    try {
      const res = await api(`/api/game/${ui.session}/action`, { player_id: 0, action_idx: action });
      // The same states arrive over the event stream in order; use the reply only while it is lost (or closed at game_over: no).
      if ((!ui.es || ui.es.lost) && res && res.state) setState(res.state);
    } catch (e) {
      if (e.status === 404) gameGone(ui.session);
      else status(() => t('status.refused', { msg: e.message }));
    } finally {
      ui.busy = false;
    }
  }

  /** A toggle of the automatic play: kept for the next game, and sent to the server for this one. */
  async function setAuto(key, on) {
    ui.auto = { ...ui.auto, [key]: on };
    try { localStorage.setItem(AUTO_KEY, JSON.stringify(ui.auto)); } catch { /* private mode */ }
    if (!ui.session || ui.over) return;
    try {
      const res = await api(`/api/game/${ui.session}/auto`, { [key]: on });
      ui.auto = res.auto;
      // The moves this set off arrive as events (and a lost stream resyncs by itself); a stream
      // closed at game_over must not let this later reply jump the table past the dialogs.
      if (!ui.es) setState(res.state);
    } catch (e) {
      status(() => t('status.refused', { msg: e.message }));
    }
  }

  /** Spec, client behaviour 2: pending riichi → 48; riichi candidates go to step one via the server. */
  function clickTile(hit) {
    const s = ui.state;
    if (!s || s.turn !== 0) return;
    if (s.riichi_stage2) { send(48); return; }
    const idx = discardIndex(hit.tile);
    if (valid().includes(idx)) send(idx);
  }

  function canvasPoint(ev) {
    const r = canvas.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  canvas.addEventListener('click', (ev) => {
    const p = canvasPoint(ev);
    const hit = MJTable.hitTest(ui.hits, p.x, p.y);
    if (hit) clickTile(hit);
  });
  canvas.addEventListener('mousemove', (ev) => {
    const p = canvasPoint(ev);
    const hit = MJTable.hitTest(ui.hits, p.x, p.y);
    const idx = hit && valid().includes(discardIndex(hit.tile)) ? hit.index : -1;
    if (idx !== ui.hover) { ui.hover = idx; redraw(); }
  });
  window.addEventListener('resize', redraw);

  // Keyboard play (the canvas takes focus with Tab): ← / → pick among the tiles that may be
  // discarded now (the drawn tile first), Enter or Space discards the picked one (in a riichi's
  // second step, any key of these confirms, as a click does).
  canvas.addEventListener('keydown', (ev) => {
    const s = ui.state;
    if (!s || s.turn !== 0 || !['ArrowLeft', 'ArrowRight', 'Enter', ' '].includes(ev.key)) return;
    ev.preventDefault();
    if (s.riichi_stage2) { send(48); return; }
    const playable = ui.hits.filter((h) => valid().includes(discardIndex(h.tile))).map((h) => h.index);
    if (!playable.length) return;
    const at = playable.indexOf(ui.hover);
    if (ev.key === 'Enter' || ev.key === ' ') {
      const hit = at >= 0 ? ui.hits.find((h) => h.index === ui.hover) : null;
      if (hit) clickTile(hit);
      return;
    }
    const step = ev.key === 'ArrowLeft' ? -1 : 1;
    ui.hover = at < 0 ? playable[playable.length - 1] : playable[(at + step + playable.length) % playable.length];
    redraw();
  });

  /**
   * The server no longer has this game (deleted, expired): the table stays as it was, without
   * buttons, and a dialog says so and offers the history and a new game.
   */
  async function gameGone(id) {
    if (id !== ui.session || ui.gone) return;
    ui.gone = true;
    if (ui.es) ui.es.close();
    status(() => t('status.gone'));
    renderButtons();
    redraw();
    const next = await dialog(t('dlg.gone'), [el('p', { id: 'gone-text' }, t('dlg.gone_text'))], [
      { label: t('btn.history'), value: 'history', id: 'gone-history' }, { label: t('btn.new_game'), value: 'new', id: 'gone-new', primary: true }]);
    if (next === 'history') location.href = '/history';
    else modeDialog();
  }

  /** What the event stream (human-events.js) changes on the page. */
  const page = { ui, queue, animMs: ANIM_MS, setState, status, drawNow, renderSeatInfo, gameGone, modeDialog };

  function subscribe() {
    if (ui.es) ui.es.close();
    ui.es = window.MJHumanEvents.follow(ui.session, page);
  }

  async function start(opts) {
    try {
      // The game being replaced is ended on the server too, so it does not hold a session slot.
      if (ui.session && !ui.over) {
        if (ui.es) ui.es.close();
        await api(`/api/game/${ui.session}`, undefined, 'DELETE').catch(() => {});
      }
      const res = await api('/api/game/new', { mode: 'human_ai', ...opts, auto: ui.auto });
      ui.session = res.session_id;
      ui.gone = false;
      ui.seats = res.seats;
      // A reload of /?session=<id> picks the game up again.
      history.replaceState(null, '', `/?session=${ui.session}${ANIM_MS === 450 ? '' : `&anim=${ANIM_MS}`}`);
      ui.over = false;
      ui.waits = [];
      const id = ui.session.slice(0, 8);
      status(() => t('status.game', { id, ai: opts.ai_model || 'random' }));
      setState(res.state);
      subscribe();
    } catch (e) {
      status(() => t('status.could_not_start', { msg: e.message }));
      await dialog(t('dlg.could_not_start'), [el('p', {}, e.message)], [{ label: t('btn.ok'), value: 1 }]);
      modeDialog();
    }
  }

  async function modeDialog() {
    const ai = el('select', { id: 'ai-kind' }, el('option', { value: 'strong' }, t('ai.strong')), el('option', { value: 'heuristic' }, t('ai.heuristic')), el('option', { value: 'random' }, t('ai.random')), el('option', { value: 'model' }, t('ai.model')));
    const path = el('input', { id: 'ai-path', placeholder: t('dlg.model_path'), value: params.get('model') || '' });
    const seed = el('input', { id: 'seed', type: 'number', placeholder: 'random', value: params.get('seed') || '' });
    const length = el('select', { id: 'length' }, el('option', { value: '1' }, t('len.hanchan')), el('option', { value: '0' }, t('len.east')));
    const go = await dialog(t('dlg.new_game'), [
      el('label', {}, t('dlg.opponents'), ai), el('label', {}, t('dlg.model_file'), path),
      el('label', {}, t('dlg.seed'), seed), el('label', {}, t('dlg.length'), length),
    ], [{ label: t('btn.cancel'), value: false, id: 'cancel-game' }, { label: t('btn.start'), value: true, id: 'start-game', primary: true }]);
    if (!go) return;
    const model = ai.value === 'model' ? path.value.trim() || null : ai.value;
    start({ ai_model: model, seed: seed.value === '' ? null : Number(seed.value), max_round: Number(length.value) });
  }

  /** Resumes a game named in the URL; its snapshot arrives as the first event. */
  async function resume(id) {
    try {
      const state = await api(`/api/game/${encodeURIComponent(id)}/state?for_player=0`);
      ui.session = id;
      status(() => t('status.resumed', { id: id.slice(0, 8) }));
      setState(state);
      subscribe();
    } catch (e) {
      history.replaceState(null, '', '/');
      if ([401, 403, 404].includes(e.status)) { ui.session = id; gameGone(id); return; }
      status(() => t('status.gone'));
      modeDialog();
    }
  }

  for (const [id, key] of Seat.TOGGLES) $(id).onchange = (e) => setAuto(key, e.target.checked);
  I.onChange(() => { status(statusText); redraw(); renderButtons(); renderSeatInfo(); placeOverlays(); });
  document.getElementById('new-game').onclick = modeDialog;
  renderSeatInfo();
  redraw();
  if (params.get('session')) resume(params.get('session'));
  else modeDialog();
})();
