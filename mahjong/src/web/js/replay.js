// Replay page: a game log becomes a list of steps (POST /api/replay/steps, replay-log.js), each
// with the full table state (all four hands visible); the controls move through that list. The
// analysis of the same log (POST /api/replay/analysis) fills the side panel for the viewed seat
// (replay-panel.js): shanten, ukeire, waits, every legal discard at its turns with the AI's
// choice and the player's, the players' names, dan and rate, and each hand's result.
(function () {
  'use strict';
  const { discardIndex } = window.MJ;
  const I = window.MJI18n;
  const { t } = I;
  const $ = (id) => document.getElementById(id);
  const canvas = $('table');
  const ui = { steps: [], kyokuIndices: [], pos: 0, timer: null, name: '', seat: 0, analysis: null, analysisError: null, load: 0 };
  window.__mj = ui;
  const status = (t) => { $('status').textContent = t; };

  const { withNames, decisionAt, renderPlayers, renderAnalysis, renderResult } = window.MJReplayPanel.create(ui, setSeat);
  const log = window.MJReplayLog.create({ ui, status, show, pause });
  const { labelOf } = window.MJReplayLog;

  // ── the table ──────────────────────────────────────────────────────────────
  /** The hand tile a discard index names: the drawn tile when it is that discard, else the first copy. */
  function handTileOf(player, index) {
    if (index == null || !Array.isArray(player.hand)) return null;
    if (player.drawn != null && discardIndex(player.drawn) === index) return player.drawn;
    return player.hand.find((t) => discardIndex(t) === index) ?? null;
  }

  function show(pos) {
    if (!ui.steps.length) {
      // A log that deals no hand (only its header) loads fine but has nothing to show: say so,
      // rather than asking the user to load the log they just loaded.
      $('counter').textContent = '0 / 0';
      $('describe').textContent = '';
      MJTable.draw(canvas, null, { banner: ui.name ? `${ui.name}: no hand to replay` : 'Load a built-in sample or upload a game log (Tenhou XML or mjlog, tenhou.net/6 JSON, mjai)' });
      $('players').replaceChildren();
      renderAnalysis();
      $('result').hidden = true;
      return;
    }
    ui.pos = Math.max(0, Math.min(ui.steps.length - 1, pos));
    const step = ui.steps[ui.pos];
    const last = step.event_type === 'discard' ? { player: step.player, action: 0 } : null;
    const opts = { viewer: ui.seat, showAll: true, last, markTsumogiri: $('mark-tsumogiri').checked, dimCalled: true };
    // At the viewed seat's turn: the AI's discard carries a dot, the player's is raised.
    const d = ui.analysis && decisionAt(ui.pos, ui.seat);
    if (d) {
      const me = step.state.players[ui.seat];
      const ai = handTileOf(me, d.ai.discard);
      const played = d.played && handTileOf(me, d.played.discard);
      if (ai != null) opts.markedTiles = [ai];
      if (played != null) opts.selectedTile = played;
    }
    ui.hits = MJTable.draw(canvas, step.state, opts); // read by the browser tests
    $('progress').value = String(ui.pos);
    $('counter').textContent = `${ui.pos + 1} / ${ui.steps.length}`;
    $('describe').textContent = withNames(step.description);
    const k = ui.kyokuIndices.filter((i) => i <= ui.pos).length - 1;
    if (k >= 0) $('kyoku').value = String(ui.kyokuIndices[k]);
    renderPlayers(step.state);
    renderAnalysis();
    if (window.MJReview) window.MJReview.render(ui.pos, ui.seat);
    renderResult(step);
  }

  function setSeat(seat) {
    ui.seat = ((seat % 4) + 4) % 4;
    show(ui.pos);
  }

  function pause() {
    if (ui.timer) clearInterval(ui.timer);
    ui.timer = null;
    $('play').textContent = t('btn.play');
  }

  function play() {
    if (ui.timer) { pause(); return; }
    if (ui.pos >= ui.steps.length - 1) show(0);
    $('play').textContent = t('btn.pause');
    ui.timer = setInterval(() => {
      if (ui.pos >= ui.steps.length - 1) { pause(); return; }
      show(ui.pos + 1);
    }, Number($('speed').value));
  }

  function jumpHand(dir) {
    const cur = ui.kyokuIndices.filter((i) => i <= ui.pos).length - 1;
    const target = ui.kyokuIndices[Math.max(0, Math.min(ui.kyokuIndices.length - 1, cur + dir))];
    if (target !== undefined) show(target);
  }

  $('play').onclick = play;
  $('forward').onclick = () => { pause(); show(ui.pos + 1); };
  $('back').onclick = () => { pause(); show(ui.pos - 1); };
  $('next-hand').onclick = () => { pause(); jumpHand(1); };
  $('prev-hand').onclick = () => { pause(); jumpHand(-1); };
  $('rotate').onclick = () => setSeat(ui.seat + 1);
  $('mark-tsumogiri').onchange = () => show(ui.pos);
  $('progress').oninput = (e) => { pause(); show(Number(e.target.value)); };
  $('kyoku').onchange = (e) => { pause(); show(Number(e.target.value)); };
  $('speed').onchange = () => { if (ui.timer) { pause(); play(); } };
  window.addEventListener('keydown', (e) => {
    // The slider and the selects move on arrows themselves; stepping too made one press two steps.
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    if (e.key === 'ArrowRight') $('forward').click();
    else if (e.key === 'ArrowLeft') $('back').click();
    else if (e.key === 'v' || e.key === 'V') setSeat(ui.seat + 1);
    else if (e.key === ' ') { e.preventDefault(); play(); }
  });
  window.addEventListener('resize', () => show(ui.pos));
  I.onChange(() => {
    if (!ui.steps.length && !ui.name) status(t('replay.load_hint'));
    $('play').textContent = t(ui.timer ? 'btn.pause' : 'btn.play');
    for (const o of $('kyoku').options) o.textContent = labelOf(ui.steps[Number(o.value)], o.index);
    show(ui.pos);
  });
  if (I.lang() !== 'en') status(t('replay.load_hint'));
  const params = new URLSearchParams(location.search);
  // ?seat=N: the table seen from seat N (0–3).
  if (/^[0-3]$/.test(params.get('seat') || '')) ui.seat = Number(params.get('seat'));
  show(0);
  log.loadSamples();
  log.openFromUrl(params);
})();
