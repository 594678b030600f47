import { afterAll, describe, expect, it } from 'bun:test';
import { parseMjaiBots } from '../../src/mjai/config';
import { testApp } from './helpers';
import { readEvents } from './sse';

const BOT = `${import.meta.dir}/../fixtures/mjai/bot.py`;
// `possible` mode exits (a crash) on the first own tsumo or other seat's dahai without possible_actions.
const { app, call, close } = testApp({
  mjaiBots: parseMjaiBots(`bots:\n  asks: { command: "python3 ${BOT} possible", possible_actions: true }\n  plain: { command: "python3 ${BOT} possible" }\n`, 'test'),
});
afterAll(() => close());

/** A 4-AI East-only game at full speed; the bot_replaced events until game_over. */
async function replacedIn(bot: string): Promise<{ reason: string }[]> {
  const g = await call('POST', '/api/game/new', { mode: '4ai', ai_model: 'strong', ai_models: [null, bot, null, null], seed: 12, max_round: 0, delay_ms: 0 });
  expect(g.status).toBe(200);
  const res = await app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`, { headers: { 'x-session-token': g.json.token } }));
  const replaced: { reason: string }[] = [];
  let over = false;
  for await (const ev of readEvents(res.body!)) {
    if (ev.event === 'bot_replaced') replaced.push(ev.data);
    if (ev.event === 'game_over') { over = true; break; }
  }
  await res.body!.cancel().catch(() => undefined);
  await call('DELETE', `/api/game/${g.json.session_id}`);
  expect(over).toBe(true);
  return replaced;
}

describe('server bot seats: possible_actions: true in the bots file', () => {
  it('a bot configured so is sent possible_actions and plays the whole game; the same bot without it is replaced', async () => {
    expect(await replacedIn('mjai:asks')).toEqual([]);
    expect((await replacedIn('mjai:plain')).map((r) => r.reason)).toEqual(['crash']);
  }, 60_000);
});
