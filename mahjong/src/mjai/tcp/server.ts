/**
 * The classic mjai server (`mahjong serve --mjai-port P`): clients written for the original mjai
 * server connect to `mjsonp://host:P/<room>`. The server says `hello` (protocol "mjsonp",
 * version 3), the client answers `join {name, room}`; four clients in one room start a hanchan
 * (a room configured with `fill` seats built-in AIs after `wait_ms`). A bad join is answered with
 * `{"type":"error","message":…}` and the connection closed, as the original does.
 */
import type { Socket, TCPSocketListener } from 'bun';
import type { GameStore } from '../../modules/backend/types';
import { clientKey, isOwnMachine, parseAddress } from '../../server/client-address';
import { logText } from '../../server/log-text';
import { ownValue } from '../../engine/own-key';
import { MjsonpConnection } from './connection';
import { type RoomConfig, type RoomLog, type RoomResult, playRoom } from './room';

export const MJSONP_HELLO = { type: 'hello', protocol: 'mjsonp', protocol_version: 3 } as const;
const ROOM_NAME = /^[A-Za-z0-9_.-]{1,40}$/;
/** Names are cut to this many characters (README, "Classic mjai server"). */
export const MAX_NAME = 40;
/** A client has this long to join after `hello`. */
const JOIN_TIMEOUT_MS = 30_000;
/** Open connections (waiting or playing) beyond which a new one is refused. */
export const MAX_CONNECTIONS = 512;

export interface MjsonpServerOptions {
  host: string;
  port: number;
  store: GameStore;
  log: RoomLog;
  /** Configured rooms (fill seats with AIs, game length); other names are open rooms of four clients unless `onlyConfigured`. */
  rooms?: Record<string, RoomConfig>;
  onlyConfigured?: boolean;
  /** Milliseconds a client may take per answer (the original: 60 s). */
  timeoutMs?: number;
  /** Open connections allowed at once (default MAX_CONNECTIONS). */
  maxConnections?: number;
  /**
   * Open connections one client address may hold (`serve --max-per-client`; null: no such
   * limit), so one client cannot take every place; 127.0.0.1 and ::1 (the owner's own bots) are
   * exempt. A room needs four.
   */
  maxPerClient?: number | null;
  /** Each finished or failed room game (tests). */
  onGame?: (r: RoomResult) => void;
}

interface Waiting { name: string; conn: MjsonpConnection }

class Room {
  readonly waiting: Waiting[] = [];
  timer: ReturnType<typeof setTimeout> | undefined;
  constructor(readonly name: string, readonly config: RoomConfig) {}
}

export class MjsonpServer {
  private listener: TCPSocketListener<MjsonpConnection> | null = null;
  private readonly rooms = new Map<string, Room>();
  private readonly games = new Set<Promise<unknown>>();
  private open = 0;
  private readonly conns = new Set<MjsonpConnection>();
  /** Open connections per client key (client-address.ts), for `maxPerClient`. */
  private readonly perClient = new Map<string, number>();

  constructor(private readonly o: MjsonpServerOptions) {}

  get port(): number {
    return this.listener?.port ?? this.o.port;
  }

  start(): void {
    this.listener = Bun.listen<MjsonpConnection>({
      hostname: this.o.host,
      port: this.o.port,
      socket: {
        open: (socket) => {
          socket.setNoDelay?.(true);
          socket.data = new MjsonpConnection(socket, `${socket.remoteAddress}`);
          this.conns.add(socket.data);
          if (++this.open > (this.o.maxConnections ?? MAX_CONNECTIONS)) {
            this.refuse(socket.data, 'The server is busy. Retry after a while.');
            return;
          }
          if (!this.admit(socket.data, socket.remoteAddress)) {
            this.refuse(socket.data, `Too many connections from your address (at most ${this.o.maxPerClient}). Retry after a while.`);
            return;
          }
          socket.data.send(MJSONP_HELLO);
          void this.handshake(socket.data);
        },
        data: (socket, chunk) => socket.data.receive(chunk),
        drain: (socket) => socket.data.flush(),
        close: (socket) => this.left(socket),
        error: (socket) => this.left(socket),
      },
    });
  }

  private left(socket: Socket<MjsonpConnection>): void {
    const conn = socket.data;
    if (!conn || !conn.counted) return;
    conn.counted = false;
    this.open--;
    if (conn.clientKey !== null) {
      const n = (this.perClient.get(conn.clientKey) ?? 1) - 1;
      if (n > 0) this.perClient.set(conn.clientKey, n); else this.perClient.delete(conn.clientKey);
    }
    this.conns.delete(conn);
    conn.gone();
    for (const room of this.rooms.values()) {
      const i = room.waiting.findIndex((w) => w.conn === conn);
      if (i >= 0) room.waiting.splice(i, 1);
      if (room.waiting.length === 0) this.drop(room);
    }
  }

