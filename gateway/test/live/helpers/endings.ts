import { readFileSync } from 'node:fs';
import type { RunningServer } from '../../../src/server';
import { waitFor } from '../../helpers/gateway';
import { WsClient } from '../../helpers/ws-client';

/** What a channel was told: its statuses (one repeated with a new label counted once), and the last one. */
export interface Ending { statuses: string[]; last: Record<string, unknown> }

/**
 * Two more sessions of `provider` in `dir`, each watched from before it exists: the first one's
 * assistant (its whole process group, as the shell started it) gets SIGSEGV once idle, the second
 * one's window is killed from outside.
 */
export async function crashAndKill(server: RunningServer, provider: string, dir: string, prefix: string): Promise<{ crashed: Ending; killed: Ending }> {
  const watch = async (channel: string) => {
    const socket = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/${channel}`);
    const seen: string[] = [];
    socket.ws.addEventListener('message', (e) => { const m = JSON.parse(String(e.data)); if (m.type === 'agent.status') seen.push(m.status); });
    const res = await fetch(`${server.url}/api/v1/sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: channel, provider, work_dir: dir }),
    });
    const windowId = ((await res.json()) as { window_id: string }).window_id;
    return { socket, windowId, statuses: () => seen.filter((s, i) => s !== seen[i - 1]) };
  };
  const status = (s: string) => (m: Record<string, unknown>) => m.type === 'agent.status' && m.status === s;
  // One start at a time (two assistants starting at once in one folder under a loaded CI machine
  // once left one done before idle); a timeout says what the pane showed.
  const idle = (w: Awaited<ReturnType<typeof watch>>) => w.socket.next(status('idle'), 60_000).catch(async (e: unknown) => {
    const pane = await server.gateway.ctx.tmux.capturePane(w.windowId).catch(() => '(no pane)');
    throw new Error(`${(e as Error).message}\npane of ${w.windowId}:\n${pane}`);
  });
  const crash = await watch(`${prefix}-crash`);
  let gone: Awaited<ReturnType<typeof watch>> | null = null;
  try {
    await idle(crash);
    gone = await watch(`${prefix}-gone`);
    await idle(gone);
    const shell = (await server.gateway.ctx.tmux.listWindows()).find((w) => w.window_id === crash.windowId)!.pane_pid;
    const job = await waitFor(() => {
      try { return Number(readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/)[0]) || null; } catch { return null; }
    }, `the assistant under shell ${shell}`);
    process.kill(-job, 'SIGSEGV');
    const done = await crash.socket.next(status('done'), 60_000);
    await server.gateway.ctx.tmux.killWindow(gone.windowId);
    const dead = await gone.socket.next(status('dead'), 60_000);
    return { crashed: { statuses: crash.statuses(), last: done }, killed: { statuses: gone.statuses(), last: dead } };
  } finally {
    crash.socket.close();
    gone?.socket.close();
  }
}
