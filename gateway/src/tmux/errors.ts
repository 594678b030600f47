import { AppError } from '@devhub/shared';

export class TmuxError extends AppError {
  constructor(action: string, stderr: string, exitCode: number) {
    super('TMUX_FAILED', 500, `tmux ${action} failed (exit ${exitCode}): ${stderr.trim() || 'no output'}`);
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
