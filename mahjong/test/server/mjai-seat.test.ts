import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@devhub/shared/testing';
import { HeuristicAgent } from '../../src/engine/ai';
import { Game } from '../../src/engine/game';
import { handSeed, shuffledWall } from '../../src/engine/table/wall';
import { parseMjaiBots } from '../../src/mjai/config';
import { adaptGame, factoriesWith } from '../../src/modules/game/engine-adapter';
import { scenarioWall } from '../engine/table/_scenario';
import { testApp } from './helpers';

const BOT = `${import.meta.dir}/../fixtures/mjai/bot.py`;
const { app, call, close } = testApp({
  mjaiBots: parseMjaiBots(`bots:\n  pybot: { command: "python3 ${BOT}", description: "test bot" }\n  crashy: { command: "python3 ${BOT} crash" }\n`, 'test'),
});
afterAll(() => close());

/** Plays seat 0 with the heuristic through the API until the game ends; returns the SSE-free final state. */
async function playHuman(id: string, api = call): Promise<any> {
  const me = new HeuristicAgent();
  for (let i = 0; i < 5000; i++) {
    const state = (await api('GET', `/api/game/${id}/state?for_player=0`)).json;
    if (state.is_over) return state;
    const res = await api('POST', `/api/game/${id}/action`, { player_id: 0, action_idx: me.decide(state) });
    if (res.status !== 200) throw new Error(res.text);
  }
  throw new Error('game did not end');
}

/** Processes whose command line holds `marker` (read from /proc). */
function processesWith(marker: string): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) n++;
    } catch { /* gone meanwhile */ }
  }
  return n;
}

describe('named mjai bots in server seats', () => {
  it('stops the bot processes when the game ends (end_game), not when the session expires', async () => {
    const marker = `end-game-${crypto.randomUUID()}`;
    const bots = parseMjaiBots(`bots:\n  pybot: { command: "python3 ${BOT} play ${marker}" }\n`, 'test');
    const t = testApp({ mjaiBots: bots });
    try {
      const g = await t.call('POST', '/api/game/new', { mode: 'human_ai', ai_models: [null, 'mjai:pybot', 'mjai:pybot', 'strong'], seed: 4, max_round: 0 });
      await playHuman(g.json.session_id, t.call);
      // The session is still there (not deleted, not expired); its bots are not.
      expect((await t.call('GET', `/api/game/${g.json.session_id}/state`)).status).toBe(200);
      await waitFor(() => processesWith(marker) === 0, 'the bot processes to stop', 10_000);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('GET /api/ai/models lists the configured bots as mjai:<name>', async () => {
    const names = (await call('GET', '/api/ai/models')).json.models.map((m: { name: string }) => m.name);
    expect(names).toEqual(['strong', 'heuristic', 'random', 'mjai:pybot', 'mjai:crashy']);
  });

  it('a Python bot plays seats 1 and 2 of a human_ai game to the end', async () => {
    const g = await call('POST', '/api/game/new', { mode: 'human_ai', ai_models: [null, 'mjai:pybot', 'mjai:pybot', 'strong'], seed: 4, max_round: 0 });
    expect(g.status).toBe(200);
    const end = await playHuman(g.json.session_id);
    expect(end.game.owari.scores.reduce((a: number, b: number) => a + b, 0)).toBe(100_000);
    const log = (await call('GET', `/api/game/${g.json.session_id}/log`)).text.trim().split('\n').map((l) => JSON.parse(l));
    expect(log.filter((e: { player: number }) => e.player === 1).length).toBeGreaterThan(10);
    await call('DELETE', `/api/game/${g.json.session_id}`);
  }, 60_000);

  for (const [protocol, script] of [['mortal', 'mortal_style_bot.py'], ['mjai.app', 'mjai_app_bot.py']] as const) {
    it(`a bots file's protocol: ${protocol} speaks to an unmodified bot of that host (its seat the last argument) to the end of the game`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mahjong-protocol-'));
      try {
        // `env` sets the bot's log file: the server runs the command as given, its seat after it.
        const bots = parseMjaiBots(`bots:\n  hosted: { command: "env BOT_LOG=${dir}/bot.log python3 ${import.meta.dir}/../fixtures/mjai/${script}", protocol: ${protocol} }\n`, 'test');
        const t = testApp({ mjaiBots: bots });
        try {
          const g = await t.call('POST', '/api/game/new', { mode: 'human_ai', ai_models: [null, 'mjai:hosted', 'strong', 'strong'], seed: 6, max_round: 0 });
          expect(g.status).toBe(200);
          const end = await playHuman(g.json.session_id, t.call);
          const log = readFileSync(join(dir, 'bot.log'), 'utf8');
          // Told about every hand (a replaced bot would have been stopped at its failure).
          expect(log.match(/start_kyoku/g)?.length).toBe(end.game.log.length);
        } finally {
          await t.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  }

  it('a bot\'s closed kan is the kind it named, not the engine\'s first choice', async () => {
    // P1 is dealt four 1m and four 9p; on its first draw the bot (kan mode) names 9p, the higher kind.
    const wall = scenarioWall({ hands: ['2345678m2345p55s', '1111m9999p13579s', '369m258p147s1234z', '478m367p258s5671z'], draws: '9s9m' });
    const bots = parseMjaiBots(`bots:\n  kanbot: { command: "python3 ${BOT} kan" }\n`, 'test');
    const factories = { ...factoriesWith(bots), newGame: (seed: number) => adaptGame(new Game({ seed, maxRound: 0, wallFor: (i) => (i === 0 ? wall : shuffledWall(handSeed(seed, i))) })) };
    const kan = testApp({ factories });
    try {
      const g = await kan.call('POST', '/api/game/new', { mode: 'human_ai', ai_models: [null, 'mjai:kanbot', 'strong', 'strong'], seed: 9, max_round: 0 });
      expect(g.status).toBe(200);
      await playHuman(g.json.session_id, kan.call);
      const paipu = (await kan.call('GET', `/api/game/${g.json.session_id}/paipu`)).json;
      const kans = paipu.rounds[0].events.filter((e: any) => e.t === 'call' && e.who === 1 && e.meld.type === 'ankan');
      // The engine alone would kan 1m (its first kind); the bot named 9p, then 1m on its replacement draw.
      expect(kans.map((e: any) => e.meld.tiles.map((id: number) => id >> 2))).toEqual([[17, 17, 17, 17], [0, 0, 0, 0]]);
    } finally {
      kan.close();
    }
  }, 60_000);

  it('a request cannot run a command: only configured names, else 400 UNKNOWN_BOT', async () => {
    const res = await call('POST', '/api/game/new', { ai_model: 'mjai:python3 -c "print(1)"' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('UNKNOWN_BOT');
    expect(res.json.detail).toContain('configured: pybot, crashy');
  });

  it('refuses a bots file with a bot that has neither or both of command and url', () => {
    expect(() => parseMjaiBots('bots:\n  x: {}\n', 'f.yaml')).toThrow('bot x needs exactly one of command and url');
    expect(() => parseMjaiBots('bots:\n  x: { command: a, url: "ws://h" }\n', 'f.yaml')).toThrow('exactly one');
    expect(() => parseMjaiBots('nope: 1\n', 'f.yaml')).toThrow('not a bots file');
  });
});
