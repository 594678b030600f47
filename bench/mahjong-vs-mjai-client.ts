/**
 * A classic mjai client (a bot written for the original mjai server, e.g. gimite/mjai-manue, run
 * unchanged) in one seat against three built-in AIs: starts `mahjong serve --mjai-port` with a room
 * whose empty seats the AI fills, runs the client once per game, and reports the client's average
 * place with a 95 % interval, its rank counts, and the AI seats' average. The seats are shuffled by
 * the room (as the original server does) and every game has a fresh wall: not a duplicate match,
 * so intervals are wider than the arena's.
 *
 * Run: bun bench/mahjong-vs-mjai-client.ts --client "coffee /path/mjai-manue/coffee/main.coffee {url}"
 *      [--ai strong] [--games 100] [--cwd DIR]   ({url} becomes mjsonp://127.0.0.1:PORT/ROOM)
 *      [--publish DATA_DIR --name manue]   (also shows the figures on that data directory's ladder)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishRun } from '../mahjong/src/modules/ladder/runs';

const arg = (name: string, fallback?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const client = arg('client');
if (!client?.includes('{url}')) {
  console.error('usage: bun bench/mahjong-vs-mjai-client.ts --client "<command with {url}>" [--ai strong] [--games 100] [--cwd DIR]');
  process.exit(2);
}
const ai = arg('ai', 'strong')!;
const games = Number(arg('games', '100'));
const cwd = arg('cwd');
const CLI = join(import.meta.dir, '../mahjong/src/cli/index.ts');
const publishTo = arg('publish');
const clientName = arg('name', 'mjai client')!;

const dir = mkdtempSync(join(tmpdir(), 'mj-vs-client-'));
writeFileSync(join(dir, 'bots.yaml'), `rooms:\n  bench: { fill: ${ai}, wait_ms: 0 }\n`);
const server = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--mjai-port', '0', '--bots', join(dir, 'bots.yaml'), '--data-dir', join(dir, 'data')], { stdout: 'pipe', stderr: 'pipe' });

/** The server's log lines, as they come (consola writes to both streams). */
const lines: string[] = [];
async function follow(stream: ReadableStream<Uint8Array>): Promise<void> {
  let buffer = '';
  for await (const chunk of stream) {
    buffer += new TextDecoder().decode(chunk);
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  }
}
void follow(server.stdout);
void follow(server.stderr);

async function waitFor<T>(find: () => T | undefined, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`no ${what} within ${ms} ms; server said:\n${lines.join('\n')}`);
    await Bun.sleep(50);
  }
}

const fillName = new RegExp(`^${ai}-\\d$`);
const places: number[] = [];
const aiPlaces: number[] = [];
/** The AI seats' mean place per game: their three seats share a game, so the interval counts games. */
const aiPerGame: number[] = [];
try {
  const port = await waitFor(() => lines.map((l) => /mjsonp:\/\/[^:]+:(\d+)\//.exec(l)?.[1]).find(Boolean), 30_000, 'mjai port');
  const url = `mjsonp://127.0.0.1:${port}/bench`;
  for (let g = 0; g < games; g++) {
    const seen = lines.length;
    const run = Bun.spawn(['sh', '-c', client.replaceAll('{url}', url)], { cwd, stdout: 'ignore', stderr: 'ignore' });
    await run.exited;
    const over = await waitFor(() => lines.slice(seen).find((l) => l.includes('mjai room bench: game over')), 10_000, `game ${g + 1}'s end`).catch(() => undefined);
    if (!over) { console.error(`game ${g + 1}: no result (the client exited ${run.exitCode})`); continue; }
    // "game over (name:score name:score …)" in seat order; a tie goes to the earlier seat.
    const seats = /game over \(([^)]*)\)/.exec(over)![1]!.split(' ').map((s, seat) => ({ ai: fillName.test(s.slice(0, s.lastIndexOf(':'))), score: Number(s.slice(s.lastIndexOf(':') + 1)), seat }));
    const ranked = [...seats].sort((a, b) => b.score - a.score || a.seat - b.seat);
    ranked.forEach((s, i) => (s.ai ? aiPlaces : places).push(i + 1));
    aiPerGame.push(ranked.reduce((a, s, i) => a + (s.ai ? i + 1 : 0), 0) / ranked.filter((s) => s.ai).length);
    if ((g + 1) % 10 === 0) console.error(`${g + 1}/${games}: client average place ${(places.reduce((a, b) => a + b, 0) / places.length).toFixed(3)}`);
  }
} finally {
  server.kill();
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const half = (xs: number[]) => 1.96 * Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1) / xs.length);
const counts = [1, 2, 3, 4].map((r) => places.filter((p) => p === r).length);
console.log(`client vs three ${ai}: ${places.length} hanchan; client average place ${mean(places).toFixed(3)} ± ${half(places).toFixed(3)} (95 %), ranks 1-4: ${counts.join(' / ')}; ${ai} seats ${mean(aiPlaces).toFixed(3)}`);

if (publishTo && places.length > 1) {
  const command = `bun bench/mahjong-vs-mjai-client.ts --client "${client}" --ai ${ai} --games ${games}`;
  const path = publishRun(publishTo, {
    version: 1, at: new Date().toISOString(), kind: 'rooms', label: command, lineup: [clientName, ai, ai, ai], games: places.length, east_only: false,
    contestants: [
      { name: clientName, games: places.length, avg_place: { mean: mean(places), ci95: half(places) } },
      { name: ai, games: aiPlaces.length, avg_place: { mean: mean(aiPlaces), ci95: half(aiPerGame) } },
    ],
  });
  console.log(`published to the ladder: ${path}`);
}
