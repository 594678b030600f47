import { defineCommand } from 'citty';
import { AppError, BadArgument, createLogger, displayUrl, EXCLUSIVE_LISTEN, listenErrorMessage, resolveListen } from '@devhub/shared';
import { createApp } from '../app';
import { loadMjaiBots, type MjaiBots } from '../mjai/config';
import { DEFAULT_LIMITS, memoryBackend } from '../modules/backend/memory';
import { OffGameStore } from '../modules/backend/game-store';
import { SqliteGameStore } from '../modules/backend/sqlite';
import type { Backend } from '../modules/backend/types';
import { DEFAULT_PREFIX, redactUrl, redisBackend } from '../modules/backend/redis';
import { dataDir, gameDbPath } from '../modules/backend/paths';
import { MAX_BODY_BYTES } from '../server/body-limit';
import { ROOM_ARGS, roomSettingsFrom, roomStoreFor } from '../modules/rooms/setup';

function positive(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new RangeError(`${flag} must be a positive number, got "${value}"`);
  return n;
}

/** Why the listener failed, in words (Bun's own error is a stack trace ending in a syscall name). */
export const listenError = (err: unknown, listen: { host: string; port: number }): string => listenErrorMessage(err, listen, 'mahjong serve');

export const DEFAULT_LISTEN = { host: '127.0.0.1', port: 8000 };
export const LISTEN_ENV = { host: 'MAHJONG_HOST', port: 'MAHJONG_PORT' };

export default defineCommand({
  meta: { name: 'serve', description: 'Run the server in the foreground' },
  args: {
    host: { type: 'string', description: `Listen address (env ${LISTEN_ENV.host}, default ${DEFAULT_LISTEN.host})` },
    port: { type: 'string', description: `Listen port, 0 = any free port (env ${LISTEN_ENV.port}, default ${DEFAULT_LISTEN.port})` },
    'max-sessions': { type: 'string', description: `Live game sessions before new ones get 429 (default ${DEFAULT_LIMITS.maxSessions})` },
    'session-ttl': { type: 'string', description: `Minutes an idle session is kept (default ${DEFAULT_LIMITS.ttlMs / 60_000})` },
    bots: { type: 'string', description: 'YAML/JSON file naming the mjai bots a game may seat (ai_model "mjai:<name>")' },
    'admin-token': { type: 'string', description: 'Token that may list and end every session (env MAHJONG_ADMIN_TOKEN; default: none)' },
    'data-dir': { type: 'string', description: 'Where finished games are stored (games.sqlite; env MAHJONG_DIR, default ~/.mahjong)' },
    store: { type: 'boolean', default: true, description: 'Store every finished game (--no-store: keep none)' },
    redis: { type: 'string', description: 'Share sessions, events and finished games with other servers through Redis, e.g. redis://127.0.0.1:6379 (env MAHJONG_REDIS_URL)' },
    'redis-prefix': { type: 'string', description: `Prefix of every Redis key and channel (default ${DEFAULT_PREFIX})` },
    ...ROOM_ARGS,
  },
  async run({ args }) {
    const log = createLogger('mahjong');
    let listen: { host: string; port: number }, maxSessions: number, ttlMinutes: number;
    let mjaiBots: MjaiBots | undefined;
    try {
      if (args.bots) mjaiBots = loadMjaiBots(args.bots);
      listen = resolveListen(args, LISTEN_ENV, DEFAULT_LISTEN);
      maxSessions = positive(args['max-sessions'], DEFAULT_LIMITS.maxSessions, '--max-sessions');
      ttlMinutes = positive(args['session-ttl'], DEFAULT_LIMITS.ttlMs / 60_000, '--session-ttl');
    } catch (err) {
      throw new BadArgument((err as Error).message);
    }
    // Bun's own limit answers with a bare 413 before the app sees the request; it sits well above
    // the app's 5 MB so that the app's 413 (in the documented error shape) is what clients get.
    const adminToken = args['admin-token'] ?? process.env.MAHJONG_ADMIN_TOKEN ?? null;
    const limits = { maxSessions, ttlMs: ttlMinutes * 60_000 };
    const redisUrl = args.redis ?? process.env.MAHJONG_REDIS_URL;
    let backend: Backend;
    if (redisUrl) {
      try {
        backend = await redisBackend({ url: redisUrl, prefix: args['redis-prefix'], limits });
      } catch (err) {
        throw new AppError('REDIS_UNAVAILABLE', 500, (err as Error).message);
      }
      if (args.store === false) backend = { ...backend, games: new OffGameStore() };
      log.info(`sessions, events and finished games are shared through ${redactUrl(redisUrl)}`);
    } else backend = localBackend(limits, args.store === false ? null : gameDbPath(dataDir(args['data-dir'])), log);
    const roomSettings = roomSettingsFrom(args, limits.ttlMs);
    const roomStore = await roomStoreFor({ redisUrl, prefix: args['redis-prefix'], dataDir: redisUrl || args.store === false ? null : dataDir(args['data-dir']), maxRooms: maxSessions, ttlMs: limits.ttlMs })
      .catch((err) => { throw new AppError('REDIS_UNAVAILABLE', 500, `rooms: ${(err as Error).message}`); });
    const app = createApp({ log, backend, mjaiBots, adminToken, roomStore, roomSettings });
    try {
      app.listen({ hostname: listen.host, port: listen.port, maxRequestBodySize: MAX_BODY_BYTES * 16, idleTimeout: 60, ...EXCLUSIVE_LISTEN });
    } catch (err) {
      throw new AppError('LISTEN_FAILED', 500, listenError(err, listen));
    }
    const port = app.server?.port ?? listen.port;
    // End the event streams first: a graceful stop would otherwise wait for them forever.
    const stop = async () => { app.decorator.games.closeStreams(); app.decorator.rooms.closeStreams(); await app.stop(true); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // Announced only once the signal handlers are in place: whoever waits for this line may stop us at once.
    log.ready(`mahjong listening on ${displayUrl(listen.host, port)} (docs: ${displayUrl(listen.host, port)}/docs)`);
  },
});

/**
 * One server: sessions in memory, finished games in SQLite (or none). A database that cannot be
 * opened is reported here, once, and the server runs on: games are played, the history answers
 * 503 naming the problem, and saving is tried again when a game ends.
 */
function localBackend(limits: { maxSessions: number; ttlMs: number }, dbPath: string | null, log: ReturnType<typeof createLogger>): Backend {
  if (!dbPath) return memoryBackend(limits, new OffGameStore());
  const store = new SqliteGameStore(dbPath);
  const problem = store.check();
  if (problem) log.error(`${problem} — finished games are not saved until this is fixed (the history answers 503)`);
  else log.info(`finished games are stored in ${dbPath}`);
  return memoryBackend(limits, store);
}
