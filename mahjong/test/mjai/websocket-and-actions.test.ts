import { afterAll, describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../src/engine/ai';
import { A } from '../../src/engine/table/actions';
import { decisionOf } from '../../src/mjai/actions';
import { playWithBots } from '../../src/mjai/table';
import { WebSocketTransport, transportFor } from '../../src/mjai/transport';
import { startWebSocketBot } from './ws-bot';

const server = startWebSocketBot();
afterAll(() => server.stop());

describe('mjai over a WebSocket', () => {
  it('a bot reached by ws:// plays a full game', async () => {
    const bot = transportFor(server.url);
    expect(bot).toBeInstanceOf(WebSocketTransport);
    const { game, replaced } = await playWithBots([
      { agent: new StrongAgent() }, { agent: new StrongAgent() }, { bot, fallback: new StrongAgent() }, { agent: new StrongAgent() },
    ], { seed: 5, maxRound: 0 }, { timeoutMs: 5000 });
    expect(replaced).toEqual([]);
    expect(game.isOver()).toBe(true);
  }, 60_000);

  it('a ws:// bot whose server takes the connection but never answers the handshake times out', async () => {
    // A TCP server that reads and never writes: the WebSocket stays CONNECTING.
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const bot = new WebSocketTransport(`ws://127.0.0.1:${silent.port}/`);
    try {
      const failure = await bot.exchange('{"type":"hello"}', 200).then(() => null, (e: unknown) => e as { kind?: string; message: string });
      expect(failure?.message).toBe(`bot ws://127.0.0.1:${silent.port}/: no connection within 200 ms`);
    } finally {
      await bot.close();
      silent.stop(true);
    }
  });

  it('a ws:// bot nobody listens for is replaced, the game still finishes', async () => {
    const { game, replaced } = await playWithBots([
      { bot: transportFor('ws://127.0.0.1:9/'), fallback: new StrongAgent() }, { agent: new StrongAgent() }, { agent: new StrongAgent() }, { agent: new StrongAgent() },
    ], { seed: 5, maxRound: 0 }, { timeoutMs: 2000 });
    expect(game.isOver()).toBe(true);
    expect(replaced.map((r) => r.reason)).toEqual(['crash']);
  }, 60_000);
});

describe('mjai answers → engine actions', () => {
  const all = [...Array(54).keys()];
  it('maps discards, red fives, calls, wins and passes', () => {
    expect(decisionOf({ type: 'dahai', pai: '3p' }, all, true)).toEqual({ ok: true, action: 11 });
    expect(decisionOf({ type: 'dahai', pai: '5sr' }, all, true)).toEqual({ ok: true, action: 36 });
    expect(decisionOf({ type: 'dahai', pai: 'C' }, all, true)).toEqual({ ok: true, action: 33 });
    expect(decisionOf({ type: 'chi', pai: '3m', consumed: ['4m', '5m'] }, all, false)).toEqual({ ok: true, action: A.CHI_LOW });
    expect(decisionOf({ type: 'chi', pai: '4m', consumed: ['3m', '5mr'] }, all, false)).toEqual({ ok: true, action: A.CHI_MID_RED });
    expect(decisionOf({ type: 'chi', pai: '6s', consumed: ['4s', '5s'] }, all, false)).toEqual({ ok: true, action: A.CHI_HIGH });
    expect(decisionOf({ type: 'pon', pai: '5p', consumed: ['5pr', '5p'] }, all, false)).toEqual({ ok: true, action: A.PON_RED });
    expect(decisionOf({ type: 'hora' }, all, true)).toEqual({ ok: true, action: A.TSUMO });
    expect(decisionOf({ type: 'hora' }, all, false)).toEqual({ ok: true, action: A.RON });
    expect(decisionOf({ type: 'none' }, all, false)).toEqual({ ok: true, action: A.SKIP });
    expect(decisionOf({ type: 'ankan', consumed: ['E', 'E', 'E', 'E'] }, all, true)).toEqual({ ok: true, action: A.ANKAN, tile: 27 * 4 });
    expect(decisionOf({ type: 'reach' }, all, true)).toEqual({ ok: true, reach: true });
  });

  it('refuses what is not legal now, with a reason', () => {
    expect(decisionOf({ type: 'dahai', pai: '3p' }, [5, 6], true)).toMatchObject({ ok: false });
    expect(decisionOf({ type: 'none' }, all, true)).toMatchObject({ ok: false, reason: expect.stringContaining('discard is required') });
    expect(decisionOf({ type: 'chi', pai: '3m', consumed: ['6m', '7m'] }, all, false)).toMatchObject({ ok: false });
    expect(decisionOf({ type: 'dahai', pai: '0m' }, all, true)).toMatchObject({ ok: false });
    expect(decisionOf('hello', all, true)).toMatchObject({ ok: false, reason: 'answer is not a JSON object' });
    expect(decisionOf({ type: 'fly' }, all, true)).toMatchObject({ ok: false, reason: 'unknown answer type "fly"' });
  });
});
