/**
 * `mahjong games list|show|export`: the finished games `mahjong serve` stored, read from the same
 * database (`<MAHJONG_DIR>/games.sqlite`, or `--data-dir`; `--redis URL` for a shared store).
 * The CLI runs as the machine's user, who owns the database: it sees every game (the admin's view).
 */
import { AppError, BadArgument, writeFileAtomic } from '@devhub/shared';
import { defineCommand } from 'citty';
import { parseMjlog } from '../engine/mjlog/parse';
import { exportLog, FILE_EXTENSIONS, isLogFormat, LOG_FORMATS } from '../formats';
import { GameNotFound, MIN_PREFIX } from '../modules/backend/game-store';
import { dataDir, gameDbPath } from '../modules/backend/paths';
import { DEFAULT_PREFIX, redisBackend } from '../modules/backend/redis';
import { SqliteGameStore } from '../modules/backend/sqlite';
import type { GameStore, GameSummary, StoredGame } from '../modules/backend/types';
import { DEFAULT_LIMITS } from '../modules/backend/memory';
import { summaryJson } from '../modules/history/summary-json';

export const storeArgs = {
  'data-dir': { type: 'string', description: 'State directory holding games.sqlite (env MAHJONG_DIR, default ~/.mahjong)' },
  redis: { type: 'string', description: 'Read the games shared through this Redis instead (env MAHJONG_REDIS_URL)' },
  'redis-prefix': { type: 'string', description: `Prefix of the Redis keys (default ${DEFAULT_PREFIX})` },
} as const;

type StoreArgs = { 'data-dir'?: string; redis?: string; 'redis-prefix'?: string };

export async function withStore<T>(args: StoreArgs, fn: (store: GameStore) => Promise<T>): Promise<T> {
  const url = args.redis ?? process.env.MAHJONG_REDIS_URL;
  let store: GameStore;
  let close: () => Promise<void>;
  if (url) {
    const backend = await redisBackend({ url, prefix: args['redis-prefix'], limits: DEFAULT_LIMITS });
    store = backend.games;
    close = () => backend.close();
  } else {
    const path = gameDbPath(dataDir(args['data-dir']));
    if (!(await Bun.file(path).exists())) throw new AppError('NO_DATABASE', 404, `no game database at ${path}: \`mahjong serve\` creates it when the first game ends (or pass --data-dir)`);
    store = new SqliteGameStore(path, { readonly: true });
    close = () => store.close();
  }
  try {
    return await fn(store);
  } finally {
    await close();
  }
}

const SEATS = ['E', 'S', 'W', 'N'];
const seatAi = (ai: string | null) => ai ?? 'you';

/** `1st 38.0 (29500)` for the human's seat, or the winner and the scores for a 4ai game. */
function resultText(g: GameSummary): string {
  const cell = (seat: number) => `${seatAi(g.ais[seat]!)} ${g.placements[seat]}${['st', 'nd', 'rd', 'th'][g.placements[seat]! - 1]} ${g.points[seat]! > 0 ? '+' : ''}${g.points[seat]}`;
  return [0, 1, 2, 3].map(cell).join(' · ');
}

export function listLine(g: GameSummary): string {
  const when = g.finishedAt.replace('T', ' ').slice(0, 16);
  const mode = `${g.mode === 'human_ai' ? 'vs AI' : '4 AI'} ${g.maxRound === 0 ? 'East' : 'East-South'}`;
  return `${g.id.slice(0, 8)}  ${when}  ${mode.padEnd(16)}  ${resultText(g)}`;
}

export async function findGame(store: GameStore, id: string): Promise<StoredGame> {
  if (id.length < MIN_PREFIX) throw new BadArgument(`give at least ${MIN_PREFIX} characters of the game id`);
  const game = await store.get(id);
  if (!game) throw new AppError('GAME_NOT_FOUND', 404, `${new GameNotFound(id).message} in ${store.location} (an id prefix must match exactly one game)`);
  return game;
}

