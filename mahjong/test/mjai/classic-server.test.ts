import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';
import { MjsonpServer } from '../../src/mjai/tcp/server';
import type { RoomResult } from '../../src/mjai/tcp/room';
import { playClassic } from './classic-client';

const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const quiet = { info: () => {}, error: () => {} };

/** Reads the server's output until it names the classic mjai address. */
async function mjsonpAddress(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server never named its mjsonp address:\n${text}`);
    text += new TextDecoder().decode(value);
    const m = /mjsonp:\/\/127\.0\.0\.1:\d+/.exec(text);
    if (m) { reader.releaseLock(); return m[0]; }
  }
}

describe('classic mjai server (mjsonp): unmodified clients of the original server', () => {
  it('four TCP clients join one room at mahjong serve --mjai-port, play a hanchan with possible_actions and scores, and the game is in the history', async () => {
    const dir = temp.make('mahjong-mjsonp-');
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--host', '127.0.0.1', '--port', '0', '--mjai-port', '0', '--data-dir', dir], {
      env: { ...process.env, NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
    });
    const base = await mjsonpAddress(proc.stdout);
    const names = ['alice', 'bob', 'carol', 'dave'];
    const results = await Promise.all(names.map((n, i) => playClassic(`${base}/table1`, n, { calls: i % 2 === 0 })));
    for (const r of results) {
      expect(r.error).toBeNull();
      expect(r.received[0]).toEqual({ type: 'hello', protocol: 'mjsonp', protocol_version: 3 });
      const end = r.received.at(-1)!;
      expect(end.type).toBe('end_game');
      expect((end.scores as number[]).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100_000);
      const start = r.received.find((m) => m.type === 'start_game')!;
      expect(start.id).toBe(r.id);
      expect([...start.names].sort()).toEqual([...names].sort());
      // possible_actions on every own tsumo and every other seat's dahai; never elsewhere.
      for (const m of r.received) {
        const asks = (m.type === 'tsumo' && m.actor === r.id) || (m.type === 'dahai' && m.actor !== r.id);
        expect([m.type, Array.isArray(m.possible_actions)]).toEqual([m.type, asks || (m.type === 'kakan' && m.actor !== r.id)]);
        if (m.type === 'tsumo' && m.actor !== r.id) expect(m.pai).toBe('?');
        if (m.type === 'hora' || m.type === 'ryukyoku' || m.type === 'reach_accepted') {
          expect(m.deltas).toHaveLength(4);
          expect(m.scores).toHaveLength(4);
        }
      }
    }
    const all = results.flatMap((r) => r.received);
    expect(all.some((m) => m.possible_actions?.some((a: { type: string }) => a.type === 'reach'))).toBe(true);
    expect(all.some((m) => m.type === 'reach' && Array.isArray(m.cannot_dahai))).toBe(true);
    expect(all.some((m) => m.type === 'hora' && m.fu > 0 && Array.isArray(m.yakus))).toBe(true);
    // reach_accepted: the rider pays 1,000 and the scores say so.
    const ra = all.find((m) => m.type === 'reach_accepted')!;
    expect(ra.deltas[ra.actor]).toBe(-1000);
    // Every client sees the same final scores; the history has the game with the clients' names.
    const final = results[0]!.received.at(-1)!.scores;
    for (const r of results) expect(r.received.at(-1)!.scores).toEqual(final);
    let listed: { games: { ais: string[]; scores: number[]; max_round: number; hands: number }[] } = { games: [] };
    for (let i = 0; i < 50 && listed.games.length === 0; i++) {
      const out = Bun.spawnSync(['bun', CLI, 'games', 'list', '--json', '--data-dir', dir], { env: { ...process.env, NO_COLOR: '1' } });
      listed = JSON.parse(out.stdout.toString());
      if (!listed.games.length) await Bun.sleep(100);
    }
    expect(listed.games).toHaveLength(1);
    expect([...listed.games[0]!.ais].sort()).toEqual(names.map((n) => `mjsonp:${n}`).sort());
    expect(listed.games[0]!.max_round).toBe(1);
    expect(listed.games[0]!.hands).toBe(results[0]!.received.filter((m) => m.type === "start_kyoku").length);
    expect(listed.games[0]!.hands).toBeGreaterThanOrEqual(4);
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 120_000);
});

describe('classic mjai server: errors and filled rooms', () => {
  const results: RoomResult[] = [];
  const dir = temp.make('mahjong-mjsonp-inproc-');
  const store = new SqliteGameStore(join(dir, 'games.sqlite'));
  /** What the server logged, as the log would show it. */
  const logged: string[] = [];
  const log = { info: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
  const server = new MjsonpServer({
    host: '127.0.0.1', port: 0, store, log, timeoutMs: 5_000, onGame: (r) => results.push(r),
    rooms: { practice: { fill: 'random', wait_ms: 0, east_only: true }, names: { fill: 'random', wait_ms: 0, east_only: true } },
  });
  server.start();
  afterAll(async () => { await server.stop(); await store.close(); });
  const url = (room: string) => `mjsonp://127.0.0.1:${server.port}/${room}`;

  it('answers a line that is not a join, or a bad room name, with an error message and closes', async () => {
    const bad = await playClassic(url('x'), 'x', { sabotage: (m) => (m.type === 'hello' ? '{"type":"hello"}' : null) });
    expect(bad.error).toContain('Expected e.g.');
    const notJson = await playClassic(url('x'), 'x', { sabotage: (m) => (m.type === 'hello' ? 'join please' : null) });
    expect(notJson.error).toContain('JSON syntax error');
    const badRoom = await playClassic(url('no%20such'), 'x');
    expect(badRoom.error).toContain('No such room');
  });

  it('a room configured with fill seats built-in AIs: one client plays an East-only game and it is saved', async () => {
    const r = await playClassic(url('practice'), 'solo');
    expect(r.error).toBeNull();
    expect(r.received.at(-1)!.type).toBe('end_game');
    await Bun.sleep(50);
    const done = results.find((x) => x.room === 'practice')!;
    expect(done.gameId).not.toBeNull();
    const saved = await store.get(done.gameId!);
    expect(saved!.ais.filter((a) => a === 'random')).toHaveLength(3);
    expect(saved!.ais).toContain('mjsonp:solo');
    expect(saved!.maxRound).toBe(0);
    // Bots must not be able to rebuild the wall: it came from a committed secret, revealed in the log.
    expect(saved!.seeded).toBe(false);
    expect(saved!.mjlog).toMatch(/seed="devhub-v2,[0-9a-f]{64},[0-9a-f]{64}"/);
  });

  it('logs a client\'s name cut to 40 characters and escaped: a newline in it cannot forge a log line, and a long one cannot flood the log', async () => {
    const forged = 'eve\n[mahjong] ✔ admin token rotated; new token: x';
    const r = await playClassic(url('names'), forged);
    expect(r.error).toBeNull();
    const flood = playClassic(url('names'), 'x'.repeat(60_000));
    expect((await flood).error).toBeNull();
    const lines = logged.filter((m) => m.includes('mjai room names')).join('\n').split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) {
      expect(line).toStartWith('mjai room names: ');
      expect(line.length).toBeLessThan(400);
    }
    // The name itself loses its control and invisible format characters.
    expect(lines).toContain(`mjai room names: ${JSON.stringify(forged.replace('\n', '').slice(0, 40))} joined (1/4)`);
    await playClassic(url('names'), 'mal\u202elory\u200b');
    expect(logged.filter((m) => m.includes('mjai room names')).join('\n')).toContain('"mallory" joined');
  }, 60_000);

  it('an illegal answer ends the game: every client gets the original server\'s error, and nothing is saved', async () => {
    let sabotaged = false;
    // "none" on its own tsumo: the original server answers "Unexpected response type 'none' for tsumo".
    const cheat = (m: { type: string; actor?: number }, id: number) => {
      if (!sabotaged && m.type === 'tsumo' && m.actor === id) { sabotaged = true; return '{"type":"none"}'; }
      return null;
    };
    const rs = await Promise.all(['a', 'b', 'c', 'd'].map((n, i) => playClassic(url('strict'), n, i === 0 ? { sabotage: cheat } : {})));
    for (const r of rs) expect(r.error).toMatch(/^Error in player \d's response: /);
    await Bun.sleep(50);
    const failed = results.find((x) => x.room === 'strict')!;
    expect(failed.gameId).toBeNull();
    expect((await store.list({ owners: 'all', limit: 10, offset: 0 })).games.every((g) => !g.ais.includes('mjsonp:a'))).toBe(true);
  }, 60_000);

  it('a discard in another seat\'s name ends the game with the original server\'s "Invalid actor."', async () => {
    let sabotaged = false;
    const cheat = (m: { type: string; actor?: number; pai?: string }, id: number) => {
      if (!sabotaged && m.type === 'tsumo' && m.actor === id) { sabotaged = true; return JSON.stringify({ type: 'dahai', actor: (id + 1) % 4, pai: m.pai, tsumogiri: true }); }
      return null;
    };
    const rs = await Promise.all(['a', 'b', 'c', 'd'].map((n, i) => playClassic(url('forged'), n, i === 0 ? { sabotage: cheat } : {})));
    for (const r of rs) expect(r.error).toMatch(/^Error in player \d's response: .*Invalid actor\.$/);
  }, 60_000);

  it('with only configured rooms open, refuses a room named after what every object inherits (constructor, __proto__, toString)', async () => {
    const only = new MjsonpServer({ host: '127.0.0.1', port: 0, store, log: quiet, rooms: { practice: { fill: 'random', wait_ms: 60_000 } }, onlyConfigured: true });
    only.start();
    try {
      for (const room of ['lobby', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        const r = await playClassic(`mjsonp://127.0.0.1:${only.port}/${room}`, 'x');
        expect([room, r.error]).toEqual([room, 'No such room. Available room: practice']);
      }
    } finally {
      await only.stop();
    }
  });

  it('refuses connections beyond its limit with the original\'s "busy" error; a stop tells waiting clients why', async () => {
    const small = new MjsonpServer({ host: '127.0.0.1', port: 0, store, log: quiet, maxConnections: 2 });
    small.start();
    try {
      const at = `mjsonp://127.0.0.1:${small.port}/busy`;
      // Two clients wait in a room (a room needs four); a third is refused.
      const waiting = [playClassic(at, 'w1'), playClassic(at, 'w2')];
      await Bun.sleep(100);
      const third = await playClassic(at, 'w3');
      expect(third.error).toBe('The server is busy. Retry after a while.');
      await small.stop();
      for (const w of await Promise.all(waiting)) expect(w.error).toContain('shutting down');
    } finally {
      await small.stop();
    }
  });
});