  /** Counts the connection under its client's key; false when that client already holds its share. */
  private admit(conn: MjsonpConnection, remote: string): boolean {
    const max = this.o.maxPerClient;
    const bytes = parseAddress(remote);
    if (!max || !bytes || isOwnMachine(bytes)) return true;
    const key = clientKey(bytes);
    const n = this.perClient.get(key) ?? 0;
    if (n >= max) return false;
    this.perClient.set(key, n + 1);
    conn.clientKey = key;
    return true;
  }

  private refuse(conn: MjsonpConnection, message: string): void {
    conn.send({ type: 'error', message });
    conn.end();
  }

  private async handshake(conn: MjsonpConnection): Promise<void> {
    let line: string;
    try { line = await conn.lines.next(JOIN_TIMEOUT_MS, conn.label); } catch (e) {
      this.refuse(conn, (e as Error).message);
      return;
    }
    let msg: unknown;
    try { msg = JSON.parse(line); } catch (e) {
      this.refuse(conn, `JSON syntax error: ${(e as Error).message}`);
      return;
    }
    const m = msg as { type?: unknown; name?: unknown; room?: unknown };
    if (typeof m !== 'object' || m === null || m.type !== 'join' || typeof m.name !== 'string' || !m.name || typeof m.room !== 'string' || !m.room) {
      this.refuse(conn, `Expected e.g. ${JSON.stringify({ type: 'join', name: 'noname', room: 'default' })}`);
      return;
    }
    const configured = ownValue(this.o.rooms, m.room);
    if (!ROOM_NAME.test(m.room) || (this.o.onlyConfigured && !configured)) {
      const open = Object.keys(this.o.rooms ?? {});
      this.refuse(conn, `No such room. Available room${open.length === 1 ? '' : 's'}: ${open.length ? open.join(', ') : 'any name of 1-40 letters, digits, _ . -'}`);
      return;
    }
    if (conn.isClosed) return;
    let room = this.rooms.get(m.room);
    if (!room) {
      room = new Room(m.room, configured ?? {});
      this.rooms.set(m.room, room);
    }
    if (room.waiting.length >= 4) {
      this.refuse(conn, 'The room is busy. Retry after a while.');
      return;
    }
    // Shown on the history page and in start_game: no control or invisible format character (a
    // U+202E override would turn the page's own text after the name around).
    const name = [...m.name.replace(/[\p{Cc}\p{Cf}]/gu, '')].slice(0, MAX_NAME).join('') || 'player';
    conn.label = `player ${logText(name)}`;
    room.waiting.push({ name, conn });
    this.o.log.info(`mjai room ${room.name}: ${logText(name)} joined (${room.waiting.length}/4)`);
    if (room.waiting.length === 4) this.begin(room);
    else if (room.config.fill && room.waiting.length === 1) {
      room.timer = setTimeout(() => this.begin(room), room.config.wait_ms ?? 0);
    }
  }

  private drop(room: Room): void {
    if (room.timer) clearTimeout(room.timer);
    room.timer = undefined;
    if (this.rooms.get(room.name) === room) this.rooms.delete(room.name);
  }

  /** The room's clients leave the waiting list and play; the room is free for the next four. */
  private begin(room: Room): void {
    this.drop(room);
    const players = room.waiting.splice(0).filter((w) => !w.conn.isClosed);
    if (players.length === 0) return;
    const game = playRoom(room.name, room.config, players, { store: this.o.store, log: this.o.log, timeoutMs: this.o.timeoutMs ?? 60_000 })
      .then((r) => this.o.onGame?.(r))
      .catch((e) => this.o.log.error(`mjai room ${room.name}: ${logText((e as Error).message, 400)}`));
    this.games.add(game);
    void game.finally(() => this.games.delete(game));
  }

  /**
   * Stops listening and tells every client (waiting or playing) that the server is shutting down;
   * a game in play then ends at its next answer. Resolves when the games are over.
   */
  async stop(): Promise<void> {
    this.listener?.stop(false);
    for (const room of [...this.rooms.values()]) this.drop(room);
    for (const c of this.conns) this.refuse(c, 'The server is shutting down.');
    await Promise.allSettled([...this.games]);
  }
}
