import { AppError } from '@devhub/shared';

/** tmux reports a missing server/session/window with these; callers treat them as "gone". */
export function isMissingTarget(stderr: string): boolean {
  return /no server running|can't find (session|window|pane)|session not found|window not found|error connecting/i.test(stderr);
}

export class TmuxError extends AppError {
  /** tmux said the server, session or window does not exist. */
  readonly missing: boolean;
  constructor(action: string, stderr: string, exitCode: number) {
    super('TMUX_FAILED', 500, `tmux ${action} failed (exit ${exitCode}): ${stderr.trim() || 'no output'}`);
    this.missing = isMissingTarget(stderr);
  }
}

export class TmuxNotInstalled extends AppError {
  constructor() {
    super('TMUX_MISSING', 503, 'tmux is not installed or not on PATH');
  }
}

export class WindowNotFound extends AppError {
  constructor(windowId: string) {
    super('WINDOW_NOT_FOUND', 404, `Window ${windowId} not found`);
  }
}

export class InvalidKey extends AppError {
  constructor(key: string) {
    super('INVALID_KEY', 400, `Invalid key: ${key}`);
  }
}

export class InvalidInput extends AppError {
  constructor(reason: string) {
    super('INVALID_INPUT', 400, `Invalid input: ${reason}`);
  }
}

export class InputTooLarge extends AppError {
  constructor(bytes: number, limit: number) {
    super('INPUT_TOO_LARGE', 413, `Input text too large: ${bytes} bytes (limit ${limit})`);
  }
}

/** Bytes of text accepted by one input call; raw key names go on tmux's argv, so less there. */
export const INPUT_LIMIT = 1024 * 1024;
export const RAW_LIMIT = 64 * 1024;
