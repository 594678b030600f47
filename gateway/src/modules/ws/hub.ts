import type { AgentMessage, EventBus, GatewayEventName, GatewayEvents } from '../../events';
import type { StateStore } from '../../state';

/** How many agent messages per window `transcript.get` can return. */
export const RECENT_MESSAGES = 200;

/** The part of a socket the hub needs (Bun's ServerWebSocket satisfies it). */
export interface Subscriber {
  send(data: string): unknown;
}

/**
 * Fans bus events out to WebSocket subscribers: agent.message / agent.status to the sockets of
 * each channel the event names (or, when it names none, every channel bound to its window);
 * window.change / hook.event to global sockets. Each message is serialised once per channel.
 */
export class WsHub {
  private readonly channels = new Map<string, Set<Subscriber>>();
  private readonly global = new Set<Subscriber>();
  private readonly unsubscribe: Array<() => void>;
  /** The last agent.status per window: statuses are sent on change only, so a late subscriber gets this first. */
  private readonly lastStatus = new Map<string, GatewayEvents['agent.status']>();
  /**
   * What each channel was last told, with the window it was about: the same status twice in a row is
   * sent once, and a channel whose window is gone (no binding any more) still answers a subscriber
   * with its `dead`, also after a gateway restart (the start-up reconcile publishes it).
   */
  private readonly told = new Map<string, { windowId: string; status: string; data: string }>();
  /** The last RECENT_MESSAGES agent messages per window, for `transcript.get` (memory only). */
  private readonly recent = new Map<string, AgentMessage[]>();

  constructor(bus: EventBus, private readonly store: StateStore) {
    this.unsubscribe = [
      bus.subscribe('agent.message', (e) => {
        const kept = [...(this.recent.get(e.window_id) ?? []), ...e.messages];
        this.recent.set(e.window_id, kept.slice(-RECENT_MESSAGES));
        this.toChannels('agent.message', e, ({ channel_ids: _c, window_id: _w, ...rest }) => rest);
      }),
      bus.subscribe('agent.status', (e) => {
        this.lastStatus.set(e.window_id, e);
        this.toChannels('agent.status', e, statusBody);
      }),
      bus.subscribe('window.change', (e) => {
        // 'new': a restarted tmux server reuses `@N`, so what was said about the old window is void.
        if (e.change_type === 'removed' || e.change_type === 'new') {
          this.lastStatus.delete(e.window_id);
          this.recent.delete(e.window_id);
        }
        this.toGlobal('window.change', e);
      }),
      bus.subscribe('hook.event', (e) => this.toGlobal('hook.event', e)),
    ];
  }

  /**
   * Adds a socket to a channel and sends it the channel's last agent.status, if there is one, so a
   * client that (re)connects learns at once whether the assistant works or waits on a prompt.
   */
  subscribe(channelId: string, socket: Subscriber): void {
    let set = this.channels.get(channelId);
    if (!set) this.channels.set(channelId, (set = new Set()));
    if (set.has(socket)) return;
    set.add(socket);
    const windowId = this.store.session(channelId)?.window_id;
    const last = windowId ? this.lastStatus.get(windowId) : undefined;
    if (last) send(socket, JSON.stringify({ type: 'agent.status', channel_id: channelId, ...statusBody(last) }));
    else if (!windowId) {
      const told = this.told.get(channelId);
      if (told?.status === 'dead') send(socket, told.data);
      else if (!told) {
        // Its window died before this process started (state.json remembers it until the channel is bound again).
        const dead = this.store.deadChannel(channelId);
        if (dead) {
          const { session_id, provider, display_label } = dead;
          send(socket, JSON.stringify({ type: 'agent.status', channel_id: channelId, session_id, provider, status: 'dead', display_label, interactive: false, prompt_state: null }));
        }
      }
    }
  }

  /** The window's agent messages this server has sent since it started, oldest first (at most RECENT_MESSAGES). */
  recentMessages(windowId: string): AgentMessage[] {
    return this.recent.get(windowId) ?? [];
  }

  unsubscribeChannel(channelId: string, socket: Subscriber): void {
    const set = this.channels.get(channelId);
    set?.delete(socket);
    if (set?.size === 0) this.channels.delete(channelId);
  }

  subscribeGlobal(socket: Subscriber): void { this.global.add(socket); }

  /** Forgets a closed socket everywhere. */
  remove(socket: Subscriber): void {
    this.global.delete(socket);
    for (const channel of [...this.channels.keys()]) this.unsubscribeChannel(channel, socket);
  }

  counts(): { global: number; channels: number; sockets: number } {
    let sockets = 0;
    for (const set of this.channels.values()) sockets += set.size;
    return { global: this.global.size, channels: this.channels.size, sockets };
  }

  close(): void {
    for (const off of this.unsubscribe) off();
  }

  private toChannels<K extends 'agent.message' | 'agent.status'>(
    type: K, event: GatewayEvents[K], body: (e: GatewayEvents[K]) => Record<string, unknown>,
  ): void {
    const ids = event.channel_ids.length > 0 ? event.channel_ids : this.store.channelsForWindow(event.window_id);
    for (const channelId of ids) {
      const set = this.channels.get(channelId);
      if (type === 'agent.status') {
        const data = JSON.stringify({ type, channel_id: channelId, ...body(event) });
        const told = this.told.get(channelId);
        if (told && told.windowId === event.window_id && told.data === data) continue;
        this.told.set(channelId, { windowId: event.window_id, status: (event as GatewayEvents['agent.status']).status, data });
        if (set?.size) for (const socket of set) send(socket, data);
        continue;
      }
      if (!set?.size) continue;
      const data = JSON.stringify({ type, channel_id: channelId, ...body(event) });
      for (const socket of set) send(socket, data);
    }
  }

  private toGlobal(type: GatewayEventName, event: object): void {
    if (this.global.size === 0) return;
    const data = JSON.stringify({ type, ...event });
    for (const socket of this.global) send(socket, data);
  }
}

function statusBody({ channel_ids: _c, window_id: _w, ...rest }: GatewayEvents['agent.status']): Record<string, unknown> {
  return rest;
}

function send(socket: Subscriber, data: string): void {
  try {
    socket.send(data);
  } catch {
    // A socket closing concurrently; its close handler removes it.
  }
}
