/**
 * The JSON-lines environment for bot developers (`mahjong env`, README "Python access"): one
 * command per line in, one answer per line out, in order, so a client may pipeline many commands
 * (one per environment) and read the answers back as a batch.
 *
 *   {"cmd":"reset","env":0,"seed":7,"seats":["agent","strong","strong","strong"],"east_only":false}
 *   {"cmd":"step","env":0,"action":12}
 *   {"cmd":"close","env":0}
 *
 * Seats marked "agent" are the client's; the others are built-in AIs (random, heuristic, strong)
 * that play on until an agent seat must decide or the game ends. Every answer to reset/step is
 *   {"ok":true,"env":0,"seat":s,"obs":<state view of seat s>,"mask":[54 × 0/1],"legal":[…],
 *    "done":false,"reward":[0,0,0,0]}
 * and when the game is over `done` is true, `seat` −1, and `reward` the final points of each seat
 * (Tenhou's uma and return), with `scores` and `places`. An error is
 *   {"ok":false,"env":0,"error":{"code":"…","status":400,"message":"…"}}
 * and leaves the environment as it was (an illegal action included).
 */
import { type Static, type TSchema, Type as t } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { BUILTIN_AIS, createAgent, type Agent } from '../engine/ai';
import { ACTION_COUNT } from '../engine/table/actions';
import { Game } from '../engine/game/game';
import { ownValue } from '../engine/own-key';

export const MAX_LINE_BYTES = 64 * 1024;
export const MAX_ENVS = 4096;

const SeatKind = t.Union([t.Literal('agent'), ...BUILTIN_AIS.map((a) => t.Literal(a))]);
const EnvId = t.Integer({ minimum: 0, maximum: MAX_ENVS - 1 });

const ResetCommand = t.Object({
  cmd: t.Literal('reset'), env: t.Optional(EnvId), seed: t.Optional(t.Integer({ minimum: 0, maximum: 2 ** 32 - 1 })),
  seats: t.Optional(t.Array(SeatKind, { minItems: 4, maxItems: 4 })), east_only: t.Optional(t.Boolean()),
}, { additionalProperties: false });
const StepCommand = t.Object({ cmd: t.Literal('step'), env: t.Optional(EnvId), action: t.Integer({ minimum: 0, maximum: ACTION_COUNT - 1 }) }, { additionalProperties: false });
const CloseCommand = t.Object({ cmd: t.Literal('close'), env: t.Optional(EnvId) }, { additionalProperties: false });
export const EnvCommand = t.Union([ResetCommand, StepCommand, CloseCommand]);
/** Each command's own shape, so a bad field is named rather than "Expected union value". */
const COMMAND_BY_NAME: Record<string, TSchema> = { reset: ResetCommand, step: StepCommand, close: CloseCommand };
export type EnvCommand = Static<typeof EnvCommand>;

/** A union of literals says which values it takes; any other error keeps TypeBox's message. */
function explain(schema: TSchema, message: string): string {
  const options = (schema as { anyOf?: { const?: unknown }[] }).anyOf;
  if (!options?.every((o) => o.const !== undefined)) return message;
  return `expected one of ${options.map((o) => JSON.stringify(o.const)).join(', ')}`;
}

interface Env { game: Game; seats: (Agent | null)[] }

type Answer = Record<string, unknown>;
const fail = (env: number | null, code: string, message: string, status = 400): Answer => ({ ok: false, env, error: { code, status, message } });

export class EnvServer {
  private readonly envs = new Map<number, Env>();

