import type { Logger } from '@devhub/shared';
import type { GatewayEventName, GatewayEvents } from './model';

export type Handler<K extends GatewayEventName> = (event: GatewayEvents[K]) => void;
export type AnyHandler = <K extends GatewayEventName>(name: K, event: GatewayEvents[K]) => void;
export type Unsubscribe = () => void;

/**
 * The in-server event bus: typed, synchronous publish/subscribe. Background services (monitor,
 * status poller, hook reader) publish; the WebSocket hub and other services subscribe. A handler
 * that throws is logged and does not stop delivery to the others.
 */
export class EventBus {
  private readonly handlers = new Map<GatewayEventName, Set<Handler<never>>>();
  private readonly anyHandlers = new Set<AnyHandler>();

  constructor(private readonly log?: Logger) {}

  subscribe<K extends GatewayEventName>(name: K, handler: Handler<K>): Unsubscribe {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => { set.delete(handler as Handler<never>); };
  }

  /** Receives every event with its name. */
  subscribeAll(handler: AnyHandler): Unsubscribe {
    this.anyHandlers.add(handler);
    return () => { this.anyHandlers.delete(handler); };
  }

  publish<K extends GatewayEventName>(name: K, event: GatewayEvents[K]): void {
    for (const handler of this.handlers.get(name) ?? []) this.safely(name, () => (handler as Handler<K>)(event));
    for (const handler of this.anyHandlers) this.safely(name, () => handler(name, event));
  }

  listenerCount(name?: GatewayEventName): number {
    const named = name ? (this.handlers.get(name)?.size ?? 0) : [...this.handlers.values()].reduce((n, s) => n + s.size, 0);
    return named + this.anyHandlers.size;
  }

  private safely(name: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.log?.warn(`event handler for ${name} failed: ${(error as Error).message}`);
    }
  }
}
