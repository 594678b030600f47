/**
 * A server seat's mjai bot that answers illegally, too late or crashes is replaced by the built-in
 * AI for the rest of the game, announced by a `bot_replaced` event (a GameEvent schema); a bot
 * behind a WebSocket named in the bots config plays its seat through the server.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { waitFor } from '@devhub/shared/testing';
import { parseMjaiBots } from '../../src/mjai/config';
import { GameEvent } from '../../src/modules/game/model';
import { testApp } from './helpers';
import { readEvents } from './sse';
import { startWebSocketBot } from '../mjai/ws-bot';

const BOT = `${import.meta.dir}/../fixtures/mjai/bot.py`;

const wsBot = startWebSocketBot();
const got = wsBot.got;

// The late bot sleeps 5 s on its first draw; 1.5 s per answer is configuration, long enough for Python to start.
const { app, call, close } = testApp({
  mjaiBots: parseMjaiBots([
    'bots:',
    `  crashy: { command: "python3 ${BOT} crash" }`,
    `  cheater: { command: "python3 ${BOT} illegal" }`,
    `  sleepy: { command: "python3 ${BOT} slow", timeout_ms: 1500 }`,
    `  wsbot: { url: "${wsBot.url}" }`,
  ].join('\n'), 'test'),
});
afterAll(() => { close(); wsBot.stop(); });

type Ev = { event: string; data: any };

/** A 4-AI East-only game played at full speed; every event until game_over, each checked against GameEvent. */
async function watch(aiModels: (string | null)[], seed: number): Promise<{ id: string; events: Ev[] }> {
  const g = await call('POST', '/api/game/new', { mode: '4ai', ai_model: 'strong', ai_models: aiModels, seed, max_round: 0, delay_ms: 0 });
  expect(g.status).toBe(200);
  const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`, { headers: { 'x-session-token': g.json.token } }));
  const events: Ev[] = [];
  for await (const ev of readEvents(res.body!)) {
    expect(Value.Check(GameEvent, ev.data)).toBe(true);
    events.push(ev);
    if (ev.event === 'game_over') break;
  }
  await res.body!.cancel().catch(() => undefined);
  return { id: g.json.session_id, events };
}

describe('a failing mjai bot seat is reported as bot_replaced', () => {
  for (const [name, reason] of [['crashy', 'crash'], ['cheater', 'illegal'], ['sleepy', 'timeout']] as const) {
    it(`${name}: reason ${reason}; the strong AI plays the seat to the end`, async () => {
      const { id, events } = await watch([null, `mjai:${name}`, null, null], 4);
      const replaced = events.filter((e) => e.event === 'bot_replaced');
      expect(replaced.map((e) => e.data)).toEqual([{
        type: 'bot_replaced', seat: 1, bot: `mjai:${name}`, reason, message: expect.any(String), by: 'strong',
      }]);
      // The client is told the bot's configured name, never the server's command line.
      expect(replaced[0]!.data.message).not.toContain(BOT);
      expect(events.filter((e) => e.event === 'error')).toEqual([]);
      // Seat 1 goes on playing after the replacement, and the game ends.
      const at = events.indexOf(replaced[0]!);
      expect(events.slice(at).some((e) => e.event === 'ai_action' && e.data.player === 1)).toBe(true);
      expect(events.at(-1)!.data.state.is_over).toBe(true);
      await call('DELETE', `/api/game/${id}`);
    }, 60_000);
  }
});

describe('a human_ai player is not told what a failing bot answered', () => {
  it('the bot_replaced event names the failure, never the bot\'s answer (its tiles)', async () => {
    const g = await call('POST', '/api/game/new', { mode: 'human_ai', ai_model: 'strong', ai_models: [null, 'mjai:cheater', null, null], seed: 4, max_round: 0 });
    const id = g.json.session_id;
    const res = await app.handle(new Request(`http://localhost/api/game/${id}/events`, { headers: { 'x-session-token': g.json.token } }));
    const events: Ev[] = [];
    const reading = (async () => {
      for await (const ev of readEvents(res.body!)) { events.push(ev); if (ev.event === 'bot_replaced' || ev.event === 'game_over') break; }
    })();
    // The human discards its draw until the bot has failed.
    for (let i = 0; i < 400 && !events.some((e) => e.event === 'bot_replaced'); i++) {
      const s = (await call('GET', `/api/game/${id}/state`)).json;
      if (s.is_over) break;
      const discard = s.valid_actions.find((a: number) => a < 37) ?? (s.valid_actions.includes(53) ? 53 : undefined);
      if (discard === undefined) { await Bun.sleep(20); continue; }
      await call('POST', `/api/game/${id}/action`, { player_id: 0, action_idx: discard });
    }
    await waitFor(() => events.some((e) => e.event === 'bot_replaced') || null, 'bot_replaced', 20_000);
    await res.body!.cancel().catch(() => undefined);
    await reading.catch(() => undefined);
    const e = events.find((x) => x.event === 'bot_replaced')!.data;
    expect(e).toMatchObject({ seat: 1, bot: 'mjai:cheater', reason: 'illegal', by: 'strong' });
    expect(e.message).toBe('mjai:cheater answered with a move that is not legal now; strong plays the seat from now on');
    expect(events.filter((x) => x.event === 'error')).toEqual([]);
    await call('DELETE', `/api/game/${id}`);
  }, 60_000);
});

describe('a WebSocket mjai bot from the bots config', () => {
  it('plays seat 2 through the server: it is sent the seat\'s events and its discards are the game\'s', async () => {
    const { id, events } = await watch([null, null, 'mjai:wsbot', null], 6);
    expect(events.filter((e) => e.event === 'bot_replaced' || e.event === 'error')).toEqual([]);
    expect(got[0]).toMatchObject({ type: 'start_game', id: 2 });
    const paipu = (await call('GET', `/api/game/${id}/paipu`)).json;
    const mine = paipu.rounds.flatMap((r: any) => r.events).filter((e: any) => e.t === 'discard' && e.who === 2);
    // The bot always throws the tile it drew (the strong AI would not).
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every((e: any) => e.tsumogiri)).toBe(true);
    // Its own draws are shown to it, the other seats' hidden; once the session ends it is sent end_game.
    expect(got.filter((e) => e.type === 'tsumo' && e.actor === 2).every((e) => e.pai !== '?')).toBe(true);
    expect(got.filter((e) => e.type === 'tsumo' && e.actor !== 2).every((e) => e.pai === '?')).toBe(true);
    await call('DELETE', `/api/game/${id}`);
    await waitFor(() => got.at(-1)?.type === 'end_game', 'the ws bot is sent end_game', 10_000);
  }, 60_000);
});
