import { describe, expect, it } from 'bun:test';
import { MemorySessionStore } from '../../src/modules/backend/memory';
import type { SessionRecord } from '../../src/modules/backend/types';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
};

let n = 0;
const record = (): SessionRecord => ({
  id: `s${++n}`, mode: '4ai', aiModel: null, aiModels: [null, null, null, null], seed: null, gameSeed: 1, maxRound: 0, delayMs: 0, createdAt: '', tokenHash: 't',
});

describe('memory session store', () => {
  it('expires sessions idle past the cutoff and keeps touched ones', async () => {
    const c = clock();
    const m = new MemorySessionStore({ ttlMs: 1000, maxSessions: 10 }, c.now);
    const a = record();
    const b = record();
    await m.add(a);
    await m.add(b);
    c.advance(600);
    await m.touch(b.id);
    c.advance(600);
    expect(await m.expire(c.now() - 1000)).toEqual([a.id]);
    expect(await m.get(a.id)).toBeNull();
    expect(await m.get(b.id)).toEqual(b);
  });

  it('refuses more than the cap with TOO_MANY_SESSIONS (429) until one is removed', async () => {
    const m = new MemorySessionStore({ ttlMs: 1000, maxSessions: 2 });
    const a = record();
    await m.add(a);
    await m.add(record());
    expect(m.add(record())).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_SESSIONS' });
    expect(await m.remove(a.id)).toBe(true);
    expect(await m.remove(a.id)).toBe(false);
    await m.add(record());
  });

  it('keeps the step log in order and refuses a write at the wrong place', async () => {
    const m = new MemorySessionStore();
    const a = record();
    await m.add(a);
    const deal = { kind: 'deal' as const, time: 'x' };
    await m.append(a.id, 0, [deal, deal]);
    expect(m.append(a.id, 1, [deal])).rejects.toThrow(/has 2 steps/);
    expect(await m.steps(a.id, 1)).toEqual([deal]);
  });

  it('runs locked work per session strictly in call order', async () => {
    const m = new MemorySessionStore();
    const trace: string[] = [];
    const job = (name: string) => async () => { trace.push(`${name} start`); await Bun.sleep(5); trace.push(`${name} end`); };
    await Promise.all([m.lock('x', job('a')), m.lock('x', job('b'))]);
    expect(trace).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
