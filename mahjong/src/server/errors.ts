import { AppError } from '@devhub/shared';

// Malformed XML is the engine's InvalidMjlog (code INVALID_MJLOG, line, column), mapped like these.

/** mahjong/README.md (Errors): unknown session → 404 `{detail}`. */
export class SessionNotFound extends AppError {
  constructor(id: string) {
    super('SESSION_NOT_FOUND', 404, `session ${id} not found`);
  }
}

/** An action the engine refused; the body carries the seat's legal actions. */
export class IllegalAction extends AppError {
  constructor(action: number, validActions: number[]) {
    super('ILLEGAL_ACTION', 400, `action ${action} is not legal now`, { valid_actions: validActions });
  }
}

export class NotYourTurn extends AppError {
  constructor(player: number, validActions: number[], reason = `player ${player} has nothing to decide now`) {
    super('NOT_YOUR_TURN', 400, reason, { valid_actions: validActions });
  }
}

export class PayloadTooLarge extends AppError {
  constructor(limit: number) {
    super('PAYLOAD_TOO_LARGE', 413, `request body exceeds ${limit} bytes`);
  }
}

export class TooManySessions extends AppError {
  constructor(max: number) {
    super('TOO_MANY_SESSIONS', 429, `the server already runs ${max} sessions; delete one or wait for idle ones to expire`);
  }
}

export class SampleNotFound extends AppError {
  constructor(name: string) {
    super('SAMPLE_NOT_FOUND', 404, `no built-in sample named ${JSON.stringify(name)}`);
  }
}

export class BadRequest extends AppError {
  constructor(message: string) {
    super('BAD_REQUEST', 400, message);
  }
}

export class ModelLoadFailed extends AppError {
  constructor(path: string, reason: string) {
    super('MODEL_LOAD_FAILED', 400, `cannot load AI model ${path}: ${reason}`);
  }
}

/** A log whose replay would be too big to build and send (each step is a full table). */
export class ReplayTooLong extends AppError {
  constructor(steps: number, max: number) {
    super('REPLAY_TOO_LONG', 400, `the log would need up to ${steps} replay steps; at most ${max} are replayed (a hanchan has about 1,500)`);
  }
}

/**
 * A client started games or rooms faster than `serve --create-rate` allows (README, "Security
 * model"); the answer carries Retry-After with `retryAfter` seconds.
 */
export class TooManyCreations extends AppError {
  constructor(readonly retryAfter: number, rate: string) {
    super('RATE_LIMITED', 429, `this address starts games and rooms faster than this server allows (${rate}); try again in ${retryAfter} s`, { retry_after: retryAfter });
  }
}

/**
 * One client address holds `serve --max-per-client` games and rooms already (README, "Security
 * model"). When a place frees up is not known; Retry-After suggests asking again in a minute.
 */
export class TooManyHeld extends AppError {
  readonly retryAfter = 60;
  constructor(max: number) {
    super('TOO_MANY_FOR_CLIENT', 429, `this address already holds ${max} games and rooms on this server; finish or delete one, or wait for idle ones to expire`, { max_per_client: max, retry_after: 60 });
  }
}

/** One client has as many event streams open as it may (server/stream-quota.ts, README "Security model"). */
export class TooManyStreams extends AppError {
  readonly retryAfter = 10;
  constructor(max: number) {
    super('TOO_MANY_STREAMS', 429, `this address already has ${max} event streams open on this server; close a page or wait for one to end`, { max_streams: max, retry_after: 10 });
  }
}

/** The analyses and reviews waiting for the costly-work pool are at its bound (modules/replay/costly-pool.ts). */
export class ServerBusy extends AppError {
  readonly retryAfter = 5;
  constructor(queued: number) {
    super('SERVER_BUSY', 503, `${queued} analyses and reviews are already waiting; retry in a few seconds`);
  }
}

/** One address already has its share of the costly-work pool (modules/replay/costly-pool.ts). */
export class TooManyJobsForClient extends AppError {
  readonly retryAfter = 5;
  constructor(max: number) {
    super('TOO_MANY_FOR_CLIENT', 429, `this address already has ${max} analyses and reviews running or waiting; retry when one is done`, { max_per_client: max, retry_after: 5 });
  }
}
