import { swagger } from '@elysiajs/swagger';
import { docsPage } from './modules/docs';
import { createLogger, type HostAllowList } from '@devhub/shared';
import type { ConsolaInstance } from 'consola';
import { Elysia } from 'elysia';
import type { MjaiBots } from './mjai/config';
import { factoriesWith } from './modules/game/engine-adapter';
import { gameModule } from './modules/game';
import { GameService, type GameFactories } from './modules/game/service';
import { healthModule } from './modules/health';
import { replayModule } from './modules/replay';
import { DEFAULT_SAMPLES_DIR, REPLAY_LOAD_PATH } from './modules/replay/service';
import { sessionsModule } from './modules/sessions';
import { DEFAULT_LIMITS, memoryBackend, type SessionLimits } from './modules/backend/memory';
import type { Backend } from './modules/backend/types';
import { historyModule } from './modules/history';
import { webModule } from './modules/web';
import { bodyLimit, MAX_BODY_BYTES } from './server/body-limit';
import type { CreateRate } from './server/client-buckets';
import { clientResolver, type PeerServer } from './server/client-resolver';
import { StreamQuota } from './server/stream-quota';
import { TokenGuesses } from './server/token-guesses';
import { createLimit } from './server/create-limit';
import { errorMapper } from './server/on-error';
import { requestGuard } from './server/request-guard';
import { securityHeaders } from './server/security-headers';
import { VERSION } from './version';
import { GameAccess, presentedToken } from './modules/game/access';
import { ladderModule } from './modules/ladder';
import { LadderStore } from './modules/ladder/store';
import { roomsModule } from './modules/rooms';
import { MemoryRoomStore } from './modules/rooms/memory-store';
import { ResultsDb } from './modules/rooms/results-db';
import { DEFAULT_ROOM_SETTINGS, RoomService, type RoomSettings } from './modules/rooms/service';
import type { RoomStore } from './modules/rooms/types';
import { CostlyPool } from './modules/replay/costly-pool';

const DOCS_TITLE = 'mahjong — riichi mahjong platform';

export interface AppDeps {
  /** Sessions, events and finished games (default: this process's memory, no game store). */
  backend?: Backend;
  /** Limits of the default memory backend (a given backend has its own). */
  limits?: Partial<SessionLimits>;
  samplesDir?: string;
  factories?: GameFactories;
  log?: ConsolaInstance;
  maxBodyBytes?: number;
  /** Named mjai bots requests may seat (`ai_model: "mjai:<name>"`). */
  mjaiBots?: MjaiBots;
  /** May list and end every session (`serve --admin-token`, env MAHJONG_ADMIN_TOKEN). */
  adminToken?: string | null;
  /** The duplicate-match ladder shown at /ladder (default: an empty one in memory). */
  ladder?: LadderStore;
  /** Whether ladder matches are being played (`serve --ladder`). */
  ladderRunning?: () => boolean;
  /** Rooms for friends: where rooms and ratings live (default: this process, ratings in memory) and their timers. */
  roomStore?: RoomStore;
  roomSettings?: Partial<RoomSettings>;
  /** The Host names answered (DNS rebinding; `serve` always sets it); null: any Host (in-process use). */
  hosts?: HostAllowList | null;
  /**
   * How fast one client address may start games and rooms (`serve --create-rate`, which always
   * sets it); null or absent: no limit (in-process use). The admin token is never limited.
   */
  createRate?: CreateRate | null;
  /** Proxies whose X-Forwarded-For names the client (`serve --trusted-proxy`): addresses or CIDR ranges. */
  trustedProxies?: readonly string[];
  /** Games and rooms one client address holds at once (`serve --max-per-client`); null or absent: no such limit. */
  maxPerClient?: number | null;
  /** Clients whose limits are remembered at once (default 10,000). */
  maxClients?: number;
}

