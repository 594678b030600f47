import { describe, expect, it } from 'bun:test';
import { EventBus, type HookEvent, type WindowChangeEvent } from '../../src/events';
import { quietLog } from '../helpers/gateway';

const change: WindowChangeEvent = { window_id: '@1', change_type: 'new', provider: 'shell', cwd: '/tmp', display_name: 'tmp' };

describe('event bus', () => {
  it('delivers an event to the subscribers of its name only, and to catch-all subscribers with the name', () => {
    const bus = new EventBus(quietLog);
    const changes: WindowChangeEvent[] = [];
    const hooks: HookEvent[] = [];
    const all: string[] = [];
    bus.subscribe('window.change', (e) => changes.push(e));
    bus.subscribe('hook.event', (e) => hooks.push(e));
    bus.subscribeAll((name) => all.push(name));
    bus.publish('window.change', change);
    expect(changes).toEqual([change]);
    expect(hooks).toEqual([]);
    expect(all).toEqual(['window.change']);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = new EventBus(quietLog);
    let count = 0;
    const off = bus.subscribe('window.change', () => count++);
    bus.publish('window.change', change);
    off();
    bus.publish('window.change', change);
    expect(count).toBe(1);
    expect(bus.listenerCount('window.change')).toBe(0);
  });

  it('keeps delivering to the other handlers when one throws', () => {
    const bus = new EventBus(quietLog);
    const seen: string[] = [];
    bus.subscribe('window.change', () => { throw new Error('boom'); });
    bus.subscribe('window.change', (e) => seen.push(e.window_id));
    bus.publish('window.change', change);
    expect(seen).toEqual(['@1']);
  });
});