  /** One line in, one answer out. */
  handle(line: string): Answer {
    if (line.length > MAX_LINE_BYTES) return fail(null, 'PAYLOAD_TOO_LARGE', `a command line is at most ${MAX_LINE_BYTES} bytes`, 413);
    let data: unknown;
    try { data = JSON.parse(line); } catch (e) { return fail(null, 'INVALID_JSON', `not JSON: ${(e as Error).message}`); }
    if (!Value.Check(EnvCommand, data)) {
      const cmd = (data as { cmd?: unknown } | null)?.cmd;
      const id = typeof (data as { env?: unknown })?.env === 'number' ? (data as { env: number }).env : null;
      const shape = typeof cmd === 'string' ? ownValue(COMMAND_BY_NAME, cmd) : undefined;
      if (!shape) return fail(id, 'INVALID_COMMAND', `not a command: "cmd" must be "reset", "step" or "close"`);
      const first = [...Value.Errors(shape, data)][0];
      return fail(id, 'INVALID_COMMAND', `${cmd}: ${first ? `${first.path || '/'}: ${explain(first.schema, first.message)}` : 'bad shape'}`);
    }
    const id = data.env ?? 0;
    switch (data.cmd) {
      case 'reset': return this.reset(id, data.seed, data.seats ?? ['agent', 'agent', 'agent', 'agent'], data.east_only ?? false);
      case 'step': return this.step(id, data.action);
      case 'close': return this.envs.delete(id) ? { ok: true, env: id, closed: true } : fail(id, 'NOT_FOUND', `no environment ${id}`, 404);
    }
  }

  private reset(id: number, seed: number | undefined, seats: string[], eastOnly: boolean): Answer {
    if (!seats.includes('agent')) return fail(id, 'INVALID_COMMAND', 'seats: at least one seat must be "agent"');
    // No seed: the walls come from a fresh 256-bit secret (as every unseeded game), not a 32-bit seed an agent could search.
    const game = new Game({ ...(seed === undefined ? {} : { seed }), maxRound: eastOnly ? 0 : 1, autoNextHand: true, names: seats.map((s, i) => `${s}-${i}`) });
    const env: Env = { game, seats: seats.map((s, i) => (s === 'agent' ? null : createAgent(s, game.seed * 4 + i))) };
    this.envs.set(id, env);
    return this.advance(id, env);
  }

  private step(id: number, action: number): Answer {
    const env = this.envs.get(id);
    if (!env) return fail(id, 'NOT_FOUND', `no environment ${id}: reset it first`, 404);
    const { game } = env;
    if (game.isOver()) return fail(id, 'GAME_OVER', 'the game is over: reset the environment', 409);
    const seat = game.actor();
    const r = game.step(seat, action);
    if (!r.ok) return fail(id, 'ILLEGAL_ACTION', `action ${action} is not legal for seat ${seat} now (${r.code}); legal: ${game.validActions(seat).join(',')}`, 422);
    return this.advance(id, env);
  }

  /** Built-in AIs play until an agent seat must decide or the game ends. */
  private advance(id: number, env: Env): Answer {
    const { game } = env;
    for (let steps = 0; !game.isOver(); steps++) {
      if (steps > 200_000) throw new Error('invariant: the built-in seats did not finish');
      const seat = game.actor();
      const ai = env.seats[seat];
      if (!ai) {
        const legal = game.validActions(seat);
        const mask = new Array<number>(ACTION_COUNT).fill(0);
        for (const a of legal) mask[a] = 1;
        return { ok: true, env: id, seat, obs: game.stateView(seat, { shallow: true }), mask, legal, done: false, reward: [0, 0, 0, 0] };
      }
      const r = game.step(seat, ai.decide(game.stateView(seat, { shallow: true })));
      if (!r.ok) throw new Error(`invariant: ${ai.name} chose an illegal action`);
    }
    const scores = game.owari?.scores ?? game.scores;
    const order = [0, 1, 2, 3].sort((a, b) => scores[b]! - scores[a]! || a - b);
    return {
      ok: true, env: id, seat: -1, obs: null, mask: new Array<number>(ACTION_COUNT).fill(0), legal: [], done: true,
      reward: game.owari?.points ?? [0, 0, 0, 0], scores: [...scores], places: [0, 1, 2, 3].map((s) => order.indexOf(s) + 1),
    };
  }
}