/** Composes the mahjong's modules; never listens (the serve command does). */
export function createApp(deps: AppDeps = {}) {
  const log = deps.log ?? createLogger('mahjong');
  const backend = deps.backend ?? memoryBackend({ ...DEFAULT_LIMITS, ...deps.limits });
  const factories = deps.factories ?? factoriesWith(deps.mjaiBots);
  const games = new GameService(factories, backend, log);
  games.startSweeper();
  const rooms = new RoomService(deps.roomStore ?? new MemoryRoomStore(backend.sessions.maxSessions, new ResultsDb(null)), factories,
    { ...DEFAULT_ROOM_SETTINGS, ttlMs: backend.sessions.ttlMs, ...deps.roomSettings }, log);
  rooms.startSweeper();
  const access = new GameAccess(deps.adminToken ?? null);
  // Analyses and reviews run off this thread (costly-pool.ts).
  const costly = new CostlyPool();
  // The two routes that start something the server then holds (joining or starting a room's game needs a room first).
  const creating = {
    '/api/game/new': { idOf: (r: unknown) => (r as { session_id?: string } | null)?.session_id, live: async (id: string) => (await backend.sessions.get(id)) !== null },
    '/api/rooms': { idOf: (r: unknown) => (r as { room?: { room_id?: string } } | null)?.room?.room_id, live: async (id: string) => (await rooms.store.get(id)) !== null },
  };
  const limit = deps.createRate || deps.maxPerClient
    ? createLimit({
      routes: creating, rate: deps.createRate ?? null, maxHeld: deps.maxPerClient ?? null, trustedProxies: deps.trustedProxies, maxClients: deps.maxClients,
      exempt: (r) => access.isAdmin(presentedToken(r)), warn: (m) => log.warn(m),
    })
    : null;
  // Who a request is for the per-client limits (none without them: every client is the owner).
  const clientOf = limit?.clientOf ?? (() => null);
  // Clients as the creation limits count them, for the limits that hold whatever those are set to.
  const resolveClient = clientResolver(deps.trustedProxies);
  // Open event streams per client (stream-quota.ts); the admin token is not counted.
  const streams = new StreamQuota();
  const openStream = (request: Request, server: PeerServer) => streams.acquire(access.isAdmin(presentedToken(request)) ? null : resolveClient(request, server));
  // Wrong tokens per client (token-guesses.ts).
  const guesses = new TokenGuesses(resolveClient);
  return new Elysia()
    // Before the error mapper, which answers and so ends the error hooks (create-limit.ts).
    .use(limit?.releaseOnError ?? new Elysia({ name: 'create-limit-release' }))
    .use(guesses.countRefusals)
    .use(errorMapper(log))
    .use(securityHeaders())
    .use(requestGuard(deps.hosts ?? null))
    .use(guesses.plugin)
    .use(limit?.plugin ?? new Elysia({ name: 'create-limit' }))
    .use(bodyLimit(deps.maxBodyBytes ?? MAX_BODY_BYTES, { rawPaths: [REPLAY_LOAD_PATH] }))
    .use(swagger({ path: '/docs', documentation: { info: { title: DOCS_TITLE, version: VERSION } } }))
    .use(docsPage(DOCS_TITLE))
    .use(healthModule())
    .use(webModule())
    .use(gameModule(games, access, openStream))
    .use(sessionsModule(games, access, guesses))
    .use(historyModule(games, access, costly, clientOf, guesses))
    .use(replayModule(costly, clientOf, deps.samplesDir ?? DEFAULT_SAMPLES_DIR))
    .use(ladderModule(deps.ladder ?? new LadderStore(null), deps.ladderRunning ?? (() => false)))
    .use(roomsModule(rooms, openStream))
    .decorate('games', games)
    .decorate('rooms', rooms)
    .decorate('createBuckets', limit?.buckets ?? null)
    .decorate('clientQuota', limit?.quota ?? null)
    .onStop(async () => { costly.close(); await rooms.close(); await games.close(); });
}

export type MahjongApp = ReturnType<typeof createApp>;
