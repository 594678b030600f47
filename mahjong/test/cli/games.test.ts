import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { RandomAgent } from '../../src/engine/ai';
import { Game } from '../../src/engine/game';
import { parseLogText } from '../../src/formats';
import { canonicalGame } from '../../src/formats/canonical';
import { placementsOf, tokenHash } from '../../src/modules/backend/game-store';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';
import type { StoredGame } from '../../src/modules/backend/types';

const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

async function run(dir: string, ...args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, ...args], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, MAHJONG_DIR: dir, NO_COLOR: '1' } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

/** A finished East-only game of four random players, as the server would store it. */
function playedGame(seed: number, id: string, finishedAt: string): StoredGame {
  const game = new Game({ seed, maxRound: 0 });
  const agents = [0, 1, 2, 3].map((s) => new RandomAgent(seed + s));
  while (!game.isOver()) {
    const seat = game.actor();
    if (seat < 0) { game.nextHand(); continue; }
    game.step(seat, agents[seat]!.pick(game.validActions(seat)));
  }
  const owari = game.owari!;
  return {
    id, createdAt: finishedAt, finishedAt, mode: 'human_ai', maxRound: 0, seed, seeded: true, ais: [null, 'strong', 'heuristic', 'random'],
    scores: owari.scores, points: owari.points, placements: placementsOf(owari.scores), hands: game.log.length,
    tokenHash: tokenHash('t'), mjlog: game.toMjlog(),
  };
}

describe('mahjong games', () => {
  const dir = temp.make('mj-games-');
  const first = playedGame(41, '1111aaaa-0000-4000-8000-000000000001', '2026-01-02T10:00:00.000Z');
  const second = playedGame(42, '2222bbbb-0000-4000-8000-000000000002', '2026-01-03T10:00:00.000Z');
  const store = new SqliteGameStore(join(dir, 'games.sqlite'));
  beforeAll(async () => {
    await store.save(first);
    await store.save(second);
  });
  afterAll(() => store.close());

  it('lists the stored games newest first, as text and as JSON', async () => {
    const text = await run(dir, 'games', 'list');
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toStartWith('2222bbbb  2026-01-03 10:00  vs AI East');
    expect(lines[0]).toContain(`you ${second.placements[0]}`);
    expect(lines[1]).toStartWith('1111aaaa');
    expect(lines.at(-1)).toContain('2 of 2 games');
    const json = await run(dir, 'games', 'list', '--json');
    const parsed = JSON.parse(json.stdout);
    expect(parsed.total).toBe(2);
    // The same shape as GET /api/games (snake_case): one JSON reader serves both.
    expect(parsed.games.map((g: any) => g.game_id)).toEqual([second.id, first.id]);
    expect(parsed.games[0]).toMatchObject({ mode: 'human_ai', max_round: second.maxRound, ais: [null, 'strong', 'heuristic', 'random'], scores: second.scores, placements: second.placements });
    expect(parsed.games[0].finishedAt).toBeUndefined();
    expect(parsed.games[0].mjlog).toBeUndefined();
    expect(parsed.games[0].tokenHash).toBeUndefined();
  });

  it('pages with --limit and --offset, and says so past the last game', async () => {
    const second = await run(dir, 'games', 'list', '--limit', '1', '--offset', '1');
    expect(second.code).toBe(0);
    const lines = second.stdout.trim().split('\n');
    expect(lines[0]).toStartWith('1111aaaa');
    expect(lines.at(-1)).toContain('games 2–2 of 2');
    const past = await run(dir, 'games', 'list', '--offset', '2');
    expect(past.code).toBe(0);
    expect(past.stdout).toContain('no games past the first 2: 2 stored in');
  });

  it('shows one game by a unique id prefix', async () => {
    const res = await run(dir, 'games', 'show', '1111');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`game      ${first.id}`);
    expect(res.stdout).toContain('East only, seeded practice game (seed 41, not rated)');
    for (const s of [0, 1, 2, 3]) expect(res.stdout).toContain(String(first.scores[s]));
    const json = JSON.parse((await run(dir, 'games', 'show', first.id, '--json')).stdout);
    expect(json).toMatchObject({ game_id: first.id, seed: 41, seeded: true, points: first.points, hands: first.hands });
    const missing = await run(dir, 'games', 'show', '9999');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no stored game "9999"');
  });

  it('exports in every format, to a file or stdout, and the formats module reads each back as the same game', async () => {
    const original = canonicalGame(parseLogText(first.mjlog).paipu);
    for (const format of ['xml', 'tenhou6', 'mjai']) {
      const out = join(dir, `g.${format}`);
      const toFile = await run(dir, 'games', 'export', '1111aaaa', '--format', format, '--out', out);
      expect([format, toFile.code, toFile.stderr]).toEqual([format, 0, expect.stringContaining(`→ ${out} (${format}`)]);
      const fromFile = parseLogText(readFileSync(out, 'utf8'));
      expect(fromFile.format).toBe(format as any);
      expect(canonicalGame(fromFile.paipu)).toEqual(original);
      const toStdout = await run(dir, 'games', 'export', first.id, '--format', format);
      expect(canonicalGame(parseLogText(toStdout.stdout).paipu)).toEqual(original);
    }
    const bad = await run(dir, 'games', 'export', first.id, '--format', 'pdf');
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--format must be one of xml, tenhou6, mjai')]);
  });

  it('names a damaged database file or a missing one, exit 1, no stack trace', async () => {
    const bad = temp.make('mj-games-bad-');
    writeFileSync(join(bad, 'games.sqlite'), 'not a database\n'.repeat(100));
    const res = await run(bad, 'games', 'list');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`game database ${join(bad, 'games.sqlite')} is damaged or not a database`);
    expect(res.stderr).not.toContain('    at ');
    const none = await run(temp.make('mj-games-none-'), 'games', 'list');
    expect([none.code, none.stderr]).toEqual([1, expect.stringContaining('no game database at')]);
  });
});

describe('mahjong serve with a damaged game database', () => {
  it('starts, says which file is wrong, and plays games', async () => {
    const dir = temp.make('mj-serve-bad-');
    writeFileSync(join(dir, 'games.sqlite'), 'garbage '.repeat(500));
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0'], { env: { ...process.env, MAHJONG_DIR: dir, NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe' });
    let out = '';
    const reader = proc.stdout.getReader();
    const errText = new Response(proc.stderr).text();
    const deadline = Date.now() + 20_000;
    while (!/listening on (http:\S+)/.test(out) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      out += new TextDecoder().decode(value);
    }
    const base = /listening on (http:\/\/[\d.:]+)/.exec(out)?.[1];
    expect(base).toBeString();
    const created = await fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"4ai","delay_ms":0}' });
    expect(created.status).toBe(200);
    const history = await fetch(`${base}/api/games`, { headers: { 'x-session-token': 'x' } });
    expect(history.status).toBe(503);
    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(out + (await errText)).toContain('is damaged or not a database');
  });
});
