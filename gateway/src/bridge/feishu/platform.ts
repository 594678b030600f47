import type { Logger } from '@devhub/shared';
import { FeishuClient } from '../../feishu';
import { type FeishuInbound, readWebhook, WebhookRejected } from '../../feishu/events';
import type { FeishuBridgeConfig } from '../model';
import type { Card, ChatAddress, ChatPlatform, InboundHandler } from '../platform';
import { feishuCard, parseButtonValue } from './card';

/** Card text per message: a card body may hold 30 KB, and CJK text takes 3 bytes a character. */
export const FEISHU_MAX_CHARS = 6000;
/** Feishu waits 3 s for a card callback's answer; ours must come before that. */
const BUTTON_DEADLINE_MS = 2500;

export interface WebhookReply {
  status: number;
  body: unknown;
}

/**
 * Feishu/Lark as a chat platform: inbound through the event-subscription webhook (`handleWebhook`,
 * mounted by modules/feishu), outbound through the FeishuClient (cards, patches, thread replies,
 * images).
 */
export class FeishuPlatform implements ChatPlatform {
  readonly id = 'feishu';
  readonly canEdit = true;
  readonly maxChars: number;
  readonly allow: ChatPlatform['allow'];
  private handler: InboundHandler | null = null;
  private readonly client: FeishuClient;

  constructor(private readonly config: FeishuBridgeConfig, private readonly log: Logger, maxChars = 0) {
    this.client = new FeishuClient({ appId: config.app_id, appSecret: config.app_secret, baseUrl: config.base_url, log });
    this.maxChars = maxChars || FEISHU_MAX_CHARS;
    this.allow = {
      users: new Set(config.allowed_users.map(String)),
      chats: new Set(config.allowed_chats.map(String)),
      notifyChats: config.notify_chats.map(String),
    };
  }

  async start(handler: InboundHandler): Promise<void> {
    this.handler = handler;
  }

  async stop(): Promise<void> {
    this.handler = null;
  }

  /** One webhook delivery: the raw body and the headers that sign it. */
  async handleWebhook(raw: string, headers: Headers): Promise<WebhookReply> {
    let inbound: FeishuInbound;
    try {
      inbound = readWebhook(raw, {
        timestamp: headers.get('x-lark-request-timestamp'), nonce: headers.get('x-lark-request-nonce'), signature: headers.get('x-lark-signature'),
      }, { verificationToken: this.config.verification_token, encryptKey: this.config.encrypt_key });
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      this.log.warn(`feishu webhook refused: ${error.message}`);
      return { status: error.status, body: { detail: error.message } };
    }
    const handler = this.handler;
    if (inbound.kind === 'challenge') return { status: 200, body: { challenge: inbound.challenge } };
    if (inbound.kind === 'ignored' || !handler) {
      this.log.debug(`feishu webhook: ignored ${inbound.kind === 'ignored' ? inbound.reason : 'delivery (bridge stopped)'}`);
      return { status: 200, body: {} };
    }
    if (inbound.kind === 'message') {
      if (inbound.senderType && inbound.senderType !== 'user') return { status: 200, body: {} };
      const address: ChatAddress = { chatId: inbound.chatId, ...(inbound.threadId ? { threadId: inbound.threadId, replyTo: inbound.rootId ?? inbound.messageId } : {}) };
      // Answered at once: Feishu retries a delivery that takes longer than 3 s.
      void handler.onMessage({
        eventId: inbound.eventId, address, userId: inbound.sender.openId, userAliases: inbound.sender.aliases, text: inbound.text, messageId: inbound.messageId,
      }).catch((error) => this.log.warn(`feishu message ${inbound.messageId}: ${(error as Error).message}`));
      return { status: 200, body: {} };
    }
    const value = parseButtonValue(inbound.value);
    if (!value) return { status: 200, body: { toast: { type: 'warning', content: 'Unknown button' } } };
    const outcome = await Promise.race([
      handler.onButton({
        eventId: inbound.eventId, address: { chatId: inbound.chatId }, userId: inbound.operator.openId, userAliases: inbound.operator.aliases,
        messageId: inbound.messageId, value,
      }),
      Bun.sleep(BUTTON_DEADLINE_MS).then(() => ({ ok: true, notice: 'Working on it…' })),
    ]);
    const card = 'card' in outcome && outcome.card ? feishuCard(outcome.card) : undefined;
    if (inbound.legacy) return { status: 200, body: card ?? {} };
    return {
      status: 200,
      body: { toast: { type: outcome.ok ? 'success' : 'warning', content: outcome.notice }, ...(card ? { card: { type: 'raw', data: card } } : {}) },
    };
  }

  async send(address: ChatAddress, card: Card): Promise<string> {
    const content = feishuCard(card);
    if (address.replyTo) return this.client.replyMessage(address.replyTo, 'interactive', content, { inThread: true });
    return this.client.sendMessage(address.chatId, 'interactive', content);
  }

  async edit(_address: ChatAddress, messageId: string, card: Card): Promise<void> {
    await this.client.patchCard(messageId, feishuCard(card));
  }

  async sendImage(address: ChatAddress, png: Uint8Array, _caption: string): Promise<string> {
    const imageKey = await this.client.uploadImage(png, 'screenshot.png');
    if (address.replyTo) return this.client.replyMessage(address.replyTo, 'image', { image_key: imageKey }, { inThread: true });
    return this.client.sendMessage(address.chatId, 'image', { image_key: imageKey });
  }
}
