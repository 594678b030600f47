import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineCommand } from 'citty';
import { AppError, BadArgument, createLogger, displayUrl, EXCLUSIVE_LISTEN, HostAllowList, listenErrorMessage, resolveListen } from '@devhub/shared';
import { createApp, type MahjongApp } from '../app';
import { loadMjaiConfig, type MjaiBots, type MjsonpRooms } from '../mjai/config';
import { MjsonpServer } from '../mjai/tcp/server';
import { LadderRunner } from '../modules/ladder/runner';
import { ladderPath, LadderStore } from '../modules/ladder/store';
import { BUILTIN_AIS } from '../engine/ai';
import { DEFAULT_LIMITS, memoryBackend } from '../modules/backend/memory';
import { DEFAULT_MAX_SAVED_GAMES, OffGameStore } from '../modules/backend/game-store';
import { TrustedProxies } from '../server/client-address';
import { DEFAULT_CREATE_RATE, describeRate, parseCreateRate, type CreateRate } from '../server/client-buckets';
import { SqliteGameStore } from '../modules/backend/sqlite';
import { SESSIONS_DB_FILE, SqliteSessionStore } from '../modules/backend/sqlite-sessions';
import type { Backend } from '../modules/backend/types';
import { DEFAULT_PREFIX, redactUrl, redisBackend } from '../modules/backend/redis';
import { dataDir, gameDbPath } from '../modules/backend/paths';
import { MAX_BODY_BYTES } from '../server/body-limit';
import { ROOM_ARGS, roomSettingsFrom, roomStoreFor } from '../modules/rooms/setup';
import { ownValue } from '../engine/own-key';

/** Games and rooms one client may hold at once by default: a tenth of the default --max-sessions. */
export const DEFAULT_MAX_PER_CLIENT = 20;

