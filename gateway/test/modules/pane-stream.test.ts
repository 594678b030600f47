import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Terminal } from '@xterm/headless';
import type { RunningServer } from '../../src/server';
import type { Screen } from '../../src/tmux';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const env = testEnv('pane-stream');
let server: RunningServer;
const clients: WsClient[] = [];
afterAll(() => teardown(() => { for (const c of clients) c.close(); }, () => server?.stop(), env.cleanup));

beforeAll(async () => {
  server = await startTestServer(env.config({ window_width: 80, window_height: 20 }));
});

async function channelSocket(channel: string): Promise<WsClient> {
  const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/${channel}`);
  clients.push(ws);
  return ws;
}

/** An xterm fed every pane.output the socket received: what a browser would show. */
function viewer(cols: number, rows: number) {
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  const text = () => Array.from({ length: rows }, (_, i) => term.buffer.active.getLine(i)?.translateToString(true) ?? '').join('\n').replace(/\n+$/, '');
  return { term, write, text };
}

const paneText = async (channel: string) => {
  const res = await fetch(`${server.url}/api/v1/sessions/${channel}/pane`);
  return ((await res.json()) as { content: string }).content.replace(/\n+$/, '');
};

describe('pane.subscribe', () => {
  it('sends the whole screen, then changed rows, which an xterm of that size turns into what tmux shows', async () => {
    const ws = await channelSocket('watch');
    await ws.request({ type: 'session.create', provider: 'shell', work_dir: env.dir, channel_id: 'watch' });
    await waitFor(async () => (await paneText('watch')).trim(), 'prompt');
    const subscribed = await ws.request({ type: 'pane.subscribe' });
    expect(subscribed).toMatchObject({ type: 'pane.subscribed', channel_id: 'watch', window_id: expect.stringMatching(/^@\d+$/), cols: 80, rows: 20 });
    const first = ws.messages.find((m) => m.type === 'pane.output')!;
    expect(first).toMatchObject({ channel_id: 'watch', cols: 80, rows: 20, full: true });
    const view = viewer(80, 20);
    const fed = new Set<unknown>();
    const feed = async () => {
      for (const m of ws.messages) if (m.type === 'pane.output' && !fed.has(m)) { fed.add(m); await view.write(String(m.data)); }
    };
    await feed();
    expect(view.text()).toBe(await paneText('watch'));

    await ws.request({ type: 'input', text: 'for i in 1 2 3; do echo streamed-$((i*7)); done' });
    await waitFor(async () => (await paneText('watch')).includes('streamed-21'), 'output in tmux');
    await waitFor(async () => { await feed(); return view.text() === (await paneText('watch')); }, 'the xterm to match the pane');
    expect(view.text()).toContain('streamed-14');
    const diffs = ws.messages.filter((m) => m.type === 'pane.output' && m.full === false);
    expect(diffs.length).toBeGreaterThan(0);
    // A diff redraws rows, never the whole screen: no clear-screen in it.
    for (const d of diffs) expect(String(d.data)).not.toContain('\x1b[2J');
    view.term.dispose();
  });

  it('gives a late watcher the whole screen, stops after pane.unsubscribe and refuses an unbound channel', async () => {
    const a = await channelSocket('two');
    await a.request({ type: 'session.create', provider: 'shell', work_dir: env.dir, channel_id: 'two' });
    await waitFor(async () => (await paneText('two')).trim(), 'prompt');
    await a.request({ type: 'pane.subscribe' });
    await a.request({ type: 'input', text: 'echo before-late' });
    await waitFor(async () => (await paneText('two')).includes('before-late'), 'echo');
    const b = await channelSocket('two');
    await b.request({ type: 'pane.subscribe' });
    const full = b.messages.find((m) => m.type === 'pane.output')!;
    expect(full.full).toBe(true);
    const view = viewer(80, 20);
    await view.write(String(full.data));
    expect(view.text()).toContain('before-late');
    view.term.dispose();

    expect(await b.request({ type: 'pane.unsubscribe' })).toMatchObject({ type: 'pane.unsubscribed', channel_id: 'two' });
    b.messages.length = 0;
    await a.request({ type: 'input', text: 'echo after-unsubscribe' });
    await a.next((m) => m.type === 'pane.output' && String(m.data).includes('after-unsubscribe'));
    await b.request({ type: 'ping' });
    expect(b.messages.filter((m) => m.type === 'pane.output')).toEqual([]);

    expect(await b.request({ type: 'pane.subscribe', channel_id: 'nobody' })).toMatchObject({ type: 'error', message: 'No session for channel nobody' });
  });

  it('stops capturing for a socket that closed while its pane.subscribe waited for the first capture', async () => {
    for (const channel of ['closed-early', 'sentinel']) {
      const res = await fetch(`${server.url}/api/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ provider: 'shell', work_dir: env.dir, channel_id: channel }) });
      expect(res.status).toBe(200);
    }
    const early = server.gateway.ctx.store.session('closed-early')!.window_id;
    const sentinel = server.gateway.ctx.store.session('sentinel')!.window_id;
    const tmux = server.gateway.ctx.tmux;
    const capture = tmux.captureScreen;
    const captured = new Map<string, number>();
    const baseline = server.hub.counts().sockets;
    // The first capture returns only once the server has handled the socket's close: the race, every time.
    let hold = true;
    tmux.captureScreen = async (windowId: string): Promise<Screen> => {
      const screen = await capture.call(tmux, windowId);
      captured.set(windowId, (captured.get(windowId) ?? 0) + 1);
      if (windowId === early && hold) {
        hold = false;
        await waitFor(() => server.hub.counts().sockets === baseline, 'the server to handle the close');
      }
      return screen;
    };
    try {
      const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/closed-early`);
      ws.send({ type: 'pane.subscribe', request_id: 'gone' });
      ws.close();
      await waitFor(() => captured.get(early) === 1, 'the first capture');
      // A live watcher of another window: once it has been captured a few more times, a stream left
      // running for the closed socket would have been captured as often.
      const watcher = await channelSocket('sentinel');
      await watcher.request({ type: 'pane.subscribe' });
      const from = captured.get(sentinel) ?? 0;
      await waitFor(() => (captured.get(sentinel) ?? 0) >= from + 5, 'five frames of the live watcher');
      expect(captured.get(early)).toBe(1);
      watcher.close();
    } finally {
      tmux.captureScreen = capture;
    }
  });
});
