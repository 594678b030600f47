// Play page, the game's event stream: each event is played back in turn through the page's queue
// (a discard slides from its owner's hand into the river); a lost connection reads the table
// again before the stream reopens (stream.js). human.js opens it with follow().
(function (global) {
  'use strict';
  const MJ = global.MJ, I = global.MJI18n;
  const { t } = I;
  const { api, eventsUrl, downloadNodes, actionName, dialog, resultNodes, finalNodes, wait, animate } = MJ;

  /**
   * Follows the events of game `id`; returns the stream. `page`: what they change on the page (ui,
   * queue, animMs, setState, status, drawNow, renderSeatInfo, gameGone, modeDialog).
   */
  function follow(id, page) {
    const { ui, queue, setState, status, renderSeatInfo, modeDialog } = page;
    const on = (fn) => (d) => queue.push(() => fn(d));
    const handlers = {
      snapshot: on((d) => {
        ui.seats = d.seats;
        if (d.auto) ui.auto = d.auto;
        setState(d.state);
      }),
      auto: on((d) => { ui.auto = d.auto; renderSeatInfo(); }),
      player_action: on(async (d) => {
        if (d.auto) { ui.autoMoves = (ui.autoMoves || 0) + 1; status(() => `P0: ${actionName(d.action)}`); await playback(d, page); return; }
        ui.last = d;
        setState(d.state);
      }),
      kyoku_start: on((d) => { ui.last = null; ui.waits = []; setState(d.state); }),
      ai_action: on(async (d) => {
        status(() => `P${d.player}: ${actionName(d.action)}`);
        await playback(d, page);
      }),
      kyoku_end: on(async (d) => {
        setState(d.state);
        await dialog(t('dlg.hand_result'), resultNodes(d.result, d.state), [{ label: t('btn.continue'), value: 1, id: 'result-ok', primary: true }]);
      }),
      game_over: on(async (d) => {
        ui.over = true;
        setState(d.state);
        status(() => t('status.game_over'));
        const next = await dialog(t('dlg.game_over'), [...finalNodes(d.state), ...downloadNodes(ui.session, d.state)], [{ label: t('btn.close'), value: 'close', id: 'final-close' },
          { label: t('btn.replay_it'), value: 'replay', id: 'final-replay' }, { label: t('btn.new_game'), value: 'new', id: 'final-new', primary: true }]);
        if (next === 'new') modeDialog();
        else if (next === 'replay') location.href = `/replay?session=${ui.session}`;
      }),
      error: (d) => status(() => t('status.server', { msg: d.message })),
    };
    const over = handlers.game_over;
    // Closed as game_over arrives, not after its dialog: a drop meanwhile must not reconnect.
    handlers.game_over = (d) => { stream.close(); over(d); };
    const stream = MJStream.connect({ url: () => eventsUrl(id), handlers, resync: () => resync(id, page) });
    return stream;
  }

  /** A discard slides from its owner's hand into the river (AI moves and the server's moves for the human). */
  async function playback(d, page) {
    const { ui, setState, drawNow, animMs: ANIM_MS } = page;
    ui.last = { player: d.player, action: d.action };
    setState(d.state);
    if (!ANIM_MS) return;
    if (d.action <= 36) {
      await animate(ANIM_MS * 0.5, (t) => { ui.slide = t; drawNow(); });
      await wait(ANIM_MS * 0.5);
    } else await wait(ANIM_MS);
  }

  /** After a lost connection: shows the state as the server has it now; false when the game is gone. */
  async function resync(id, page) {
    const { ui, queue, setState } = page;
    try {
      const state = await api(`/api/game/${encodeURIComponent(id)}/state?for_player=0`);
      if (id !== ui.session) return false;
      queue.push(() => setState(state));
      return true;
    } catch (e) {
      if (![401, 403, 404].includes(e.status)) throw e; // offline or restarting: try again later
      page.gameGone(id);
      return false;
    }
  }

  global.MJHumanEvents = { follow };
})(window);
