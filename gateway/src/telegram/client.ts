import { AppError, type Logger, readBounded, redact } from '@devhub/shared';
import { sleepUnlessAborted } from '@devhub/shared/timers';
import { cut } from '@devhub/shared/text';

/**
 * The Telegram Bot API over `fetch`: `POST <api_base>/bot<token>/<method>` with a JSON body (or
 * multipart for files); answers are `{ok: true, result}` or `{ok: false, error_code, description,
 * parameters?: {retry_after}}`. The token is part of every URL, so every error message is passed
 * through `redact` before it can reach a log.
 */
export class TelegramApiError extends AppError {
  constructor(readonly method: string, readonly errorCode: number, readonly description: string, readonly retryAfter?: number) {
    super('TELEGRAM_API_ERROR', 502, `telegram ${method}: ${errorCode} ${description}`);
  }
}

export interface TelegramUser { id: number; is_bot?: boolean; username?: string; first_name?: string }
export interface TelegramChat { id: number; type: string; title?: string; is_forum?: boolean }
/** A file of a message (document, voice, audio, video…): `file_id` is what getFile takes. */
export interface TelegramFileRef { file_id: string; file_unique_id?: string; file_name?: string; mime_type?: string; file_size?: number }
export interface TelegramPhotoSize { file_id: string; file_unique_id?: string; width: number; height: number; file_size?: number }
export interface TelegramMessage {
  message_id: number;
  message_thread_id?: number;
  is_topic_message?: boolean;
  from?: TelegramUser;
  chat: TelegramChat;
  date: number;
  text?: string;
  caption?: string;
  document?: TelegramFileRef;
  photo?: TelegramPhotoSize[];
  voice?: TelegramFileRef;
  video_note?: TelegramFileRef;
  audio?: TelegramFileRef;
  video?: TelegramFileRef;
  animation?: TelegramFileRef;
}
/** getFile's answer: `file_path` is valid for at least an hour at `<api_base>/file/bot<token>/<file_path>`. */
export interface TelegramFile { file_id: string; file_unique_id?: string; file_size?: number; file_path?: string }

export interface TelegramCallbackQuery { id: string; from: TelegramUser; message?: TelegramMessage; data?: string }
export interface TelegramUpdate { update_id: number; message?: TelegramMessage; callback_query?: TelegramCallbackQuery }
export interface InlineButton { text: string; callback_data: string }
export type InlineKeyboard = { inline_keyboard: InlineButton[][] };

export interface TelegramClientOptions {
  token: string;
  apiBase: string;
  log?: Logger;
  /** Retries of a call the network or the API's front end failed (5xx); 3 unless set. */
  retries?: number;
  /** First wait before such a retry, doubling, at most 10 s; 500 ms unless set. */
  backoffMs?: number;
}

/** How long past its timeout a getUpdates may stay unanswered before it is given up. */
const POLL_GRACE_MS = 5000;

const pause = (ms: number, signal?: AbortSignal) => (signal ? sleepUnlessAborted(ms, signal) : Bun.sleep(ms));

/** A failure worth trying again: no answer, or a 5xx (Telegram's front end answers 502 now and then). */
class Transient extends Error {}

export class TelegramClient {
  constructor(private readonly options: TelegramClientOptions) {}

  private redact(text: string): string {
    return redact(text, [this.options.token]);
  }

