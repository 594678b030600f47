// Replay page, the game log: read as bytes from a built-in sample, a file or a game of this
// server (POST /api/replay/load, then its steps from POST /api/replay/steps), analysed once the
// steps show (POST /api/replay/analysis), and downloaded in each format (POST /api/replay/export).
// replay.js makes it with create() and shows the steps.
(function (global) {
  'use strict';
  const { api, dialog, el, NO_ANSWER } = global.MJ;
  const I = global.MJI18n;
  const { t } = I;
  const $ = (id) => document.getElementById(id);

  // The log goes up as bytes (gzip mjlog, XML, tenhou.net/6 JSON or mjai lines): the server
  // recognises the format; reading it as text here would corrupt a gzip file.
  async function loadBytes(bytes) {
    const res = await fetch('/api/replay/load', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: bytes })
      .catch(() => { throw new Error(NO_ANSWER); });
    const data = await res.json().catch(() => null);
    if (!res.ok) {
      const err = new Error((data && data.detail) || `HTTP ${res.status}`);
      err.status = res.status; err.body = data;
      throw err;
    }
    return data;
  }

  /** The server's check of the walls against the log's commitment and revealed secret (or seed). */
  function showWallCheck(w) {
    const box = $('wall-check');
    if (!w || w.kind === 'none') { box.hidden = true; return; }
    box.hidden = false;
    box.className = w.ok === true ? 'ok' : w.ok === false ? 'bad' : 'info';
    const head = t(w.kind === 'seeded' ? 'wall.practice' : w.ok === true ? 'wall.ok' : w.ok === false ? 'wall.bad' : 'wall.info');
    box.replaceChildren(el('strong', {}, head), el('p', {}, w.message));
  }

  /** A hand's entry in the hand list: its number and round. */
  function labelOf(step, n) {
    const s = step && step.state;
    if (s && s.game && typeof s.game.round === 'number') return `${n + 1}. ${I.roundLabel(s.game.round, s.honba)}`;
    return s && s.game && s.game.round_label ? `${n + 1}. ${s.game.round_label}` : `Hand ${n + 1}`;
  }

  /** Loading into the page's `ui`; `status(text)`, `show(pos)` and `pause()` are the page's. */
  function create({ ui, status, show, pause }) {
    /** The analysis comes after the steps: the replay is usable at once, the panel fills in when it arrives. */
    async function analyse(load, paipu, summary) {
      try {
        const res = await api('/api/replay/analysis', { paipu });
        if (load !== ui.load) return;
        ui.analysis = res;
        status(`${summary}; analysed in ${Math.round(res.elapsed_ms)} ms`);
      } catch (e) {
        if (load !== ui.load) return;
        ui.analysisError = e.message;
      }
      show(ui.pos);
    }

    async function loadLog(bytes, name) {
      pause();
      const load = ++ui.load;
      status(`Loading ${name}…`);
      try {
        const loaded = await loadBytes(bytes);
        const res = await api('/api/replay/steps', { paipu: loaded.paipu });
        if (load !== ui.load) return;
        ui.paipu = loaded.paipu;
        ui.format = loaded.format;
        showWallCheck(loaded.wall);
        ui.analysis = null;
        ui.analysisError = null;
        for (const b of document.querySelectorAll('[data-export]')) b.disabled = false;
        ui.steps = res.steps;
        ui.kyokuIndices = res.kyoku_indices;
        ui.name = name;
        $('progress').max = String(Math.max(0, res.total - 1));
        $('kyoku').replaceChildren(...res.kyoku_indices.map((i, n) => el('option', { value: String(i) }, labelOf(ui.steps[i], n))));
        const summary = res.total ? `${name} (${loaded.format}): ${res.total} steps, ${res.kyoku_indices.length} hands` : `${name}: no hand to replay (the log deals none)`;
        status(summary);
        show(0);
        if (res.total) analyse(load, loaded.paipu, summary);
        if (res.total && window.MJReview) window.MJReview.load(loaded.paipu, { pos: () => ui.pos, seat: () => ui.seat, show: (p) => { pause(); show(p); } });
      } catch (e) {
        status(`Could not load ${name}: ${e.message}`);
        const line = e.body && e.body.line ? ` (line ${e.body.line})` : '';
        await dialog('Could not load the log', [el('p', {}, e.message + line)], [{ label: 'OK', value: 1, id: 'error-ok' }]);
      }
    }

    async function loadSamples() {
      try {
        const res = await api('/api/replay/builtin');
        $('sample').append(...res.paipu_files.map((f) => el('option', { value: f }, f)));
      } catch (e) {
        status(`Samples unavailable: ${e.message}`);
      }
    }

    /** A server that does not answer (stopped, network gone) is said so, not left as an unhandled rejection. */
    const unreachable = (what) => status(`Could not ${what}: ${NO_ANSWER}`);

    $('load-sample').onclick = async () => {
      const name = $('sample').value;
      if (!name) return;
      let bytes;
      try {
        const res = await fetch(`/api/replay/builtin/${encodeURIComponent(name)}`);
        if (!res.ok) { status(`Could not fetch ${name}`); return; }
        bytes = await res.arrayBuffer();
      } catch {
        unreachable(`fetch ${name}`);
        return;
      }
      loadLog(bytes, name);
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
        let blob;
        try {
          const res = await fetch(`/api/replay/export?format=${format}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ paipu: ui.paipu }) });
          if (!res.ok) { status(`Export failed: HTTP ${res.status}`); return; }
          blob = await res.blob();
        } catch {
          unreachable('export the game');
          return;
        }
        const url = URL.createObjectURL(blob);
        const base = (ui.name || 'game').replace(/\.(mjlog|xml|json|jsonl|txt|gz)$/i, '');
        const a = el('a', { href: url, download: `${base}.${{ xml: 'mjlog', tenhou6: 'json', mjai: 'jsonl' }[format]}` });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      };
    }

    /**
     * /replay?session=<id> replays a game played on this server (its Tenhou XML); /replay?game=<id>
     * a finished game from the history (GET /api/games/{id}/export). The game's cookies open both;
     * a session whose own cookie is gone (or the admin's game) is read from the history's path.
     */
    function openFromUrl(params) {
      const session = params.get('session');
      const game = params.get('game');
      const stored = (id) => fetch(`/api/games/${encodeURIComponent(id)}/export?format=xml`);
      if (session) {
        window.MJ.ready.then(async () => {
          let res = await fetch(`/api/game/${encodeURIComponent(session)}/mjlog`);
          if (!res.ok) res = await stored(session);
          if (res.ok) loadLog(await res.arrayBuffer(), `game ${session.slice(0, 8)}`);
          else status(`Game ${session.slice(0, 8)} is no longer on the server`);
        }).catch(() => unreachable(`load game ${session.slice(0, 8)}`));
      } else if (game) {
        window.MJ.ready.then(() => stored(game)).then(async (res) => {
          if (res.ok) loadLog(await res.arrayBuffer(), `game ${game.slice(0, 8)}`);
          else status(`Game ${game.slice(0, 8)} could not be read (HTTP ${res.status})`);
        }).catch(() => unreachable(`load game ${game.slice(0, 8)}`));
      }
    }

    return { loadSamples, openFromUrl };
  }

  global.MJReplayLog = { create, labelOf };
})(window);
