/**
 * A minimal mjai bot behind a WebSocket on port 0, for the tests: discards what it draws, answers
 * `none` to everything else, and keeps every event it was sent (`got`).
 */
export function startWebSocketBot() {
  const got: Record<string, unknown>[] = [];
  const server = Bun.serve<{ me: number }>({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req, srv) { return srv.upgrade(req, { data: { me: -1 } }) ? undefined : new Response('upgrade', { status: 426 }); },
    websocket: {
      message(ws, msg) {
        const ev = JSON.parse(String(msg));
        got.push(ev);
        if (ev.type === 'start_game') ws.data.me = ev.id;
        ws.send(ev.type === 'tsumo' && ev.actor === ws.data.me ? JSON.stringify({ type: 'dahai', actor: ws.data.me, pai: ev.pai, tsumogiri: true }) : '{"type":"none"}');
      },
    },
  });
  return { url: `ws://127.0.0.1:${server.port}/`, got, stop: () => server.stop(true) };
}
