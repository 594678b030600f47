// Rooms for friends: create a room, invite with its link, take a seat by name, start, play your
// seat on the shared table, or watch (delayed, no concealed hand). The seat token lives in an
// HttpOnly cookie the server sets (this page never sees or stores it); the room id is the only
// thing in the URL. "Auto" makes this page play the seat by itself (the moves still go through
// the same API as clicks): tsumo/ron when offered, otherwise the drawn tile, never a call.
(function () {
  'use strict';
  const MJ = window.MJ, I = window.MJI18n;
  const { el, discardIndex, buttonLabel, resultNodes, finalNodes } = MJ;
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const roomId = params.get('id');
  const watching = params.has('watch');
  const canvas = $('table');
  const bar = $('actions');
  const ui = { room: null, state: null, seats: null, you: null, stream: null, busy: false, clock: null, log: [], auto: params.get('auto') === '1', over: false, hits: [] };
  window.__room = ui; // read by the browser tests
  const status = (text) => { $('status').textContent = text; };

  async function call(path, body) {
    const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json().catch(() => null);
    if (!res.ok) { const e = new Error((data && data.detail) || `HTTP ${res.status}`); e.status = res.status; throw e; }
    return data;
  }

  const viewer = () => (ui.you === null ? 0 : ui.you);
  const names = () => (ui.room ? ui.room.seats.map((s) => (s.kind === 'human' ? s.name : `P${s.seat} ${s.ai || ''}`)) : null);

  let frame = 0;
  function redraw() { if (!frame) frame = requestAnimationFrame(drawNow); }
  function drawNow() {
    frame = 0;
    ui.hits = MJTable.draw(canvas, ui.state, {
      viewer: viewer(), visibleSeats: ui.you === null ? [] : [ui.you], showAll: !!(ui.state && ui.state.is_over), names: names(), strip: 42,
      banner: ui.state ? null : (ui.room && ui.room.status === 'open' ? 'Waiting for the players' : null),
    });
  }
  window.addEventListener('resize', redraw);

  const mine = () => (ui.state && ui.you !== null && ui.state.turn === ui.you && !ui.state.is_over ? ui.state.valid_actions : []);

  function renderRoom() {
    const r = ui.room;
    if (!r) return;
    $('room').hidden = false;
    $('lobby').classList.toggle('playing', r.status === 'playing');
    $('room-title').textContent = `Room ${r.room_id.slice(0, 8)} — ${r.status === 'open' ? 'waiting' : r.status === 'playing' ? 'playing' : 'over'}`;
    $('invite').value = `${location.origin}/room?id=${r.room_id}`;
    $('seat-list').replaceChildren(...r.seats.map((s) => el('li', { 'data-seat': String(s.seat), 'data-connected': String(s.connected), 'data-kind': s.kind },
      el('span', { class: `dot${s.connected ? ' on' : ''}`, title: s.connected ? 'connected' : 'not connected' }),
      `${['E', 'S', 'W', 'N'][s.seat]} `, s.kind === 'human' ? s.name : s.kind === 'bot' ? `bot (${s.ai})` : 'empty',
      s.rating != null ? el('small', {}, ` R${Math.round(s.rating)}`) : null, r.you === s.seat ? el('strong', {}, ' (you)') : null)));
    $('join-form').hidden = !(r.status === 'open' && r.you === null && !watching);
    $('start').hidden = !(r.status === 'open' && r.you === r.owner_seat);
    $('auto-box').hidden = r.you === null;
    $('leave').hidden = !(r.status === 'open' && r.you !== null && r.you !== r.owner_seat);
    $('auto').checked = ui.auto;
    $('watch').href = `/room?id=${r.room_id}&watch=1`;
    const notes = [`${r.clock.decision_ms / 1000} s a decision + ${r.clock.bank_ms / 1000} s bank per ${r.clock.bank_per}`, `spectators ${r.spectator_delay_ms / 1000} s behind`];
    if (r.seeded) notes.push(`practice wall, seed ${r.seed}: every player can work out every hand and draw from it; not rated`);
    if (r.ratings) notes.push(`ratings: ${r.ratings.map((c) => `${c.name} ${c.delta >= 0 ? '+' : ''}${c.delta} → ${Math.round(c.after)}`).join(', ')}`);
    $('room-note').textContent = notes.join(' · ');
    if (ui.you === null && watching) status('Watching');
  }

  function renderButtons() {
    bar.replaceChildren();
    const acts = mine();
    const button = (a, cls) => el('button', { id: `act-${a}`, class: cls || '', 'data-action': String(a), onclick: () => send(a) }, buttonLabel(a, ui.state));
    if (ui.state && ui.state.riichi_stage2 && acts.length) { bar.append(button(48, 'primary'), button(52)); return; }
    for (const a of [50, 49, 45, 46, 47, 43, 44, 37, 38, 39, 40, 41, 42, 51, 53]) if (acts.includes(a)) bar.append(button(a, a === 49 || a === 50 ? 'primary' : ''));
  }

  function setState(state) {
    ui.state = state;
    redraw();
    renderButtons();
    if (ui.auto) autoMove();
  }

  /** This page's own play for its seat (the Auto box): a win, else the drawn tile, else a pass. */
  function autoChoice(s) {
    const acts = mine();
    if (!acts.length) return null;
    if (acts.includes(50)) return 50;
    if (acts.includes(49)) return 49;
    if (acts.includes(53)) return 53;
    if (s.riichi_stage2) return acts.includes(52) ? 52 : acts[0];
    const me = s.players[ui.you];
    if (me.drawn != null && acts.includes(discardIndex(me.drawn))) return discardIndex(me.drawn);
    const discards = acts.filter((a) => a <= 36);
    return discards.length ? discards[discards.length - 1] : acts[0];
  }

  function autoMove() {
    const a = autoChoice(ui.state);
    if (a !== null && a !== undefined) setTimeout(() => { if (ui.auto && mine().includes(a)) send(a); }, 0);
  }

  async function send(action) {
    if (ui.busy) return;
    ui.busy = true;
    try {
      await call(`/api/rooms/${roomId}/action`, { action_idx: action });
    } catch (e) {
      status(`Refused: ${e.message}`);
    } finally {
      ui.busy = false;
    }
    if (ui.auto) autoMove();
  }

  canvas.addEventListener('click', (ev) => {
    const r = canvas.getBoundingClientRect();
    const hit = MJTable.hitTest(ui.hits, ev.clientX - r.left, ev.clientY - r.top);
    if (!hit || !ui.state) return;
    if (ui.state.riichi_stage2) { send(48); return; }
    const idx = discardIndex(hit.tile);
    if (mine().includes(idx)) send(idx);
  });

  function tickClock() {
    const c = ui.clock, box = $('clock');
    if (!c || !ui.state || ui.state.is_over) { box.textContent = ''; return; }
    const who = c.seat === ui.you ? 'Your time' : `${names()[c.seat]}`;
    const base = Math.max(0, c.started + c.decision_ms - Date.now());
    // Another seat's bank is its own (the server sends it only to that seat): its base time alone.
    if (c.deadline === undefined) { box.textContent = `${who}: ${Math.ceil(base / 1000)} s`; box.classList.remove('low'); return; }
    const left = Math.max(0, c.deadline - Date.now());
    box.textContent = `${who}: ${Math.ceil(base / 1000)} s + ${Math.ceil(Math.min(c.bank_ms, left) / 1000)} s`;
    box.classList.toggle('low', left < 3000);
  }
  setInterval(tickClock, 250);

  function subscribe() {
    const handlers = {
      room: (d) => { ui.room = d.room; if (d.room.you !== null) ui.you = d.room.you; renderRoom(); redraw(); },
      snapshot: (d) => { ui.seats = d.seats; ui.clock = null; setState(d.state); },
      action: (d) => {
        ui.log.push({ player: d.player, action: d.action, by: d.by });
        if (d.by === 'timeout') status(`${names()[d.player]}: out of time, played for`);
        else if (d.by === 'auto') status(`${names()[d.player]} is away: played for`);
        if (d.player !== ui.you || d.by !== 'human') ui.clock = null;
        setState(d.state);
      },
      state: (d) => setState(d.state),
      clock: (d) => { ui.clock = d; tickClock(); },
      kyoku_start: (d) => { ui.clock = null; setState(d.state); },
      kyoku_end: (d) => { ui.lastResult = d.result; setState(d.state); showResult(d); },
      game_over: (d) => { ui.over = true; setState(d.state); status('Game over'); showFinal(d.state); },
    };
    ui.stream = MJStream.connect({
      url: () => `/api/rooms/${roomId}/events${watching ? '?watch=1' : ''}`,
      handlers,
      resync: async () => { try { await call(`/api/rooms/${roomId}`); return true; } catch (e) { if (e.status === 404) { status('This room is no longer on the server'); return false; } throw e; } },
    });
  }

  function panel(id, nodes) {
    const old = $(id);
    if (old) old.remove();
    const box = el('div', { id, class: 'dialog result-panel', role: 'dialog', style: 'position:fixed;left:8px;top:56px;max-width:420px;max-height:70vh;overflow:auto;z-index:6' }, ...nodes,
      el('div', { class: 'buttons' }, el('button', { id: `${id}-close`, onclick: () => box.remove() }, '×')));
    document.body.append(box);
    return box;
  }
  function showResult(d) {
    const box = panel('hand-result', resultNodes(d.result, d.state));
    setTimeout(() => box.remove(), 4000);
  }
  function showFinal(state) {
    panel('final', [el('h2', {}, 'Final'), ...finalNodes(state)]);
  }

  /** The bots a room may seat: the built-in AIs and the server's configured mjai bots. */
  async function fillBots() {
    try {
      const { models } = await call('/api/ai/models');
      $('create-bots').replaceChildren(...models.map((m) => el('option', { value: m.name, title: m.description }, `${m.name} bots`)));
    } catch { /* keep the built-in list */ }
  }

  async function load() {
    if (!roomId) { $('create').hidden = false; fillBots(); status('Create a room and send its link to your friends'); redraw(); return; }
    try {
      ui.room = await call(`/api/rooms/${encodeURIComponent(roomId)}`);
    } catch (e) {
      status(e.status === 404 ? 'No such room (it ended, or the link is wrong)' : `Error: ${e.message}`);
      $('create').hidden = false;
      return;
    }
    ui.you = watching ? null : ui.room.you;
    renderRoom();
    subscribe();
  }

  $('create-form').onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const res = await call('/api/rooms', { name: $('create-name').value, max_round: Number($('create-length').value), bots: $('create-bots').value });
      location.href = `/room?id=${res.room.room_id}`;
    } catch (e) { status(`Could not create the room: ${e.message}`); }
  };
  $('join-form').onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const res = await call(`/api/rooms/${roomId}/seats`, { name: $('join-name').value });
      ui.you = res.seat;
      ui.room = res.room;
      renderRoom();
      // The stream was opened as a spectator: open it again as the seat (the cookie now says which).
      if (ui.stream) ui.stream.close();
      subscribe();
    } catch (e) { status(`Could not take a seat: ${e.message}`); }
  };
  $('start').onclick = async () => {
    try { await call(`/api/rooms/${roomId}/start`, {}); } catch (e) { status(`Could not start: ${e.message}`); }
  };
  $('leave').onclick = async () => {
    try {
      const res = await fetch(`/api/rooms/${roomId}/seats/me`, { method: 'DELETE' });
      if (!res.ok) throw new Error(((await res.json().catch(() => null)) || {}).detail || `HTTP ${res.status}`);
      ui.you = null;
      ui.room = await res.json();
      renderRoom();
      if (ui.stream) ui.stream.close();
      subscribe();
    } catch (e) { status(`Could not leave: ${e.message}`); }
  };
  $('room-title').onclick = () => $('lobby').classList.toggle('open');
  $('copy-invite').onclick = async () => {
    try { await navigator.clipboard.writeText($('invite').value); status('Invitation link copied'); } catch { $('invite').select(); }
  };
  $('auto').onchange = (e) => { ui.auto = e.target.checked; if (ui.auto && ui.state) autoMove(); };
  I.onChange(() => { redraw(); renderButtons(); });
  load();
})();
