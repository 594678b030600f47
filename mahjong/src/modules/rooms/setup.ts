import { join } from 'node:path';
import { BadArgument } from '@devhub/shared';
import { MemoryRoomStore } from './memory-store';
import { RedisRoomStore } from './redis-store';
import { ResultsDb, ROOMS_DB_FILE } from './results-db';
import { DEFAULT_ROOM_SETTINGS, type RoomSettings } from './service';
import type { RoomStore } from './types';
import type { WarnLog } from '../backend/pubsub';

/** `mahjong serve` options of the rooms (README, "Rooms"). */
export const ROOM_ARGS = {
  'room-decision-ms': { type: 'string', description: `Rooms: time per decision in ms (default ${DEFAULT_ROOM_SETTINGS.clock.decisionMs})` },
  'room-bank-ms': { type: 'string', description: `Rooms: time bank per player in ms (default ${DEFAULT_ROOM_SETTINGS.clock.bankMs})` },
  'room-bank-per': { type: 'string', description: 'Rooms: the bank refills every "hand" (default) or once per "game"' },
  'room-spectator-delay-ms': { type: 'string', description: `Rooms: spectators see the table this much later (default ${DEFAULT_ROOM_SETTINGS.spectatorDelayMs})` },
  'room-bot-delay-ms': { type: 'string', description: `Rooms: pause before a bot's move (default ${DEFAULT_ROOM_SETTINGS.botDelayMs})` },
  'room-hand-pause-ms': { type: 'string', description: `Rooms: a finished hand stays on the table this long (default ${DEFAULT_ROOM_SETTINGS.handPauseMs})` },
} as const;

function ms(value: string | undefined, fallback: number, flag: string, min = 0, max = 600_000): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new BadArgument(`--${flag} must be a whole number of milliseconds ${min}–${max}, got "${value}"`);
  return n;
}

/** The room settings from serve's options; bad values are BadArgument (exit 2). */
export function roomSettingsFrom(args: Record<string, unknown>, ttlMs: number): RoomSettings {
  const d = DEFAULT_ROOM_SETTINGS;
  const a = (k: keyof typeof ROOM_ARGS) => args[k] as string | undefined;
  const per = a('room-bank-per') ?? d.clock.bankPer;
  if (per !== 'hand' && per !== 'game') throw new BadArgument(`--room-bank-per must be "hand" or "game", got "${per}"`);
  return {
    ...d, ttlMs,
    clock: { decisionMs: ms(a('room-decision-ms'), d.clock.decisionMs, 'room-decision-ms', 100, 120_000), bankMs: ms(a('room-bank-ms'), d.clock.bankMs, 'room-bank-ms'), bankPer: per },
    spectatorDelayMs: ms(a('room-spectator-delay-ms'), d.spectatorDelayMs, 'room-spectator-delay-ms'),
    botDelayMs: ms(a('room-bot-delay-ms'), d.botDelayMs, 'room-bot-delay-ms', 0, 10_000),
    handPauseMs: ms(a('room-hand-pause-ms'), d.handPauseMs, 'room-hand-pause-ms', 0, 60_000),
  };
}

/** Rooms shared through Redis, or this process's (ratings in `<dataDir>/rooms.sqlite`, or in memory without a data dir). */
export async function roomStoreFor(options: { redisUrl?: string; prefix?: string; dataDir: string | null; maxRooms: number; ttlMs: number; maxUnrated?: number; log?: WarnLog }): Promise<RoomStore> {
  if (options.redisUrl) return RedisRoomStore.connect(options.redisUrl, options.prefix ?? 'mahjong:', options.maxRooms, options.ttlMs, options.maxUnrated, options.log);
  return new MemoryRoomStore(options.maxRooms, new ResultsDb(options.dataDir ? join(options.dataDir, ROOMS_DB_FILE) : null, options.maxUnrated));
}
