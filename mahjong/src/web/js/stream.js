// A game's event stream that survives a lost connection (a restarted server, a dropped network):
// when the EventSource fails, a "connection lost — reconnecting…" notice shows; the page retries
// with backoff (0.5 s doubling to 8 s), each time first reading the state endpoint (so whatever
// happened meanwhile is shown), then opening a new stream; the notice hides once it is open.
(function (global) {
  'use strict';
  const I = global.MJI18n;
  const FIRST_MS = 500;
  const MAX_MS = 8000;

  /** The notice element (one per page), created on first use. */
  function notice(show) {
    let box = global.document.getElementById('conn-lost');
    if (!box && !show) return;
    if (!box) {
      box = global.document.createElement('div');
      box.id = 'conn-lost';
      box.className = 'conn-lost';
      box.setAttribute('role', 'status');
      box.setAttribute('data-i18n', 'conn.lost');
      box.textContent = I.t('conn.lost');
      global.document.body.append(box);
    }
    box.hidden = !show;
  }

  /**
   * Opens the stream at `url()` and passes each event's parsed data to `handlers[type]`.
   * `resync()` is called before every reconnection: it reads the state endpoint and resolves
   * true to reconnect, or false when there is nothing to reconnect to (the game is gone); a
   * rejection (still offline) waits for the next attempt. `close()` ends it all.
   */
  function connect({ url, handlers, resync }) {
    let es = null, timer = null, attempt = 0, lost = false, closed = false;

    function open() {
      es = new EventSource(url());
      for (const [type, fn] of Object.entries(handlers)) {
        // A server's `event: error` carries data; the browser's own error events have none.
        es.addEventListener(type, (e) => { if (e.data) fn(JSON.parse(e.data)); });
      }
      es.addEventListener('open', () => {
        attempt = 0;
        if (lost) { lost = false; notice(false); }
      });
      es.addEventListener('error', (e) => {
        if (e.data !== undefined || closed) return;
        // The browser would retry by itself, but without backoff or a state read first.
        es.close();
        if (!lost) { lost = true; notice(true); }
        schedule();
      });
    }

    function schedule() {
      clearTimeout(timer);
      const ms = Math.min(MAX_MS, FIRST_MS * 2 ** attempt++);
      timer = setTimeout(retry, ms);
    }

    async function retry() {
      if (closed) return;
      let again;
      try {
        again = await resync();
      } catch {
        if (!closed) schedule();
        return;
      }
      if (closed) return;
      if (again === false) { stop(); return; }
      open();
    }

    function stop() {
      closed = true;
      clearTimeout(timer);
      if (es) es.close();
      if (lost) { lost = false; notice(false); }
    }

    open();
    return {
      close: stop,
      /** True while the stream is open (not while reconnecting). */
      get open() { return !!es && es.readyState === EventSource.OPEN; },
      get lost() { return lost; },
    };
  }

  global.MJStream = { connect };
})(window);
