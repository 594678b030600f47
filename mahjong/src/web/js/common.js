// Helpers shared by the three pages: JSON calls, action names, dialogs, result text.
(function (global) {
  'use strict';
  const T = global.MJTiles;
  const I = global.MJI18n;
  const SEAT_NAMES = ['East seat', 'South seat', 'West seat', 'North seat'];

  // Each game's token (from POST /api/game/new) is kept in localStorage, so a reload of the page
  // resumes the game, and sent with every call about that game.
  const TOKEN_KEY = (id) => `mj-token:${id}`;
  function rememberToken(id, token) {
    try { localStorage.setItem(TOKEN_KEY(id), token); } catch { /* private mode: this tab only */ }
    tokens[id] = token;
  }
  const tokens = {};
  function tokenOf(id) {
    if (tokens[id]) return tokens[id];
    try { return localStorage.getItem(TOKEN_KEY(id)); } catch { return null; }
  }
  /** The event stream of a game (EventSource cannot send headers: the token goes in the query). */
  function eventsUrl(id) {
    const token = tokenOf(id);
    return `/api/game/${id}/events${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  async function api(path, body, method) {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const game = /^\/api\/game\/([^/?]+)/.exec(path);
    const token = game && tokenOf(decodeURIComponent(game[1]));
    if (token) headers['x-session-token'] = token;
    const init = body === undefined ? { method: method || 'GET', headers } : { method: method || 'POST', headers, body: JSON.stringify(body) };
    const res = await fetch(path, init);
    if (path === '/api/game/new' && res.ok) {
      const created = await res.clone().json().catch(() => null);
      if (created && created.session_id && created.token) rememberToken(created.session_id, created.token);
    }
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

  /** "P2 (West, you)": the seat, its wind and whether the state's viewer sits there. */
  function seatLabel(state, seat) {
    const p = state && state.players[seat];
    const wind = p && I.seatWindName(p.wind);
    // On the human page the state is seen by its player: say which seat that is.
    const you = state && state.viewer === seat ? I.t('seat.you') : '';
    const notes = [wind, you].filter(Boolean).join(', ');
    return `P${seat}${notes ? ` (${notes})` : ''}`;
  }

  /** A small canvas showing a row of tiles (a winning hand in the result dialog). */
  function tileStrip(tiles, melds, winTile) {
    const tw = 26, th = 36, gap = 8;
    const meldTiles = (melds || []).reduce((n, m) => n + m.tiles.length, 0);
    const width = (tiles.length + meldTiles + (winTile != null ? 1 : 0)) * tw + ((melds || []).length + 1) * gap + 4;
    const dpr = global.devicePixelRatio || 1;
    const c = el('canvas', { class: 'strip', width: String(Math.round(width * dpr)), height: String(Math.round((th + 4) * dpr)) });
    c.style.width = `${width}px`;
    c.style.maxWidth = '100%';
    const ctx = c.getContext('2d');
    ctx.scale(dpr, dpr);
    let x = 1;
    for (const t of tiles) { T.drawTile(ctx, t, x, 1, tw - 1, th); x += tw; }
    if (winTile != null) { x += gap; T.drawTile(ctx, winTile, x, 1, tw - 1, th, { highlight: true }); x += tw; }
    for (const m of melds || []) {
      x += gap;
      for (const t of m.tiles) { T.drawTile(ctx, t, x, 1, tw - 1, th); x += tw; }
    }
    return c;
  }

  /** Nodes describing one hand's result (state.result, HandResultView): yaku, han, fu, points, score changes. */
  function resultNodes(result, state) {
    if (!result) return [el('p', {}, I.t('turn.hand_over'))];
    const nodes = [];
    for (const w of result.wins) {
      nodes.push(el('h3', {}, w.who === w.from_who ? I.t('res.wins_tsumo', { who: seatLabel(state, w.who) })
        : I.t('res.wins_ron', { who: seatLabel(state, w.who), from: seatLabel(state, w.from_who) })));
      // The closed hand, the winning tile outlined, then the melds.
      const p = state && state.players[w.who];
      const rest = w.hand.slice();
      const at = rest.indexOf(w.machi);
      if (at >= 0) rest.splice(at, 1);
      nodes.push(tileStrip(rest.sort((a, b) => a - b), p && p.melds, at >= 0 ? w.machi : null));
      const yaku = w.yaku.map((y) => el('li', { 'data-yaku': String(y.id) }, I.t('res.yaku', { name: I.yakuName(y.id, y.name), han: y.han })));
      if (yaku.length) nodes.push(el('ul', { class: 'yaku' }, yaku));
      nodes.push(el('p', { class: 'points' }, `${I.t('res.han_fu', { han: w.han, fu: w.fu })} · ${I.t('res.points', { n: w.points })}${w.limit_name ? ` (${I.limitName(w.limit_name)})` : ''}`));
    }
    if (!result.wins.length) {
      const kind = result.kind ? I.drawName(result.kind, result.kind_name) : result.kind_name;
      nodes.push(el('h3', {}, `${I.t('res.draw')}${kind ? `: ${kind}` : ''}`));
      if (result.tenpai) {
        nodes.push(el('p', { class: 'tenpai' }, result.tenpai.length ? I.t('res.tenpai', { who: result.tenpai.map((i) => seatLabel(state, i)).join(', ') }) : I.t('res.nobody_tenpai')));
      }
    }
    nodes.push(el('table', { class: 'scores' }, result.deltas.map((d, i) =>
      el('tr', {}, el('td', {}, seatLabel(state, i)), el('td', { class: d > 0 ? 'plus' : d < 0 ? 'minus' : '' }, d > 0 ? `+${d}` : String(d))))));
    return nodes;
  }

  /** Final standings (state.game): scores and placements, and Tenhou points once the game is over. */
  function finalNodes(state) {
    const game = state.game;
    const owari = game.owari;
    const scores = owari ? owari.scores : game.scores;
    const points = owari ? owari.points : null;
    const order = scores.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i);
    return [el('table', { class: 'scores final' },
      el('tr', {}, el('th', {}, I.t('tbl.place')), el('th', {}, I.t('tbl.player')), el('th', {}, I.t('tbl.score')), points ? el('th', {}, I.t('tbl.points')) : null),
      order.map((o, rank) => el('tr', {}, el('td', {}, String(rank + 1)), el('td', {}, seatLabel(state, o.i)),
        el('td', {}, String(o.s)), points ? el('td', {}, String(points[o.i])) : null)))];
  }

  /** Download links of a finished game in every log format (GET /api/game/{id}/export). */
  function downloadNodes(session) {
    const formats = [['xml', 'Tenhou XML'], ['tenhou6', 'tenhou.net/6 JSON'], ['mjai', 'mjai lines']];
    return [el('p', { class: 'downloads' }, I.t('dl.label'), formats.flatMap(([format, label], i) => [i ? ' · ' : '',
      el('a', { href: `/api/game/${encodeURIComponent(session)}/export?format=${format}`, download: '', id: `download-${format}` }, label)]))];
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

  global.MJ = { api, eventsUrl, tokenOf, downloadNodes, actionName, buttonLabel, riichiMarks, pendingTile, discardIndex, dialog, el, seatLabel, resultNodes, finalNodes, serialQueue, wait, animate, SEAT_NAMES };
})(window);
