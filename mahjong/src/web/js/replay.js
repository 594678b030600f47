// Replay page: a game log becomes a list of steps (POST /api/replay/steps), each with the full
// table state (all four hands visible); the controls move through that list.
(function () {
  'use strict';
  const { api, dialog, el } = window.MJ;
  const $ = (id) => document.getElementById(id);
  const canvas = $('table');
  const ui = { steps: [], kyokuIndices: [], pos: 0, timer: null, name: '' };
  window.__mj = ui;
  const status = (t) => { $('status').textContent = t; };

  function show(pos) {
    if (!ui.steps.length) {
      // A log that deals no hand (only its header) loads fine but has nothing to show: say so,
      // rather than asking the user to load the log they just loaded.
      $('counter').textContent = '0 / 0';
      $('describe').textContent = '';
      MJTable.draw(canvas, null, { banner: ui.name ? `${ui.name}: no hand to replay` : 'Load a built-in sample or upload a game log (Tenhou XML or mjlog, tenhou.net/6 JSON, mjai)' });
      return;
    }
    ui.pos = Math.max(0, Math.min(ui.steps.length - 1, pos));
    const step = ui.steps[ui.pos];
    const last = step.event_type === 'discard' ? { player: step.player, action: 0 } : null;
    ui.hits = MJTable.draw(canvas, step.state, { viewer: 0, showAll: true, last }); // read by the browser tests
    $('progress').value = String(ui.pos);
    $('counter').textContent = `${ui.pos + 1} / ${ui.steps.length}`;
    $('describe').textContent = step.description;
    const k = ui.kyokuIndices.filter((i) => i <= ui.pos).length - 1;
    if (k >= 0) $('kyoku').value = String(ui.kyokuIndices[k]);
  }

  function pause() {
    if (ui.timer) clearInterval(ui.timer);
    ui.timer = null;
    $('play').textContent = 'Play';
  }

  function play() {
    if (ui.timer) { pause(); return; }
    if (ui.pos >= ui.steps.length - 1) show(0);
    $('play').textContent = 'Pause';
    ui.timer = setInterval(() => {
      if (ui.pos >= ui.steps.length - 1) { pause(); return; }
      show(ui.pos + 1);
    }, Number($('speed').value));
  }

  // The log goes up as bytes (gzip mjlog, XML, tenhou.net/6 JSON or mjai lines): the server
  // recognises the format; reading it as text here would corrupt a gzip file.
  async function loadBytes(bytes, name) {
    const res = await fetch('/api/replay/load', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    const data = await res.json().catch(() => null);
    if (!res.ok) {
      const err = new Error((data && data.detail) || `HTTP ${res.status}`);
      err.status = res.status; err.body = data;
      throw err;
    }
    return data;
  }

  async function loadLog(bytes, name) {
    pause();
    status(`Loading ${name}…`);
    try {
      const loaded = await loadBytes(bytes, name);
      const res = await api('/api/replay/steps', { paipu: loaded.paipu });
      ui.paipu = loaded.paipu;
      ui.format = loaded.format;
      for (const b of document.querySelectorAll('[data-export]')) b.disabled = false;
      ui.steps = res.steps;
      ui.kyokuIndices = res.kyoku_indices;
      ui.name = name;
      $('progress').max = String(Math.max(0, res.total - 1));
      $('kyoku').replaceChildren(...res.kyoku_indices.map((i, n) => el('option', { value: String(i) }, labelOf(ui.steps[i], n))));
      status(res.total ? `${name} (${loaded.format}): ${res.total} steps, ${res.kyoku_indices.length} hands` : `${name}: no hand to replay (the log deals none)`);
      show(0);
    } catch (e) {
      status(`Could not load ${name}: ${e.message}`);
      const line = e.body && e.body.line ? ` (line ${e.body.line})` : '';
      await dialog('Could not load the log', [el('p', {}, e.message + line)], [{ label: 'OK', value: 1, id: 'error-ok' }]);
    }
  }

  function labelOf(step, n) {
    const s = step && step.state;
    return s && s.game && s.game.round_label ? `${n + 1}. ${s.game.round_label}` : `Hand ${n + 1}`;
  }

  function jumpHand(dir) {
    const cur = ui.kyokuIndices.filter((i) => i <= ui.pos).length - 1;
    const target = ui.kyokuIndices[Math.max(0, Math.min(ui.kyokuIndices.length - 1, cur + dir))];
    if (target !== undefined) show(target);
  }

  async function loadSamples() {
    try {
      const res = await api('/api/replay/builtin');
      $('sample').append(...res.paipu_files.map((f) => el('option', { value: f }, f)));
    } catch (e) {
      status(`Samples unavailable: ${e.message}`);
    }
  }

  $('load-sample').onclick = async () => {
    const name = $('sample').value;
    if (!name) return;
    const res = await fetch(`/api/replay/builtin/${encodeURIComponent(name)}`);
    if (!res.ok) { status(`Could not fetch ${name}`); return; }
    loadLog(await res.arrayBuffer(), name);
  };
  $('file').onchange = async (e) => {
    const file = e.target.files[0];
    if (file) loadLog(await file.arrayBuffer(), file.name);
  };
  // Download the loaded game in each format (POST /api/replay/export).
  for (const b of document.querySelectorAll('[data-export]')) {
    b.onclick = async () => {
      if (!ui.paipu) return;
      const format = b.dataset.export;
      const res = await fetch(`/api/replay/export?format=${format}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ paipu: ui.paipu }) });
      if (!res.ok) { status(`Export failed: HTTP ${res.status}`); return; }
      const url = URL.createObjectURL(await res.blob());
      const base = (ui.name || 'game').replace(/\.(mjlog|xml|json|jsonl|txt|gz)$/i, '');
      const a = el('a', { href: url, download: `${base}.${{ xml: 'mjlog', tenhou6: 'json', mjai: 'jsonl' }[format]}` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    };
  }
  $('play').onclick = play;
  $('forward').onclick = () => { pause(); show(ui.pos + 1); };
  $('back').onclick = () => { pause(); show(ui.pos - 1); };
  $('next-hand').onclick = () => { pause(); jumpHand(1); };
  $('prev-hand').onclick = () => { pause(); jumpHand(-1); };
  $('progress').oninput = (e) => { pause(); show(Number(e.target.value)); };
  $('kyoku').onchange = (e) => { pause(); show(Number(e.target.value)); };
  $('speed').onchange = () => { if (ui.timer) { pause(); play(); } };
  window.addEventListener('keydown', (e) => {
    // The slider and the selects move on arrows themselves; stepping too made one press two steps.
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    if (e.key === 'ArrowRight') $('forward').click();
    else if (e.key === 'ArrowLeft') $('back').click();
    else if (e.key === ' ') { e.preventDefault(); play(); }
  });
  window.addEventListener('resize', () => show(ui.pos));
  show(0);
  loadSamples();
  // /replay?session=<id> replays a game played on this server (its Tenhou XML).
  const session = new URLSearchParams(location.search).get('session');
  if (session) {
    fetch(`/api/game/${encodeURIComponent(session)}/mjlog`).then(async (res) => {
      if (res.ok) loadLog(await res.arrayBuffer(), `game ${session.slice(0, 8)}`);
      else status(`Game ${session.slice(0, 8)} is no longer on the server`);
    });
  }
})();
