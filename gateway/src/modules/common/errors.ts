import { AppError } from '@devhub/shared';

/** Failures the API reports. REST answers `{detail: message}`; WebSocket `{type:'error', message}`. */
export class NotInitialized extends AppError {
  constructor() { super('NOT_INITIALIZED', 503, 'Gateway not initialized'); }
}

export class SessionNotFound extends AppError {
  constructor(readonly channelId: string) {
    super('SESSION_NOT_FOUND', 404, `No session found for channel ${channelId}`, { channel_id: channelId });
  }
}

export class ChannelInUse extends AppError {
  constructor(channelId: string, windowId: string) {
    super('CHANNEL_IN_USE', 409, `Channel ${channelId} is already bound to window ${windowId}; close it first`);
  }
}

export class UnknownProvider extends AppError {
  constructor(name: string) { super('UNKNOWN_PROVIDER', 400, `Unknown provider: ${name}`); }
}

export class NotADirectory extends AppError {
  constructor(path: string) { super('NOT_A_DIRECTORY', 400, `Not a directory: ${path}`); }
}

export class PermissionDenied extends AppError {
  constructor(path: string) { super('PERMISSION_DENIED', 403, `Permission denied: ${path}`); }
}

export class MkdirFailed extends AppError {
  constructor(reason: string) { super('MKDIR_FAILED', 400, `Failed to create directory: ${reason}`); }
}

export class ScreenshotUnavailable extends AppError {
  constructor(channelId: string) { super('SCREENSHOT_UNAVAILABLE', 404, `Screenshot unavailable for channel ${channelId}`); }
}

export class Unauthorized extends AppError {
  constructor() { super('UNAUTHORIZED', 401, 'Invalid or missing API key'); }
}

export class MalformedJson extends AppError {
  constructor(reason = '') { super('MALFORMED_JSON', 400, `Malformed JSON body${reason ? `: ${reason}` : ''}`); }
}

export class BodyTooLarge extends AppError {
  constructor(limit: number) { super('BODY_TOO_LARGE', 413, `Request body too large (limit ${limit} bytes)`); }
}

export class NoPromptWaiting extends AppError {
  constructor() { super('NO_PROMPT', 409, 'No prompt with options is waiting for an answer'); }
}

export class PromptChanged extends AppError {
  constructor(shown: string) { super('PROMPT_CHANGED', 409, `The prompt on screen is not the one answered (now: ${shown || 'a prompt without a question'})`); }
}

export class MarkerDidNotMove extends AppError {
  constructor(option: number, selected: number | null) {
    super('MARKER_DID_NOT_MOVE', 409, `The prompt's marker did not reach option ${option} (it shows ${selected ?? 'no option'}); nothing was confirmed, answer again`);
  }
}

export class MarkerUnsettled extends AppError {
  constructor(option: number) {
    super('MARKER_UNSETTLED', 409, `The prompt's marker reached option ${option} only after a move was sent again, and the repeated move may still land; nothing was confirmed, answer again`);
  }
}

export class OptionNotOffered extends AppError {
  constructor(option: number, count: number) { super('OPTION_NOT_OFFERED', 400, `Option ${option} is not offered (the prompt has ${count})`); }
}

export class TooManyFailedAttempts extends AppError {
  constructor(readonly retryAfter: number) {
    super('TOO_MANY_FAILED_ATTEMPTS', 429, `Too many wrong API keys from this address; try again in ${retryAfter} s`, { retry_after: retryAfter });
  }
}
