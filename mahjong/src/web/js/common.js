// Helpers shared by the three pages: JSON calls, action names, dialogs, result text.
(function (global) {
  'use strict';
  const T = global.MJTiles;
  const I = global.MJI18n;
  const SEAT_NAMES = ['East seat', 'South seat', 'West seat', 'North seat'];

  // A game's token never reaches this page's storage or its URLs: POST /api/game/new sets it as
  // HttpOnly cookies scoped to the game's API path and to the history's, which every same-origin
  // request below (EventSource and download links included) carries. A reload resumes the game
  // because the browser keeps the cookie.
  /** The event stream of a game (the cookie authenticates it). */
  function eventsUrl(id) {
    return `/api/game/${encodeURIComponent(id)}/events`;
  }

  // Earlier versions kept tokens in localStorage (mj-token:<id>, mj-admin-token): each game's is
  // handed to the server once, which answers with its cookies, and every one is deleted here.
  // Calls wait for it (a reload of an old game's page needs its cookie first).
  const ready = (function migrateStoredTokens() {
    const claims = [];
    try {
      const keys = [];
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && (key.startsWith('mj-token:') || key === 'mj-admin-token')) keys.push(key);
      }
      for (const key of keys) {
        const token = localStorage.getItem(key);
        localStorage.removeItem(key);
        if (!token || key === 'mj-admin-token') continue;
        claims.push(fetch(`/api/game/${encodeURIComponent(key.slice(9))}/claim`, { method: 'POST', headers: { 'x-session-token': token } }).catch(() => {}));
      }
    } catch { /* no storage: nothing kept */ }
    return Promise.all(claims);
  })();

  /** What a request that got no answer at all says (the browser's own text is "Failed to fetch"). */
  const NO_ANSWER = 'the server did not answer (stopped, or the network is down)';
  async function api(path, body, method) {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    await ready;
    const init = body === undefined ? { method: method || 'GET', headers } : { method: method || 'POST', headers, body: JSON.stringify(body) };
    const res = await fetch(path, init).catch(() => { throw new Error(NO_ANSWER); });
    const text = await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = text; }
    if (!res.ok) {
      const err = new Error((data && data.detail) || `HTTP ${res.status}`);
      err.status = res.status; err.body = data;
      throw err;
    }
    return data;
  }

  /** Human-readable name of an action index (mahjong/README.md, Actions), in the page's language. */
  const actionName = (a) => I.actionName(a);

  /** Discard index of a hand tile: red fives 34–36, others their kind. */
  function discardIndex(tile) {
    const t = T.normTile(tile);
    if (!t) return -1;
    return t.red ? 34 + Math.floor(t.kind / 9) : t.kind;
  }

  /** An action button's label; chi buttons name their tiles ("chi 3-4-5p") from the tile answered. */
  function buttonLabel(a, state) {
    const target = state && state.target;
    if (!target) return actionName(a);
    // Calls on a discard name the tile ("pon 3p"): on a phone the outlined river tile is small.
    if (a === 43 || a === 44 || a === 46 || a === 49) {
      const verb = I.callName({ 43: 'pon', 44: 'pon', 46: 'kan', 49: 'ron' }[a]);
      const name = I.tileName({ kind: target.tile >> 2, red: false });
      // "pon Red" could be a red five: dragons get their full name.
      return [verb, /^(White|Green|Red)$/.test(name) ? `${name} dragon` : name].join(' ') + (a === 44 ? I.t('act.with_red') : '');
    }
    if (a < 37 || a > 42) return actionName(a);
    const k = target.tile >> 2, n = (k % 9) + 1, suit = I.suitName('mps'[Math.floor(k / 9)]);
    const first = n - ((a - 37) % 3);
    return `${I.callName('chi')} ${first}-${first + 1}-${first + 2}${suit}${a >= 40 ? I.t('act.red5') : ''}`;
  }

  /** Seat 0's tile ids whose discard would declare riichi (state.riichi_tiles holds discard indices). */
  function riichiMarks(s) {
    if (!s || s.turn !== 0 || s.riichi_stage2 || !s.riichi_tiles.length || !Array.isArray(s.players[0].hand)) return [];
    return s.players[0].hand.filter((t) => s.riichi_tiles.includes(discardIndex(t)));
  }

  /** The tile id of seat 0's pending riichi discard (riichi_tile is a discard index); the drawn copy first. */
  function pendingTile(s) {
    if (!s || !s.riichi_stage2 || s.riichi_tile == null) return null;
    const p = s.players[0];
    if (!Array.isArray(p.hand)) return null;
    if (p.drawn != null && discardIndex(p.drawn) === s.riichi_tile) return p.drawn;
    return p.hand.find((t) => discardIndex(t) === s.riichi_tile) ?? null;
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'onclick') e.onclick = v; else if (k === 'class') e.className = v; else e.setAttribute(k, v);
    }
    for (const c of children.flat()) if (c != null) e.append(c.nodeType ? c : String(c));
    return e;
  }

  /** Shows a modal with `body` nodes and buttons [{label, value, id}]; resolves with the value. */
  function dialog(title, body, buttons) {
    return new Promise((resolve) => {
      const overlay = el('div', { class: 'overlay' });
      const box = el('div', { class: 'dialog', role: 'dialog' }, el('h2', {}, title), ...[].concat(body));
      const row = el('div', { class: 'buttons' });
      for (const b of buttons) {
        row.append(el('button', { id: b.id || '', class: b.primary ? 'primary' : '', onclick: () => { overlay.remove(); resolve(b.value); } }, b.label));
      }
      box.append(row);
      overlay.append(box);
      document.body.append(overlay);
    });
  }

  /**
   * Download links of a finished game in every log format (GET /api/game/{id}/export): the game's
   * cookie goes with them, so they work after a restart too and carry no secret in their URL.
   * `state`: the final table, whose wall line says how to check the walls.
   */
  function downloadNodes(session, state) {
    const formats = [['xml', 'Tenhou XML'], ['tenhou6', 'tenhou.net/6 JSON'], ['mjai', 'mjai lines']];
    return [el('p', { class: 'downloads' }, I.t('dl.label'), formats.flatMap(([format, label], i) => [i ? ' · ' : '',
      el('a', { href: `/api/game/${encodeURIComponent(session)}/export?format=${format}`, download: '', id: `download-${format}` }, label)])),
    ...wallNodes(state)];
  }

  /** How the walls were made: a seeded practice game, or the revealed secret and its commitment. */
  function wallNodes(state) {
    const w = state && state.game && state.game.wall;
    if (!w) return [];
    const key = w.kind === 'seeded' ? 'wall.seeded' : w.secret ? 'wall.revealed' : 'wall.committed';
    return [el('p', { class: 'wall-note muted', id: 'wall-note' }, I.t(key, { seed: w.seed, secret: w.secret, commitment: w.commitment }))];
  }

  /** Runs handlers one after another (animations, dialogs) in arrival order. */
  function serialQueue() {
    let tail = Promise.resolve();
    let pending = 0;
    return {
      push(fn) { pending++; tail = tail.then(fn).catch((e) => console.error(e)).finally(() => pending--); return tail; },
      get pending() { return pending; },
    };
  }

  const wait = (ms) => new Promise((r) => setTimeout(r, ms));

  /** Calls draw(progress 0→1) every frame for `ms`, easing out; resolves when done. */
  function animate(ms, draw) {
    return new Promise((resolve) => {
      if (!ms) { draw(1); resolve(); return; }
      const start = performance.now();
      const frame = (now) => {
        const t = Math.min(1, (now - start) / ms);
        draw(1 - (1 - t) * (1 - t));
        if (t < 1) requestAnimationFrame(frame); else resolve();
      };
      requestAnimationFrame(frame);
    });
  }

  global.MJ = { api, NO_ANSWER, ready, eventsUrl, downloadNodes, actionName, buttonLabel, riichiMarks, pendingTile, discardIndex, dialog, el, serialQueue, wait, animate, SEAT_NAMES };
})(window);
