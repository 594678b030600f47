// modelproxy dashboard: reads /dashboard/api (state, usage, live events) and renders it; no
// library, no CDN. The client token, when the proxy needs one, lives only in this page's memory.
'use strict';
(() => {
  const API = '/dashboard/api';
  let token = '';
  const $ = (sel) => document.querySelector(sel);
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'class') node.className = v;
      else if (k.startsWith('data-')) node.setAttribute(k, v);
      else node[k] = v;
    }
    for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    return node;
  };
  // A used-up plan window rests the key; a refusal and a brief cooling are named as such.
  const BADGE = { exhausted: 'resting', refused: 'refused', cooling: 'cooling', rechecking: 'rechecking', serving: 'serving', placeholder: 'placeholder' };
  const headers = () => (token ? { authorization: `Bearer ${token}` } : {});
  // After a 401 the page asks nothing more of the proxy until a token is given: a page left open
  // without one would otherwise be refused (and logged) every few seconds.
  let needsToken = false;
  let tokenGiven = [];
  const untilToken = () => new Promise((resolve) => tokenGiven.push(resolve));

  // When the page last heard from the proxy, for the message that says it stopped answering.
  let answeredAt = null;
  async function api(path, init = {}) {
    let res;
    try {
      res = await fetch(`${API}${path}`, { ...init, headers: { ...headers(), ...(init.headers || {}) } });
    } catch {
      const since = answeredAt ? `; what is shown is from ${pad(answeredAt.getHours())}:${pad(answeredAt.getMinutes())}` : '';
      throw new Error(`the proxy is not answering (stopped, or restarting)${since}`);
    }
    answeredAt = new Date();
    if (res.status === 401) {
      needsToken = true;
      $('#token-form').hidden = false;
      throw new Error(token ? 'the proxy refused this client token: enter the one in server.auth_token' : 'the proxy needs its client token');
    }
    const body = await res.json();
    if (!res.ok) throw new Error(body && body.error ? body.error.message : `HTTP ${res.status}`);
    return body;
  }

  const pad = (n) => String(n).padStart(2, '0');
  const clock = (iso) => {
    const d = new Date(iso);
    const sameDay = d.toDateString() === new Date().toDateString();
    return `${sameDay ? '' : `${d.toDateString().slice(4, 10)} `}${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };
  const inText = (ms) => {
    const s = Math.max(0, Math.ceil(ms / 1000));
    if (s < 60) return `${s} s`;
    const m = Math.ceil(s / 60);
    if (m < 60) return `${m} min`;
    const h = Math.floor(m / 60);
    const d = Math.floor(h / 24);
    if (d > 0) return `${d} d ${h % 24} h`;
    return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  };
  const until = (iso) => (iso ? `until ${clock(iso)} (in ${inText(Date.parse(iso) - Date.now())})` : '');
  const num = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n));

  function bar(window) {
    if (!window) return el('span', { class: 'dim' }, '—');
    const left = Math.max(0, Math.min(100, window.remaining_percent));
    const level = left <= 10 ? 'low' : left <= 25 ? 'mid' : 'ok';
    return el('div', { class: 'quota' },
      el('div', { class: `bar ${level}`, title: `${left}% left` }, el('span', { style: `width:${left}%` })),
      el('span', { class: 'quota-text' }, `${left}% left${window.reset_at ? ` · resets ${clock(window.reset_at)}` : ''}`));
  }

  function renderState(s) {
    $('#loaded').textContent = `config loaded ${clock(s.loaded_at)}${s.config_path ? ` from ${s.config_path}` : ''}`;
    const problems = $('#problems');
    problems.replaceChildren(...(s.problems.length ? s.problems.map((p) => el('li', {}, p)) : [el('li', { class: 'dim none' }, 'none')]));
    $('#keys tbody').replaceChildren(...s.keys.map((k) => {
      const q = k.quota;
      return el('tr', { class: `key state-${k.state}`, 'data-key': `${k.provider}#${k.index}` },
        el('td', { 'data-label': 'key' }, el('b', {}, `${k.provider}#${k.index}`), ' ', el('span', { class: 'dim' }, k.key), k.note ? el('span', { class: 'dim' }, ` (${k.note})`) : ''),
        el('td', { 'data-label': 'state', class: 'state' }, el('span', { class: `badge ${k.state}` }, BADGE[k.state] || k.state), k.reason ? el('span', { class: 'reason' }, ` ${k.reason}`) : ''),
        el('td', { 'data-label': 'rest', class: 'until' }, until(k.until)),
        el('td', { 'data-label': '5-hour' }, bar(q && q.five_hour)),
        el('td', { 'data-label': 'weekly' }, bar(q && q.weekly)));
    }));
    $('#routes tbody').replaceChildren(...s.routes.map((r) => el('tr', { class: `route${r.open ? '' : ' closed'}`, 'data-route': r.id },
      el('td', { 'data-label': 'route' }, r.id),
      el('td', { 'data-label': 'match' }, el('code', {}, r.match)),
      el('td', { 'data-label': 'when' }, r.schedule ? `${r.schedule} (${r.open ? 'open now' : 'closed now'})` : 'always'),
      el('td', { 'data-label': 'targets' }, r.targets.map((t) => `${t.provider}/${t.model || '(client model)'}`).join(' → ')),
      el('td', { 'data-label': 'serving now', class: 'serving' }, r.serving || (r.open ? 'no usable key' : '—')))));
  }

  function chart(title, groups, currency) {
    const rows = groups.filter((g) => g.group !== 'total');
    const tokens = (g) => g.input_tokens + g.output_tokens + g.cache_read_tokens + g.cache_write_tokens;
    const max = Math.max(1, ...rows.map(tokens));
    const width = 320;
    const rowH = 22;
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', `0 0 ${width} ${Math.max(1, rows.length) * rowH}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', title);
    rows.forEach((g, i) => {
      const y = i * rowH;
      const parts = [['input', g.input_tokens], ['cache', g.cache_read_tokens + g.cache_write_tokens], ['output', g.output_tokens]];
      let x = 120;
      for (const [kind, value] of parts) {
        const w = (value / max) * (width - 130);
        const rect = document.createElementNS(ns, 'rect');
        rect.setAttribute('x', String(x));
        rect.setAttribute('y', String(y + 4));
        rect.setAttribute('width', String(Math.max(0, w)));
        rect.setAttribute('height', String(rowH - 8));
        rect.setAttribute('class', `seg ${kind}`);
        svg.append(rect);
        x += w;
      }
      const label = document.createElementNS(ns, 'text');
      label.setAttribute('x', '0');
      label.setAttribute('y', String(y + rowH - 7));
      label.textContent = g.key ? `${g.group}` : g.group;
      svg.append(label);
    });
    const legend = rows.map((g) => el('li', { 'data-group': g.group },
      `${g.group}: ${num(tokens(g))} tokens${g.cost !== null ? ` · ${g.cost.toFixed(4)} ${currency}` : ''}${g.failures ? ` · ${g.failures} failed ${g.failures === 1 ? 'try' : 'tries'}` : ''}`));
    return el('figure', { class: 'chart' }, el('figcaption', {}, title), rows.length ? svg : el('p', { class: 'dim' }, 'nothing recorded'), el('ul', { class: 'legend' }, ...legend));
  }

  function renderUsage(u) {
    $('#days').textContent = String(u.days);
    $('#charts-key').hidden = false;
    $('#charts').replaceChildren(
      chart('per day', u.by_day, u.currency), chart('per provider', u.by_provider, u.currency),
      chart('per key', u.by_key, u.currency), chart('per model', u.by_model, u.currency));
  }

  function addRequest(r) {
    const tokens = r.input_tokens === undefined && r.output_tokens === undefined ? '—'
      : `in ${num((r.input_tokens || 0) + (r.cache_read_tokens || 0) + (r.cache_write_tokens || 0))} · out ${num(r.output_tokens || 0)}`;
    const target = r.provider ? `${r.provider}${r.key_index ? `#${r.key_index}` : ''} ${r.model_out || ''}` : '—';
    const row = el('tr', { class: `request ${r.status >= 400 ? 'failed' : 'ok'}` },
      el('td', { 'data-label': 'time' }, clock(r.time)),
      el('td', { 'data-label': 'model' }, r.model_in || '—'),
      el('td', { 'data-label': 'target' }, target),
      el('td', { 'data-label': 'status', class: 'status' }, String(r.status), r.completed ? '' : ' (cut)'),
      el('td', { 'data-label': 'latency' }, `${Math.round(r.latency_ms)} ms`),
      el('td', { 'data-label': 'tokens' }, tokens));
    const body = $('#requests tbody');
    body.prepend(row);
    while (body.children.length > 100) body.lastChild.remove();
  }

  let refreshing = null;
  async function refresh() {
    if (needsToken) return;
    try {
      renderState(await api('/state'));
      renderUsage(await api('/usage'));
      $('#error').hidden = true;
    } catch (e) {
      $('#error').textContent = e.message;
      $('#error').hidden = false;
    }
  }
  const soon = () => {
    clearTimeout(refreshing);
    refreshing = setTimeout(refresh, 300);
  };

  // The live stream through fetch rather than EventSource, which cannot send the token header.
  async function stream() {
    for (;;) {
      try {
        if (needsToken) {
          $('#stream-state').textContent = 'waiting for the client token';
          await untilToken();
        }
        const res = await fetch(`${API}/events`, { headers: headers() });
        if (res.status === 401) {
          needsToken = true;
          $('#token-form').hidden = false;
          continue;
        }
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        $('#stream-state').textContent = 'live';
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buffer.indexOf('\n\n')) !== -1) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = frame.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
            if (frame.includes('event: request') && data) {
              addRequest(JSON.parse(data));
              soon();
            }
          }
        }
      } catch {
        // reconnect below
      }
      $('#stream-state').textContent = 'reconnecting…';
      await new Promise((r) => setTimeout(r, 2000));
    }
  }

  $('#reload').addEventListener('click', async () => {
    const out = $('#reload-result');
    out.textContent = 'reloading…';
    try {
      const r = await api('/reload', { method: 'POST' });
      out.textContent = r.ok ? 'reloaded' : `rejected: ${r.reason}`;
    } catch (e) {
      out.textContent = e.message;
    }
    refresh();
  });
  $('#token-form').addEventListener('submit', (e) => {
    e.preventDefault();
    token = $('#token').value;
    $('#token-form').hidden = true;
    needsToken = false;
    const waiting = tokenGiven;
    tokenGiven = [];
    for (const resume of waiting) resume();
    refresh();
  });

  refresh();
  setInterval(refresh, 5000);
  stream();
})();
