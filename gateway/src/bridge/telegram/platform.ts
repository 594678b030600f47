import type { Logger } from '@devhub/shared';
import { sleepUnlessAborted } from '@devhub/shared/timers';
import { TelegramClient, type TelegramMessage, type TelegramUpdate } from '../../telegram/client';
import type { TelegramBridgeConfig } from '../model';
import type { Card, ChatAddress, ChatPlatform, InboundAttachment, InboundHandler } from '../platform';
import { AttachmentTooBig } from '../platform';
import type { BridgeStore } from '../store';
import { addressedText } from './addressee';
import { parseCallbackData, telegramKeyboard, telegramText } from './format';

/** A message holds 4096 characters; leave room for the title, status line and markup. */
export const TELEGRAM_MAX_CHARS = 3500;

/**
 * Telegram as a chat platform: updates by `getUpdates` long polling (no public URL needed; the
 * offset is kept in bridge.json so a restart neither loses nor repeats updates), HTML-formatted
 * messages edited with `editMessageText`, prompt buttons as an inline keyboard. Commands addressed
 * to another bot are ignored (addressee.ts).
 */
export class TelegramPlatform implements ChatPlatform {
  readonly id = 'telegram';
  readonly canEdit = true;
  readonly maxChars: number;
  readonly allow: ChatPlatform['allow'];
  private readonly client: TelegramClient;
  private handler: InboundHandler | null = null;
  private abort: AbortController | null = null;
  private loop: Promise<void> | null = null;
  /** This bot's username (getMe), asked before the first getUpdates. */
  private username: string | null = null;

  constructor(private readonly config: TelegramBridgeConfig, private readonly log: Logger, private readonly store: () => BridgeStore, maxChars = 0) {
    this.client = new TelegramClient({ token: config.bot_token, apiBase: config.api_base, log });
    this.maxChars = maxChars || TELEGRAM_MAX_CHARS;
    this.allow = {
      users: new Set(config.allowed_users.map(String)),
      chats: new Set(config.allowed_chats.map(String)),
      notifyChats: config.notify_chats.map(String),
    };
  }

  async start(handler: InboundHandler): Promise<void> {
    this.handler = handler;
    this.abort = new AbortController();
    this.loop = this.poll(this.abort.signal);
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.loop;
    this.loop = null;
    this.handler = null;
  }

  private async poll(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      let updates: TelegramUpdate[];
      try {
        this.username ??= (await this.client.getMe(signal)).username ?? '';
        updates = await this.client.getUpdates(this.store().telegramOffset, this.config.poll_timeout_s, signal);
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        failures++;
        const wait = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
        this.log.warn(`telegram ${this.username === null ? 'getMe' : 'getUpdates'} failed (${(error as Error).message}); retrying in ${wait} ms`);
        await sleepUnlessAborted(wait, signal);
        continue;
      }
      for (const update of updates) {
        this.store().telegramOffset = update.update_id + 1;
        this.dispatch(update);
      }
    }
  }

  private dispatch(update: TelegramUpdate): void {
    const handler = this.handler;
    if (!handler) return;
    const message = update.message;
    if (message && message.from && !message.from.is_bot) {
      const text = addressedText(message.text ?? message.caption ?? '', this.username ?? '');
      if (text === null) {
        this.log.debug(`telegram message ${message.message_id}: a command for another bot; ignored`);
        return;
      }
      const address = this.addressOf(message.chat.id, message.is_topic_message ? message.message_thread_id : undefined);
      const attachments = this.attachmentsOf(message);
      void handler.onMessage({
        eventId: `u${update.update_id}`, address, userId: String(message.from.id), text,
        messageId: String(message.message_id), ...(attachments.length ? { attachments } : {}),
      }).catch((error) => this.log.warn(`telegram message ${message.message_id}: ${(error as Error).message}`));
      return;
    }
    const query = update.callback_query;
    if (!query) return;
    void this.button(handler, update.update_id, query).catch((error) => this.log.warn(`telegram button: ${(error as Error).message}`));
  }

  /** Documents, photos (the largest size), audio and video are files; voice notes and round videos are voice. */
  private attachmentsOf(message: TelegramMessage): InboundAttachment[] {
    const out: InboundAttachment[] = [];
    const download = (fileId: string) => (max: number) => this.client.downloadFile(fileId, max, (size) => new AttachmentTooBig(size, max));
    for (const file of [message.document, message.audio, message.video, message.animation]) {
      if (file) out.push({ kind: 'file', ...(file.file_name ? { name: file.file_name } : {}), ...(file.file_size ? { size: file.file_size } : {}), download: download(file.file_id) });
    }
    const photo = message.photo?.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
    if (photo) out.push({ kind: 'image', name: `photo-${message.message_id}.jpg`, ...(photo.file_size ? { size: photo.file_size } : {}), download: download(photo.file_id) });
    for (const voice of [message.voice, message.video_note]) if (voice) out.push({ kind: 'voice', download: download(voice.file_id) });
    return out;
  }

  async typing(address: ChatAddress): Promise<void> {
    await this.client.sendChatAction(address.chatId, 'typing', address.threadId);
  }

  private async button(handler: InboundHandler, updateId: number, query: NonNullable<TelegramUpdate['callback_query']>): Promise<void> {
    const value = parseCallbackData(query.data);
    const message = query.message;
    if (!value || !message) {
      await this.client.answerCallbackQuery(query.id, 'Unknown button');
      return;
    }
    const address = this.addressOf(message.chat.id, message.is_topic_message ? message.message_thread_id : undefined);
    const outcome = await handler.onButton({ eventId: `u${updateId}`, address, userId: String(query.from.id), messageId: String(message.message_id), value });
    await this.client.answerCallbackQuery(query.id, outcome.notice);
    if (outcome.card) await this.edit(address, String(message.message_id), outcome.card);
  }

  private addressOf(chatId: number, threadId: number | undefined): ChatAddress {
    return { chatId: String(chatId), ...(threadId ? { threadId: String(threadId) } : {}) };
  }

  async send(address: ChatAddress, card: Card): Promise<string> {
    const sent = await this.client.sendMessage(address.chatId, telegramText(card), { threadId: address.threadId, keyboard: telegramKeyboard(card) });
    return String(sent.message_id);
  }

  async edit(address: ChatAddress, messageId: string, card: Card): Promise<void> {
    await this.client.editMessageText(address.chatId, messageId, telegramText(card), telegramKeyboard(card));
  }

  async sendImage(address: ChatAddress, png: Uint8Array, caption: string): Promise<string> {
    const sent = await this.client.sendPhoto(address.chatId, png, caption, address.threadId);
    return String(sent.message_id);
  }
}
