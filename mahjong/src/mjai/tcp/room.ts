/**
 * One game of a classic mjai room: the clients (and, in a room configured so, built-in AIs) take
 * the seats in a shuffled order, play a hanchan with the classic server's fields on every event,
 * and the finished game is saved to the history. As in the original server, the first client
 * that answers illegally, too late or disconnects ends the game: every client gets
 * `{"type":"error","message":"Error in player N's response: …"}` and the game is not saved.
 */
import { createAgent, StrongAgent } from '../../engine/ai';
import { placementsOf, tokenHash } from '../../modules/backend/game-store';
import type { GameStore, StoredGame } from '../../modules/backend/types';
import { ClassicAnnotator } from '../classic';
import type { MjsonpRooms } from '../config';
import { type SeatPlayer, playWithBots } from '../table';
import type { MjsonpConnection } from './connection';
import { logText } from '../../server/log-text';

/** A configured room (config.ts, `rooms:`); an unconfigured one waits for four clients and plays a hanchan. */
export type RoomConfig = MjsonpRooms[string];

export interface RoomLog {
  info(message: string): void;
  error(message: string): void;
}

export interface RoomResult {
  room: string;
  /** Name per seat. */
  names: string[];
  /** The stored game's id, or null (failed, or not saved). */
  gameId: string | null;
  error: string | null;
  scores: number[] | null;
}

const randomSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;

/** Seat order from the seed: a Fisher-Yates shuffle with a small LCG (the seed is already random). */
function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function playRoom(
  room: string, config: RoomConfig, clients: { name: string; conn: MjsonpConnection }[],
  o: { store: GameStore; log: RoomLog; timeoutMs: number; seed?: number },
): Promise<RoomResult> {
  const seed = o.seed ?? randomSeed();
  const fill = config.fill ?? 'strong';
  const entrants: ({ name: string; conn: MjsonpConnection } | { name: string; ai: string })[] = [...clients];
  while (entrants.length < 4) entrants.push({ name: `${fill}-${entrants.length}`, ai: fill });
  const seats = shuffled(entrants, seed);
  const names = seats.map((e) => e.name);
  const players: SeatPlayer[] = seats.map((e, seat) => ('conn' in e
    ? { bot: e.conn, fallback: new StrongAgent(), annotator: new ClassicAnnotator(seat) }
    : { agent: createAgent(e.ai, seed * 4 + seat) }));
  o.log.info(`mjai room ${room}: game starts (${names.map((n) => logText(n)).join(', ')})`);
  const createdAt = new Date().toISOString();
  // The walls come from a fresh CSPRNG secret (committed, revealed at the end) unless the caller
  // asked for a seeded game: a bot that could rebuild a small seed would know every hand.
  const { game, replaced, aborted } = await playWithBots(players, { seed: o.seed, maxRound: config.east_only ? 0 : 1, names }, {
    timeoutMs: o.timeoutMs, abortOnFailure: true,
  });
  const conns = seats.flatMap((e) => ('conn' in e ? [e.conn] : []));
  if (aborted) {
    const r = replaced[0]!;
    const message = `Error in player ${r.seat}'s response: ${r.message}`;
    for (const c of conns) { c.send({ type: 'error', message }); c.end(); }
    o.log.error(`mjai room ${room}: game ended with an error (${logText(message, 400)})`);
    return { room, names, gameId: null, error: message, scores: null };
  }
  for (const c of conns) c.end();
  const paipu = game.toPaipu();
  const scores = paipu.owari?.scores ?? game.scores;
  const stored: StoredGame = {
    id: crypto.randomUUID(), createdAt, finishedAt: new Date().toISOString(), mode: '4ai', maxRound: config.east_only ? 0 : 1, seed,
    seeded: game.secret === null,
    ais: seats.map((e) => ('conn' in e ? `mjsonp:${e.name}` : e.ai)), scores: [...scores], points: paipu.owari?.points ?? [0, 0, 0, 0],
    placements: placementsOf([...scores]), hands: paipu.rounds.length,
    // Nobody holds this token: the room's games are the admin's to see (`mahjong games`, the admin token).
    tokenHash: tokenHash(crypto.randomUUID()), mjlog: game.toMjlog(),
  };
  let gameId: string | null = null;
  if (o.store.kind !== 'off') {
    try {
      await o.store.save(stored);
      gameId = stored.id;
    } catch (e) {
      o.log.error(`mjai room ${room}: game ${stored.id} not stored (${(e as Error).message})`);
    }
  }
  o.log.info(`mjai room ${room}: game over (${names.map((n, i) => `${logText(n)}:${scores[i]}`).join(' ')})${gameId ? `, saved as ${gameId}` : ''}`);
  return { room, names, gameId, error: null, scores: [...scores] };
}