function wholeNumber(value: string, flag: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw new RangeError(`${flag} must be a whole number of at least 1, got "${value}"`);
  return n;
}

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
    bots: { type: 'string', description: 'YAML/JSON file naming the mjai bots a game may seat (ai_model "mjai:<name>") and the classic mjai rooms (rooms:)' },
    'mjai-port': { type: 'string', description: 'Also accept classic mjai clients (protocol mjsonp) at mjsonp://host:PORT/<room>; 0 = any free port' },
    ladder: { type: 'boolean', description: 'Play duplicate ladder matches in the background between the built-in AIs and the configured bots (page /ladder, mahjong ladder)' },
    'ladder-ais': { type: 'string', description: 'Ladder entrants, comma separated (default: random, heuristic, strong and every bot in --bots as mjai:<name>)' },
    'ladder-interval': { type: 'string', description: 'Seconds between two ladder matches (default 5)' },
    'mjai-timeout': { type: 'string', description: 'Seconds a classic mjai client may take per answer (default 60, as the original server)' },
    'allowed-hosts': { type: 'string', description: 'Host names this server answers besides loopback names and its own addresses, comma separated: name, .domain (and subdomains) or * (env MAHJONG_ALLOWED_HOSTS); others get 403 (DNS rebinding)' },
    'admin-token': { type: 'string', description: 'Token that may list and end every session (env MAHJONG_ADMIN_TOKEN; default: none)' },
    'data-dir': { type: 'string', description: 'Where finished games are stored (games.sqlite; env MAHJONG_DIR, default ~/.mahjong)' },
    store: { type: 'boolean', default: true, description: 'Store every finished game (--no-store: keep none)' },
    'max-saved-games': { type: 'string', description: `Finished games kept; saving one more removes the oldest (rated room games are never removed) (env MAHJONG_MAX_SAVED_GAMES, default ${DEFAULT_MAX_SAVED_GAMES})` },
    'create-rate': { type: 'string', description: `New games and rooms one client address may start: <count>/<s|min|hour|day>, or off; the admin token is exempt (env MAHJONG_CREATE_RATE, default ${DEFAULT_CREATE_RATE.count}/min)` },
    'create-burst': { type: 'string', description: `How many of them may come at once (env MAHJONG_CREATE_BURST, default ${DEFAULT_CREATE_RATE.burst}, or the count if smaller)` },
    'max-per-client': { type: 'string', description: `Games and rooms (and classic mjai connections) one client address may hold at once, so nobody takes every one of --max-sessions, or off (env MAHJONG_MAX_PER_CLIENT, default ${DEFAULT_MAX_PER_CLIENT}, off with --create-rate off; the admin token is exempt)` },
    'trusted-proxy': { type: 'string', description: 'Reverse proxies or tunnels in front of this server, comma separated addresses or CIDR ranges (env MAHJONG_TRUSTED_PROXY): only from them is X-Forwarded-For believed for the per-client limit' },
    redis: { type: 'string', description: 'Share sessions, events and finished games with other servers through Redis, e.g. redis://127.0.0.1:6379 (env MAHJONG_REDIS_URL)' },
    'redis-prefix': { type: 'string', description: `Prefix of every Redis key and channel (default ${DEFAULT_PREFIX})` },
    ...ROOM_ARGS,
  },
  async run({ args }) {
    const log = createLogger('mahjong');
    let listen: { host: string; port: number }, maxSessions: number, ttlMinutes: number;
    let mjaiBots: MjaiBots | undefined;
    let rooms: MjsonpRooms = {};
    let mjaiPort: number | null = null;
    let mjaiTimeout = 60;
    let ladderInterval = 5;
    let entrants: string[] = [];
    let maxSavedGames = DEFAULT_MAX_SAVED_GAMES;
    let createRate: CreateRate | null;
    let trustedProxies: string[];
    let maxPerClient: number | null;
    try {
      const perClient = args['max-per-client'] ?? process.env.MAHJONG_MAX_PER_CLIENT;
      const saved = args['max-saved-games'] ?? process.env.MAHJONG_MAX_SAVED_GAMES;
      if (saved !== undefined) maxSavedGames = wholeNumber(saved, '--max-saved-games');
      createRate = parseCreateRate(args['create-rate'] ?? process.env.MAHJONG_CREATE_RATE ?? `${DEFAULT_CREATE_RATE.count}/min`, args['create-burst'] ?? process.env.MAHJONG_CREATE_BURST);
      // `--create-rate off` means no per-client limit at all, unless a cap is asked for by name.
      maxPerClient = perClient === undefined ? (createRate ? DEFAULT_MAX_PER_CLIENT : null)
        : perClient.trim().toLowerCase() === 'off' ? null : wholeNumber(perClient, '--max-per-client');
      trustedProxies = (args['trusted-proxy'] ?? process.env.MAHJONG_TRUSTED_PROXY ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      new TrustedProxies(trustedProxies);
      if (args.store !== false) notAFile(dataDir(args['data-dir']));
      if (args.bots) ({ bots: mjaiBots, rooms } = loadMjaiConfig(args.bots));
      if (args['mjai-port'] !== undefined) {
        mjaiPort = Number(args['mjai-port']);
        if (!Number.isInteger(mjaiPort) || mjaiPort < 0 || mjaiPort > 65535) throw new RangeError(`--mjai-port must be a port number 0-65535, got "${args['mjai-port']}"`);
      }
      mjaiTimeout = positive(args['mjai-timeout'], 60, '--mjai-timeout');
      ladderInterval = args['ladder-interval'] === '0' ? 0 : positive(args['ladder-interval'], 5, '--ladder-interval');
      entrants = args['ladder-ais'] ? args['ladder-ais'].split(',').map((x) => x.trim()).filter(Boolean)
        : [...BUILTIN_AIS, ...Object.keys(mjaiBots ?? {}).map((n) => `mjai:${n}`)];
      for (const e of entrants) {
        const known = (BUILTIN_AIS as readonly string[]).includes(e) || (e.startsWith('mjai:') && ownValue(mjaiBots, e.slice(5)) !== undefined);
        if (!known) throw new RangeError(`--ladder-ais: "${e}" is neither a built-in AI (${BUILTIN_AIS.join(', ')}) nor mjai:<name> of a bot in --bots`);
      }
      if (args.ladder && new Set(entrants).size < 2) throw new RangeError('--ladder-ais needs at least two different entrants');
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
        backend = await redisBackend({ url: redisUrl, prefix: args['redis-prefix'], limits, maxGames: maxSavedGames, log });
      } catch (err) {
        throw new AppError('REDIS_UNAVAILABLE', 500, (err as Error).message);
      }
      if (args.store === false) backend = { ...backend, games: new OffGameStore() };
      log.info(`sessions, events and finished games are shared through ${redactUrl(redisUrl)}`);
    } else backend = localBackend(limits, args.store === false ? null : dataDir(args['data-dir']), maxSavedGames, log);
    let ladder: LadderStore;
    try {
      ladder = new LadderStore(args.store === false ? null : ladderPath(dataDir(args['data-dir'])));
    } catch (err) {
      throw new AppError('INVALID_LADDER', 500, `${(err as Error).message}: move it away to start a new ladder`);
    }
    const runner = args.ladder ? new LadderRunner(ladder, { entrants: [...new Set(entrants)], bots: mjaiBots, intervalMs: ladderInterval * 1000, log }) : null;
    const roomSettings = roomSettingsFrom(args, limits.ttlMs);
    const roomStore = await roomStoreFor({ redisUrl, prefix: args['redis-prefix'], dataDir: redisUrl || args.store === false ? null : dataDir(args['data-dir']), maxRooms: maxSessions, ttlMs: limits.ttlMs, maxUnrated: maxSavedGames, log })
      .catch((err) => { throw new AppError('REDIS_UNAVAILABLE', 500, `rooms: ${(err as Error).message}`); });
    const allowedHosts = (args['allowed-hosts'] ?? process.env.MAHJONG_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);
    const hosts = new HostAllowList(allowedHosts, listen.host, '--allowed-hosts');
    const app = createApp({ log, backend, mjaiBots, adminToken, ladder, ladderRunning: () => runner !== null, roomStore, roomSettings, hosts, createRate, trustedProxies, maxPerClient });
    log.info(createRate
      ? `new games and rooms: at most ${describeRate(createRate)} per client address${trustedProxies.length ? ` (X-Forwarded-For believed from ${trustedProxies.join(', ')})` : ''}; admin token exempt`
      : 'new games and rooms: no per-client rate (--create-rate off)');
    if (maxPerClient) log.info(`one client address holds at most ${maxPerClient} games and rooms at once (--max-per-client)`);
    try {
      app.listen({ hostname: listen.host, port: listen.port, maxRequestBodySize: MAX_BODY_BYTES * 16, idleTimeout: 60, ...EXCLUSIVE_LISTEN });
    } catch (err) {
      throw new AppError('LISTEN_FAILED', 500, listenError(err, listen));
    }
    const port = app.server?.port ?? listen.port;
    let mjsonp: MjsonpServer | null = null;
    if (mjaiPort !== null) {
      mjsonp = new MjsonpServer({ host: listen.host, port: mjaiPort, store: backend.games, log, rooms, timeoutMs: mjaiTimeout * 1000, maxPerClient });
      try { mjsonp.start(); } catch (err) {
        throw new AppError('LISTEN_FAILED', 500, listenError(err, { host: listen.host, port: mjaiPort }));
      }
    }
    runner?.start();
    const stop = stopOnce(app, log, async () => { await mjsonp?.stop(); }, async () => { await runner?.stop(); });
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // Announced only once the signal handlers are in place: whoever waits for this line may stop us at once.
    if (mjsonp) log.info(`classic mjai clients: mjsonp://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${mjsonp.port}/<room>`);
    log.ready(`mahjong listening on ${displayUrl(listen.host, port)} (docs: ${displayUrl(listen.host, port)}/docs)`);
  },
});

