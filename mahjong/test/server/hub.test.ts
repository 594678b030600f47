import { describe, expect, it } from 'bun:test';
import { EventHub, MAX_STREAM_LAG_BYTES } from '../../src/modules/events/hub';

const text = async (reader: ReadableStreamDefaultReader<Uint8Array>) => new TextDecoder().decode((await reader.read()).value);

describe('SSE hub', () => {
  it('starts every stream with the snapshot, then delivers broadcasts in order', async () => {
    const hub = new EventHub();
    const reader = hub.subscribe({ type: 'snapshot', n: 0 }).getReader();
    expect(await text(reader)).toBe('retry: 2000\nevent: snapshot\ndata: {"type":"snapshot","n":0}\n\n');
    hub.broadcast({ type: 'ai_action', n: 1 });
    hub.broadcast({ type: 'game_over', n: 2 });
    expect(await text(reader)).toBe('event: ai_action\ndata: {"type":"ai_action","n":1}\n\n');
    expect(await text(reader)).toBe('event: game_over\ndata: {"type":"game_over","n":2}\n\n');
    hub.close();
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const hub = new EventHub();
    const reader = hub.subscribe({ type: 'snapshot' }, 20).getReader();
    await reader.read();
    expect(await text(reader)).toBe(': heartbeat\n\n');
    hub.close();
  });

  it('counts subscribers, notices a client going away, and ends streams on close', async () => {
    const hub = new EventHub();
    const changes: number[] = [];
    hub.onChange(() => changes.push(hub.size));
    const a = hub.subscribe({ type: 'snapshot' });
    const b = hub.subscribe({ type: 'snapshot' }).getReader();
    expect(hub.size).toBe(2);
    await a.cancel();
    expect(hub.size).toBe(1);
    hub.close();
    await b.read();
    expect((await b.read()).done).toBe(true);
    expect(changes).toEqual([1, 2, 1, 0]);
  });

  it(`drops a subscriber once more than ${MAX_STREAM_LAG_BYTES} bytes wait for it, and keeps one that reads`, async () => {
    const hub = new EventHub();
    let ended = 0;
    const stalled = hub.subscribe({ type: 'snapshot' }, 60_000, -1, () => { ended++; }).getReader();
    const reading = hub.subscribe({ type: 'snapshot' }, 60_000).getReader();
    await reading.read();
    const event = { type: 'ai_action', pad: 'x'.repeat(64 * 1024) };
    const size = `event: ai_action\ndata: ${JSON.stringify(event)}\n\n`.length;
    let received = 0;
    const count = Math.ceil((2 * MAX_STREAM_LAG_BYTES) / size);
    for (let i = 0; i < count; i++) {
      hub.broadcast(event);
      const { value } = await reading.read();
      received += value!.length;
      // The stalled one is dropped as soon as its backlog passes the bound, not later.
      expect(hub.size).toBe((i + 1) * size + 64 > MAX_STREAM_LAG_BYTES ? 1 : 2);
    }
    expect(ended).toBe(1);
    expect(received).toBe(count * size);
    // What waited for it is gone: reading it now fails at once instead of yielding megabytes.
    await expect(stalled.read()).rejects.toBeUndefined();
    hub.close();
  });
});
