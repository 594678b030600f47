import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';
import { createApp } from '../../src/app';
import { HeuristicAgent } from '../../src/engine/ai';
import { parseMjaiBots } from '../../src/mjai/config';
import { readEvents } from './sse';

// Fair play (README): a human_ai player is shown the table only where it decides, never while an
// AI seat weighs a call — that would tell the seat could call, even when it then passes. The
// event stream's first message (a reconnect) is the place a cheating client would look: it asks
// for it while an mjai bot (a process of its own, which takes real time) is being asked.
const BOT = `${import.meta.dir}/../fixtures/mjai/bot.py`;
const dirs = useTempDirs(afterAll);
const dir = dirs.make('mj-hold-');
const app = createApp({
  mjaiBots: parseMjaiBots(`bots:\n  holder: { command: "python3 ${BOT} hold ${dir}", possible_actions: true, timeout_ms: 60000 }\n`, 'test'),
}).listen({ hostname: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;
afterAll(async () => {
  await app.decorator.games.close();
  await app.stop(true);
});

describe('a reconnecting human_ai client', () => {
  it('gets its first snapshot only once the AIs have played, not while a bot decides on a call', async () => {
    const created = await fetch(`${base}/api/game/new`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'human_ai', ai_models: [null, 'mjai:holder', 'mjai:holder', 'mjai:holder'], seed: 5, max_round: 0 }),
    });
    const { session_id: id, token } = (await created.json()) as any;
    const headers = { 'x-session-token': token, 'content-type': 'application/json' };
    const me = new HeuristicAgent();
    let checked = false;
    for (let i = 0; i < 3_000 && !checked; i++) {
      const state = (await (await fetch(`${base}/api/game/${id}/state`, { headers })).json()) as any;
      if (state.is_over) break;
      let done = false;
      const acted = fetch(`${base}/api/game/${id}/action`, { method: 'POST', headers, body: JSON.stringify({ player_id: 0, action_idx: me.decide(state) }) })
        .then((r) => { done = true; return r.status; });
      while (!done && !existsSync(`${dir}/asked`)) await Bun.sleep(5);
      if (existsSync(`${dir}/asked`) && !existsSync(`${dir}/go`)) {
        // A bot is deciding whether to call right now: the client (re)opens its event stream.
        const controller = new AbortController();
        const stream = fetch(`${base}/api/game/${id}/events`, { headers, signal: controller.signal });
        let first;
        try {
          await Promise.race([stream, Bun.sleep(300)]);
        } finally {
          writeFileSync(`${dir}/go`, '');
        }
        try {
          first = await readEvents((await stream).body!).next();
        } finally {
          controller.abort();
        }
        expect(first.value!.event).toBe('snapshot');
        const shown = first.value!.data.state;
        // Seat 0's decision (or the end): never an AI seat's turn, which would name the seat asked.
        expect([0, -1]).toContain(shown.turn);
        expect(shown.phase < 4 || shown.phase === 16).toBe(true);
        checked = true;
      }
      expect(await acted).toBe(200);
    }
    expect(checked).toBe(true);
  }, 120_000);
});
