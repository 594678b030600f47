import { describe, expect, it } from 'bun:test';
import { SessionManager, type ManagedSession } from '../../src/modules/sessions/service';

class Fake implements ManagedSession {
  busy = false;
  disposed = false;
  constructor(readonly id: string) {}
  isBusy() { return this.busy; }
  dispose() { this.disposed = true; }
}

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
};

describe('session manager', () => {
  it('expires sessions idle past the TTL and keeps touched ones', () => {
    const c = clock();
    const m = new SessionManager<Fake>({ ttlMs: 1000, maxSessions: 10 }, c.now);
    const a = m.add((id) => new Fake(id));
    const b = m.add((id) => new Fake(id));
    c.advance(600);
    m.get(b.id);
    c.advance(600);
    expect(m.sweep()).toBe(1);
    expect(a.disposed).toBe(true);
    expect(b.disposed).toBe(false);
    expect(() => m.get(a.id)).toThrow(/not found/);
  });

  it('never expires a busy session (someone subscribed or a game running)', () => {
    const c = clock();
    const m = new SessionManager<Fake>({ ttlMs: 1000, maxSessions: 10 }, c.now);
    const a = m.add((id) => new Fake(id));
    a.busy = true;
    c.advance(5000);
    expect(m.sweep()).toBe(0);
    a.busy = false;
    expect(m.sweep()).toBe(1);
  });

  it('refuses more than the cap with TOO_MANY_SESSIONS (429) until one is deleted', () => {
    const m = new SessionManager<Fake>({ ttlMs: 1000, maxSessions: 2 });
    const a = m.add((id) => new Fake(id));
    m.add((id) => new Fake(id));
    expect(() => m.add((id) => new Fake(id))).toThrow(expect.objectContaining({ status: 429, code: 'TOO_MANY_SESSIONS' }));
    m.delete(a.id);
    expect(a.disposed).toBe(true);
    expect(m.add((id) => new Fake(id)).id).toBeString();
  });

  it('frees expired slots before refusing a new session', () => {
    const c = clock();
    const m = new SessionManager<Fake>({ ttlMs: 1000, maxSessions: 1 }, c.now);
    m.add((id) => new Fake(id));
    c.advance(2000);
    expect(m.add((id) => new Fake(id)).id).toBeString();
    expect(m.size).toBe(1);
  });

  it('answers SESSION_NOT_FOUND (404) for an unknown id', () => {
    const m = new SessionManager<Fake>();
    expect(() => m.delete('nope')).toThrow(expect.objectContaining({ status: 404, code: 'SESSION_NOT_FOUND' }));
  });
});