const list = defineCommand({
  meta: { name: 'list', description: 'Finished games, newest first' },
  args: {
    ...storeArgs,
    json: { type: 'boolean', description: 'Print {games, total} as JSON, each game as GET /api/games shows it' },
    limit: { type: 'string', description: 'At most this many (default 50, up to 500)' },
    offset: { type: 'string', description: 'Skip this many of the newest' },
  },
  async run({ args }) {
    const limit = args.limit === undefined ? 50 : Number(args.limit);
    const offset = args.offset === undefined ? 0 : Number(args.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new BadArgument(`--limit must be a whole number 1–500, got "${args.limit}"`);
    if (!Number.isInteger(offset) || offset < 0) throw new BadArgument(`--offset must be a whole number ≥ 0, got "${args.offset}"`);
    await withStore(args, async (store) => {
      const { games, total } = await store.list({ owners: 'all', limit, offset });
      if (args.json) { process.stdout.write(`${JSON.stringify({ games: games.map(summaryJson), total }, null, 2)}\n`); return; }
      if (!games.length) {
        process.stdout.write(total ? `no games past the first ${offset}: ${total} stored in ${store.location}\n` : `no games stored in ${store.location}\n`);
        return;
      }
      process.stdout.write(`${games.map(listLine).join('\n')}\n`);
      const shown = offset ? `games ${offset + 1}–${offset + games.length} of ${total}` : `${games.length} of ${total} games`;
      process.stdout.write(`${shown} (${store.location})\n`);
    });
  },
});

const show = defineCommand({
  meta: { name: 'show', description: 'One game: settings, AIs, final scores and placements' },
  args: {
    id: { type: 'positional', required: true, description: 'Game id (or a unique prefix of 4+ characters)' },
    ...storeArgs,
    json: { type: 'boolean', description: 'Print the game summary as JSON, as GET /api/games/:game_id shows it' },
  },
  async run({ args }) {
    await withStore(args, async (store) => {
      const g = await findGame(store, String(args.id));
      if (args.json) { process.stdout.write(`${JSON.stringify(summaryJson(g), null, 2)}\n`); return; }
      const lines = [
        `game      ${g.id}`,
        `played    ${g.createdAt} – ${g.finishedAt}`,
        `mode      ${g.mode === 'human_ai' ? 'human against three AIs' : 'four AIs'}, ${g.maxRound === 0 ? 'East only' : 'East-South'}, ${g.seeded ? `seeded practice game (seed ${g.seed}, not rated)` : 'walls from a secret (committed, revealed in the log)'}, ${g.hands} hands`,
        '',
        'seat  player           place  score    points',
        ...[0, 1, 2, 3].map((s) => `${SEATS[s]}     ${seatAi(g.ais[s]!).padEnd(15)}  ${String(g.placements[s]).padStart(5)}  ${String(g.scores[s]).padStart(6)}  ${String(g.points[s]).padStart(7)}`),
        '',
        `export with: mahjong games export ${g.id.slice(0, 8)} --format xml|tenhou6|mjai`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    });
  },
});

const exportCmd = defineCommand({
  meta: { name: 'export', description: 'Write one game as Tenhou XML, tenhou.net/6 JSON or mjai JSON lines' },
  args: {
    id: { type: 'positional', required: true, description: 'Game id (or a unique prefix of 4+ characters)' },
    format: { type: 'string', default: 'xml', description: `${LOG_FORMATS.join(' | ')} (default xml)` },
    out: { type: 'string', description: 'Write to this file (default: stdout)' },
    ...storeArgs,
  },
  async run({ args }) {
    const format = String(args.format);
    if (!isLogFormat(format)) throw new BadArgument(`--format must be one of ${LOG_FORMATS.join(', ')}, got "${format}"`);
    await withStore(args, async (store) => {
      const g = await findGame(store, String(args.id));
      const text = format === 'xml' ? g.mjlog : exportLog(parseMjlog(g.mjlog), format);
      if (args.out) {
        writeFileAtomic(String(args.out), text);
        process.stderr.write(`game ${g.id} → ${args.out} (${format}, .${FILE_EXTENSIONS[format]})\n`);
      } else process.stdout.write(text);
    });
  },
});

export default defineCommand({
  meta: { name: 'games', description: 'Finished games stored by `mahjong serve`: list, show, export' },
  subCommands: { list, show, export: exportCmd },
});
