/**
 * Arena contestants by name: a built-in AI, `policy` or a model file (agents, played in-process),
 * `mjai:<command>` / `mjai:ws://…` (an external bot per seat and game), or the name of a bot in
 * the `--bots` file (`mjai:<name>` or just `<name>`). `playOne` plays one game of the duplicate
 * schedule and returns its record; the same game gives the same record in any process.
 */
import { createHmac } from 'node:crypto';
import { StrongAgent } from '../engine/ai';
import { type GameRecord, seatResults } from '../engine/sim/arena';
import { playGame } from '../engine/sim/play';
import { ClassicAnnotator } from '../mjai/classic';
import type { MjaiBots, MjaiBotSpec } from '../mjai/config';
import { DEFAULT_BOT_TIMEOUT_MS, type SeatPlayer, playWithBots } from '../mjai/table';
import { botTransport, type MjaiDialect } from '../mjai/dialect';
import { agentFactory } from './agents';
import { ownValue } from '../engine/own-key';

const MJAI = 'mjai:';

export interface ContestantSetup {
  /** The contestant names (as listed in --ai). */
  names: string[];
  bots?: MjaiBots;
  /** Default per-answer timeout of command-line bots. */
  botTimeoutMs?: number;
  possibleActions?: boolean;
  /** How command-line bots (`mjai:<command>`) are spoken to; a configured bot says it itself. */
  protocol?: MjaiDialect;
  maxRound: 0 | 1;
  /**
   * 64 hex digits: games with an external bot are dealt from the secret HMAC-SHA256(wallKey, seed)
   * instead of the small seed, so a bot cannot rebuild the wall from its tiles (the four rotations
   * of a match share the seed, hence the walls). Without it (`arena`) walls come from the seed and a
   * report can be repeated.
   */
  wallKey?: string;
}

/** The bot a name stands for, or null for an in-process agent. */
function botOf(name: string, s: ContestantSetup): MjaiBotSpec | null {
  const key = name.startsWith(MJAI) ? name.slice(MJAI.length) : name;
  const configured = ownValue(s.bots, key);
  if (configured) return configured;
  if (!name.startsWith(MJAI)) return null;
  if (!key.trim()) throw new Error(`"${name}": mjai: needs a command, a ws:// URL or a bot named in --bots`);
  const protocol = s.protocol ? { protocol: s.protocol } : {};
  return /^wss?:\/\//.test(key) ? { url: key, ...protocol } : { command: key, ...protocol };
}

export type PlayOne = (seed: number, rotation: number, seats: string[]) => Promise<GameRecord>;

export function contestants(s: ContestantSetup): { playOne: PlayOne; hasBots: boolean } {
  const bots = new Map(s.names.map((n) => [n, botOf(n, s)] as const));
  const make = agentFactory(s.names.filter((n) => !bots.get(n)));
  const hasBots = [...bots.values()].some((b) => b !== null);
  const playOne: PlayOne = async (seed, rotation, seats) => {
    const salt = (seat: number) => seed * 16 + rotation * 4 + seat;
    const options = { seed, maxRound: s.maxRound, names: seats.map((n, i) => `${n}-${i}`) };
    if (!seats.some((n) => bots.get(n))) {
      const game = playGame(seats.map((n, i) => make(n, salt(i))), options);
      return { seed, rotation, seats, results: seatResults(game, seats) };
    }
    const specs = seats.map((n) => bots.get(n) ?? null);
    const timeoutMs = Math.max(...specs.map((b) => (b ? b.timeout_ms ?? s.botTimeoutMs ?? DEFAULT_BOT_TIMEOUT_MS : 0)));
    // A bot that fails is replaced by the strong AI for the rest of that game; the record says which seats.
    const { game, replaced } = await playWithBots(seats.map((n, i): SeatPlayer => {
      const spec = specs[i];
      if (!spec) return { agent: make(n, salt(i)) };
      const dialect = spec.protocol ?? 'mjai';
      return {
        bot: botTransport(spec.command ?? spec.url!, dialect, i, { env: spec.env }), fallback: new StrongAgent(), dialect,
        ...(spec.possible_actions || s.possibleActions ? { annotator: new ClassicAnnotator(i) } : {}),
      };
    }), s.wallKey ? { ...options, secret: createHmac('sha256', Buffer.from(s.wallKey, 'hex')).update(String(seed)).digest('hex') } : options, { timeoutMs });
    return {
      seed, rotation, seats, results: seatResults(game, seats),
      ...(replaced.length ? { replaced: replaced.map((r) => `seat ${r.seat} (${r.reason}: ${r.message})`), replacedSeats: replaced.map((r) => r.seat) } : {}),
    };
  };
  return { playOne, hasBots };
}