  async call<T>(method: string, params: Record<string, unknown> | FormData, signal?: AbortSignal): Promise<T> {
    const retries = this.options.retries ?? 3;
    let rateLimited = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(method, params, signal);
      } catch (error) {
        if (signal?.aborted) throw error instanceof Transient ? this.failure(method, error) : error;
        const retryAfter = error instanceof TelegramApiError && error.errorCode === 429 ? error.retryAfter : undefined;
        // Flood control: wait as told, once, for a short wait.
        if (retryAfter !== undefined && retryAfter <= 30 && !rateLimited) {
          rateLimited = true;
          this.options.log?.warn(`telegram ${method}: rate limited, retrying in ${retryAfter} s`);
          await pause(retryAfter * 1000, signal);
          continue;
        }
        const transient = error instanceof Transient || (error instanceof TelegramApiError && error.errorCode >= 500);
        if (!transient || attempt >= retries) throw error instanceof Transient ? this.failure(method, error) : error;
        const wait = Math.min(10_000, (this.options.backoffMs ?? 500) * 2 ** attempt);
        this.options.log?.debug(`telegram ${method}: ${this.redact(error.message)}; retrying in ${wait} ms`);
        await pause(wait, signal);
      }
    }
  }

  private failure(method: string, error: Transient): AppError {
    return new AppError('TELEGRAM_HTTP_ERROR', 502, `telegram ${method}: ${error.message}`);
  }

  private async once<T>(method: string, params: Record<string, unknown> | FormData, signal?: AbortSignal): Promise<T> {
    const url = `${this.options.apiBase.replace(/\/+$/, '')}/bot${this.options.token}/${method}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST', signal,
        ...(params instanceof FormData ? { body: params } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) }),
      });
    } catch (error) {
      throw new Transient(this.redact((error as Error).message));
    }
    const text = await res.text();
    let body: { ok?: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } };
    try {
      body = JSON.parse(text);
    } catch {
      const what = `HTTP ${res.status}, non-JSON body (${text.length} bytes)`;
      if (res.status >= 500) throw new Transient(what);
      throw new AppError('TELEGRAM_HTTP_ERROR', 502, `telegram ${method}: ${what}`);
    }
    if (body.ok) return body.result as T;
    const code = body.error_code ?? res.status;
    throw new TelegramApiError(method, res.status === 429 ? 429 : code, this.redact(body.description ?? 'error'), body.parameters?.retry_after);
  }

  /** The bot itself; its `username` is how group members address commands to it (`/stop@name`). */
  getMe(signal?: AbortSignal): Promise<TelegramUser> {
    return this.call('getMe', {}, signal);
  }

  /**
   * Long polling: the server answers within `timeoutS`; a connection that a NAT or proxy dropped
   * silently would never answer, so the call gives up `POLL_GRACE_MS` after that (and the caller polls again).
   */
  getUpdates(offset: number, timeoutS: number, signal?: AbortSignal): Promise<TelegramUpdate[]> {
    const deadline = AbortSignal.timeout(timeoutS * 1000 + POLL_GRACE_MS);
    return this.call('getUpdates', { offset, timeout: timeoutS, allowed_updates: ['message', 'callback_query'] }, signal ? AbortSignal.any([signal, deadline]) : deadline);
  }

  sendMessage(chatId: string, text: string, extra: { threadId?: string; keyboard?: InlineKeyboard } = {}): Promise<TelegramMessage> {
    return this.call('sendMessage', {
      chat_id: chatId, text, parse_mode: 'HTML', link_preview_options: { is_disabled: true },
      ...(extra.threadId ? { message_thread_id: Number(extra.threadId) } : {}), ...(extra.keyboard ? { reply_markup: extra.keyboard } : {}),
    });
  }

  /** Edits a message's text; an edit that changes nothing is not an error. */
  async editMessageText(chatId: string, messageId: string, text: string, keyboard?: InlineKeyboard): Promise<void> {
    try {
      await this.call('editMessageText', {
        chat_id: chatId, message_id: Number(messageId), text, parse_mode: 'HTML', link_preview_options: { is_disabled: true },
        reply_markup: keyboard ?? { inline_keyboard: [] },
      });
    } catch (error) {
      if (error instanceof TelegramApiError && /message is not modified/i.test(error.description)) return;
      throw error;
    }
  }

  sendPhoto(chatId: string, png: Uint8Array, caption: string, threadId?: string): Promise<TelegramMessage> {
    const form = new FormData();
    form.set('chat_id', chatId);
    form.set('photo', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'screenshot.png');
    if (caption) form.set('caption', cut(caption, 1024));
    if (threadId) form.set('message_thread_id', threadId);
    return this.call('sendPhoto', form);
  }

  /** Shows "typing…" in the chat for about 5 s (or until the bot's next message). */
  sendChatAction(chatId: string, action: 'typing', threadId?: string): Promise<boolean> {
    return this.call('sendChatAction', { chat_id: chatId, action, ...(threadId ? { message_thread_id: Number(threadId) } : {}) });
  }

  getFile(fileId: string): Promise<TelegramFile> {
    return this.call('getFile', { file_id: fileId });
  }

  /**
   * A file a user sent: getFile, then GET `<api_base>/file/bot<token>/<file_path>`, reading at most
   * `maxBytes` (the Bot API serves files up to 20 MB this way).
   */
  async downloadFile(fileId: string, maxBytes: number, tooLarge: (size?: number) => Error): Promise<Uint8Array> {
    const file = await this.getFile(fileId);
    if (file.file_size !== undefined && file.file_size > maxBytes) throw tooLarge(file.file_size);
    if (!file.file_path) throw new AppError('TELEGRAM_HTTP_ERROR', 502, 'telegram getFile: no file_path in the answer');
    const url = `${this.options.apiBase.replace(/\/+$/, '')}/file/bot${this.options.token}/${file.file_path.split('/').map(encodeURIComponent).join('/')}`;
    let res: Response;
    try {
      res = await fetch(url);
    } catch (error) {
      throw new AppError('TELEGRAM_HTTP_ERROR', 502, `telegram file download: ${this.redact((error as Error).message)}`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new AppError('TELEGRAM_HTTP_ERROR', 502, `telegram file download: HTTP ${res.status}`);
    }
    return readBounded(res.body, maxBytes, () => tooLarge());
  }

  answerCallbackQuery(id: string, text: string): Promise<boolean> {
    return this.call('answerCallbackQuery', { callback_query_id: id, text: cut(text, 200) });
  }
}