/**
 * The server's stop, for SIGINT and SIGTERM. Ctrl-C under a launcher (`bun run start`) brings
 * SIGINT from the terminal and SIGTERM from the launcher: the server stops once, and the second
 * signal does not ask an Elysia that has stopped to stop again ("Elysia isn't running"). The event
 * streams end first: a graceful stop would otherwise wait for them forever.
 */
export function stopOnce(app: MahjongApp, log: { warn: (m: string) => void }, ...others: Array<() => Promise<void>>): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  return () => {
    stopping ??= (async () => {
      app.decorator.games.closeStreams();
      app.decorator.rooms.closeStreams();
      const results = await Promise.allSettled([app.stop(true), ...others.map((stopOther) => stopOther())]);
      for (const result of results) if (result.status === 'rejected') log.warn(`stopping: ${(result.reason as Error).message}`);
    })();
    return stopping;
  };
}

/**
 * One server: games in progress in `sessions.sqlite` and finished games in `games.sqlite` under
 * `dir` (`--no-store`: nothing on disk, sessions in memory only). A database that cannot be
 * opened is reported here, once, and the server runs on: games are played (in memory only, if
 * it is the session database), the history answers 503 naming the problem, and saving is tried
 * again when a game ends.
 */
function localBackend(limits: { maxSessions: number; ttlMs: number }, dir: string | null, maxGames: number, log: ReturnType<typeof createLogger>): Backend {
  if (!dir) return memoryBackend(limits, new OffGameStore());
  const dbPath = gameDbPath(dir);
  const store = new SqliteGameStore(dbPath, { maxGames });
  const problem = store.check();
  if (problem) log.error(`${problem} — finished games are not saved until this is fixed (the history answers 503)`);
  else log.info(`finished games are stored in ${dbPath} (the newest ${maxGames.toLocaleString('en')})`);
  let sessions: SqliteSessionStore | undefined;
  const sessionsPath = resolve(dir, SESSIONS_DB_FILE);
  try {
    sessions = SqliteSessionStore.open(sessionsPath, log, limits);
    log.info(`games in progress are kept in ${sessionsPath} (${sessions.restored} restored)`);
  } catch (err) {
    log.error(`${(err as Error).message} — games in progress are kept in memory only (a restart loses them)`);
  }
  return memoryBackend(limits, store, undefined, sessions);
}

/** The data directory may not exist yet (it is made), but a file in its place is a mistake to say at once (exit 2). */
function notAFile(dir: string): void {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (st && !st.isDirectory()) throw new RangeError(`the data directory ${dir} (--data-dir, env MAHJONG_DIR) is not a directory`);
}
