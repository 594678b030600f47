import { AppError } from '@devhub/shared/errors';

/** A log that is not well-formed mjlog XML, or a kind of game we do not play (sanma). */
export class InvalidMjlog extends AppError {
  readonly line: number;
  readonly column: number;
  constructor(message: string, line = 0, column = 0) {
    super('INVALID_MJLOG', 400, line > 0 ? `${message} (line ${line}, column ${column})` : message, { line, column });
    this.line = line;
    this.column = column;
  }
}

/** A log with more elements than any game has: refused before its tags fill the memory. */
export class TooManyElements extends AppError {
  constructor(limit: number) {
    super('PAYLOAD_TOO_LARGE', 413, `the log has more than ${limit} XML elements (the limit; a whole game has a few thousand)`, { limit });
  }
}
