/**
 * The server's named mjai bots (`mahjong serve --bots bots.yaml`): a request may only pick a bot
 * by name (`ai_model: "mjai:<name>"`), never run a command of its own. YAML or JSON:
 *
 *   bots:
 *     mortal: { command: "python3 /opt/mortal/mortal/mortal.py", protocol: mortal, timeout_ms: 5000 }
 *     remote: { url: "ws://127.0.0.1:9000/bot" }
 */
import { readFileSync } from 'node:fs';
import { AppError } from '@devhub/shared';
import { type Static, Type as t } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { parse } from 'yaml';
import { MjaiDialectName } from './dialect';

export const MjaiBotSpec = t.Object({
  /** Command line (split on spaces, quotes keep spaces; run without a shell), or … */
  command: t.Optional(t.String({ minLength: 1 })),
  /** … a ws:// or wss:// URL. */
  url: t.Optional(t.String({ pattern: '^wss?://' })),
  /** Milliseconds per answer before the built-in AI takes the seat (default 10,000). */
  timeout_ms: t.Optional(t.Integer({ minimum: 1, maximum: 600_000 })),
  description: t.Optional(t.String()),
  /** Send the classic server's `possible_actions` / `cannot_dahai` / scores with the events (README, "Classic mjai server"). */
  possible_actions: t.Optional(t.Boolean()),
  /** How the bot is spoken to (default mjai). */
  protocol: t.Optional(MjaiDialectName),
  /** Variables a command bot gets besides PATH, HOME, USER, LANG, LC_* and TMPDIR (bot-env.ts); nothing else of the server's is passed. */
  env: t.Optional(t.Record(t.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), t.String())),
}, { additionalProperties: false });
export type MjaiBotSpec = Static<typeof MjaiBotSpec>;

/** A room of the classic mjai server (`--mjai-port`) that does not wait for four clients. */
export const MjsonpRoomSpec = t.Object({
  /** Built-in AI (random, heuristic, strong) taking the seats no client took … */
  fill: t.Optional(t.Union([t.Literal('random'), t.Literal('heuristic'), t.Literal('strong')])),
  /** … this many milliseconds after the first client joined (default 0). */
  wait_ms: t.Optional(t.Integer({ minimum: 0, maximum: 3_600_000 })),
  east_only: t.Optional(t.Boolean()),
}, { additionalProperties: false });

const Name = t.String({ pattern: '^[A-Za-z0-9_.-]{1,40}$' });

export const MjaiBotsFile = t.Object({
  bots: t.Optional(t.Record(Name, MjaiBotSpec)),
  rooms: t.Optional(t.Record(Name, MjsonpRoomSpec)),
}, { additionalProperties: false });
export type MjsonpRooms = Record<string, Static<typeof MjsonpRoomSpec>>;
export type MjaiBots = Record<string, MjaiBotSpec>;

export class InvalidBotsConfig extends AppError {
  constructor(message: string) { super('INVALID_CONFIG', 400, message); }
}

export function parseMjaiBots(text: string, source: string): MjaiBots {
  return parseMjaiConfig(text, source).bots;
}

/** The whole file: named bots and classic-server rooms. */
export function parseMjaiConfig(text: string, source: string): { bots: MjaiBots; rooms: MjsonpRooms } {
  let data: unknown;
  try { data = parse(text); } catch (e) { throw new InvalidBotsConfig(`${source}: not YAML or JSON (${(e as Error).message})`); }
  if (!Value.Check(MjaiBotsFile, data)) {
    const er = [...Value.Errors(MjaiBotsFile, data)].slice(0, 3).map((x) => `${x.path || '/'}: ${x.message}`);
    throw new InvalidBotsConfig(`${source}: not a bots file (${er.join('; ')})`);
  }
  const bots = data.bots ?? {};
  for (const [name, spec] of Object.entries(bots)) {
    if ((spec.command === undefined) === (spec.url === undefined)) throw new InvalidBotsConfig(`${source}: bot ${name} needs exactly one of command and url`);
  }
  return { bots, rooms: data.rooms ?? {} };
}

export function loadMjaiConfig(path: string): { bots: MjaiBots; rooms: MjsonpRooms } {
  let text: string;
  try { text = readFileSync(path, 'utf8'); } catch (e) { throw new InvalidBotsConfig(`${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`); }
  return parseMjaiConfig(text, path);
}

export const loadMjaiBots = (path: string): MjaiBots => loadMjaiConfig(path).bots;
