import type { GatewayContext } from '../../runtime';
import { type Screen, WindowNotFound } from '../../tmux';
import { KeyedSerial } from '../../tmux/serial';
import type { ServerMessage } from './model';
import { screenUpdate } from './pane-frames';
import type { Subscriber } from './hub';

/** How often a watched pane is captured: about ten frames a second while anyone watches. */
export const PANE_FRAME_MS = 100;
/** How soon after typed input the next frame is taken, so the echo shows without waiting a period. */
export const PANE_NUDGE_MS = 10;

interface Watched {
  subscribers: Map<Subscriber, string>;
  screen: Screen | null;
  timer: ReturnType<typeof setTimeout> | null;
  running: boolean;
  /** Input arrived during a capture: take the next frame soon. */
  again: boolean;
}

/**
 * Live pane views for WebSocket subscribers (`pane.subscribe`): while a window has watchers, its
 * screen is captured every PANE_FRAME_MS (capture-pane with colours + cursor, one tmux call) and
 * the changed rows go out as `pane.output` terminal data; a new watcher first gets the whole
 * screen. Nothing runs for a window nobody watches.
 */
export class PaneStreams {
  private readonly windows = new Map<string, Watched>();
  /** One capture at a time per window, so every watcher's diff starts from the screen it has. */
  private readonly captures = new KeyedSerial();
  private closed = false;

  constructor(private readonly ctx: GatewayContext, private readonly intervalMs = PANE_FRAME_MS) {}

  /** Starts sending `windowId`'s screen to `socket` as `pane.output` of `channelId`. */
  subscribe(windowId: string, channelId: string, socket: Subscriber): Promise<Screen> {
    return this.captures.run(windowId, async () => {
      let watched = this.windows.get(windowId);
      const screen = await this.ctx.tmux.captureScreen(windowId);
      if (!watched) this.windows.set(windowId, (watched = { subscribers: new Map(), screen: null, timer: null, running: false, again: false }));
      // Those already watching move to this same screen before the newcomer gets all of it.
      this.publish(windowId, watched, screen);
      watched.subscribers.set(socket, channelId);
      send(socket, output(channelId, windowId, screen, screenUpdate(null, screen)!.data, true));
      if (!watched.timer && !watched.running) this.schedule(windowId, watched, this.intervalMs);
      return screen;
    });
  }

  /** Input was typed into the window: if it is watched, take the next frame in PANE_NUDGE_MS. */
  nudge(windowId: string): void {
    const watched = this.windows.get(windowId);
    if (!watched) return;
    if (watched.running) watched.again = true;
    else this.schedule(windowId, watched, Math.min(PANE_NUDGE_MS, this.intervalMs));
  }

  unsubscribe(windowId: string, socket: Subscriber): boolean {
    const watched = this.windows.get(windowId);
    if (!watched?.subscribers.delete(socket)) return false;
    if (watched.subscribers.size === 0) this.forget(windowId);
    return true;
  }

  /** Forgets a closed socket everywhere. */
  remove(socket: Subscriber): void {
    for (const windowId of [...this.windows.keys()]) this.unsubscribe(windowId, socket);
  }

  close(): void {
    this.closed = true;
    for (const windowId of [...this.windows.keys()]) this.forget(windowId);
  }

  private forget(windowId: string): void {
    const watched = this.windows.get(windowId);
    if (watched?.timer) clearTimeout(watched.timer);
    this.windows.delete(windowId);
  }

  private schedule(windowId: string, watched: Watched, delayMs: number): void {
    if (watched.timer) clearTimeout(watched.timer);
    watched.timer = setTimeout(() => {
      watched.timer = null;
      void this.tick(windowId, watched);
    }, delayMs);
  }

  private async tick(windowId: string, watched: Watched): Promise<void> {
    watched.running = true;
    await this.captures.run(windowId, async () => {
      if (this.closed || this.windows.get(windowId) !== watched) return;
      try {
        this.publish(windowId, watched, await this.ctx.tmux.captureScreen(windowId));
      } catch (error) {
        // A window that is gone stops its stream (window.change tells clients); anything else
        // (tmux busy, restarting) is tried again next frame.
        if (error instanceof WindowNotFound) this.forget(windowId);
      }
    });
    watched.running = false;
    const soon = watched.again;
    watched.again = false;
    if (!this.closed && this.windows.get(windowId) === watched) this.schedule(windowId, watched, soon ? PANE_NUDGE_MS : this.intervalMs);
  }

  private publish(windowId: string, watched: Watched, screen: Screen): void {
    const update = screenUpdate(watched.screen, screen);
    watched.screen = screen;
    if (!update) return;
    for (const [socket, channelId] of watched.subscribers) send(socket, output(channelId, windowId, screen, update.data, update.full));
  }
}

function output(channelId: string, windowId: string, screen: Screen, data: string, full: boolean): string {
  const message: ServerMessage<'pane.output'> = { type: 'pane.output', channel_id: channelId, window_id: windowId, cols: screen.width, rows: screen.height, full, data };
  return JSON.stringify(message);
}

function send(socket: Subscriber, data: string): void {
  try {
    socket.send(data);
  } catch {
    // A socket closing concurrently; its close handler removes it.
  }
}
