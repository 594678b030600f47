import { AppError } from '@devhub/shared/errors';

export const LOG_FORMATS = ['xml', 'tenhou6', 'mjai'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export const ACCEPTED_FORMATS =
  'Tenhou XML (mjlog, plain or gzip), tenhou.net/6 JSON ({"title","name","rule","log":[…]}) and mjai JSON lines (one event per line)';

/** Input in none of the formats we read. */
export class UnknownLogFormat extends AppError {
  constructor(what: string) {
    super('UNKNOWN_LOG_FORMAT', 400, `unrecognised log format (${what}); accepted: ${ACCEPTED_FORMATS}`, { accepted: [...LOG_FORMATS] });
  }
}

/** A log in a known format that is malformed or inconsistent; `event` names where. */
export class InvalidLog extends AppError {
  constructor(format: LogFormat, event: string, message: string) {
    super('INVALID_LOG', 400, `${format} log, ${event}: ${message}`, { format, event });
  }
}
