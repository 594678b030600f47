import type { Logger } from '@devhub/shared';
import { withDeadline } from '@devhub/shared/timers';
import { FeishuClient } from '../../feishu';
import { type FeishuInbound, readPushedEvent, readWebhook, WebhookRejected } from '../../feishu/events';
import type { FeishuBridgeConfig } from '../model';
import { AttachmentTooBig, type Card, type ChatAddress, type ChatPlatform, type InboundAttachment, type InboundHandler } from '../platform';
import { feishuCard, parseButtonValue } from './card';
import { endpointDomain } from './endpoint';
import { type EventContext, FeishuLongConnection } from './long-connection';

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
 * mounted by modules/feishu) or, with `mode: long_connection`, through the WebSocket the gateway
 * keeps open to the platform (long-connection.ts); both hand the same parsed events to `dispatch`.
 * Outbound through the FeishuClient (cards, patches, thread replies, images).
 */
export class FeishuPlatform implements ChatPlatform {
  readonly id = 'feishu';
  readonly canEdit = true;
  readonly maxChars: number;
  readonly allow: ChatPlatform['allow'];
  private handler: InboundHandler | null = null;
  private readonly client: FeishuClient;
  /** The long connection, in that mode; null in webhook mode. */
  readonly connection: FeishuLongConnection | null;

  constructor(private readonly config: FeishuBridgeConfig, private readonly log: Logger, maxChars = 0) {
    this.client = new FeishuClient({ appId: config.app_id, appSecret: config.app_secret, baseUrl: config.base_url, log });
    this.connection = config.mode === 'long_connection'
      ? new FeishuLongConnection({
        appId: config.app_id, appSecret: config.app_secret, domain: endpointDomain(config.base_url), log,
        onEvent: (payload, context) => this.handlePushed(payload, context),
      })
      : null;
    this.maxChars = maxChars || FEISHU_MAX_CHARS;
    this.allow = {
      users: new Set(config.allowed_users.map(String)),
      chats: new Set(config.allowed_chats.map(String)),
      notifyChats: config.notify_chats.map(String),
    };
  }

  async start(handler: InboundHandler): Promise<void> {
    this.handler = handler;
    this.connection?.start();
  }

  async stop(): Promise<void> {
    this.handler = null;
    await this.connection?.stop();
  }

  /** One webhook delivery: the raw body and the headers that sign it. */
  async handleWebhook(raw: string, headers: Headers): Promise<WebhookReply> {
    // Without this, a long-connection setup (no verification token) would take unsigned deliveries.
    if (this.connection) return { status: 404, body: { detail: 'The Feishu bridge receives events over the long connection (bridge.feishu.mode), not this webhook' } };
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
    if (inbound.kind === 'challenge') return { status: 200, body: { challenge: inbound.challenge } };
    return { status: 200, body: (await this.dispatch(inbound, 'webhook')) ?? {} };
  }

  /** One event from the long connection; the value is the callback answer its ack carries. */
  private async handlePushed(payload: string, context: EventContext): Promise<unknown> {
    let inbound: FeishuInbound;
    try {
      inbound = readPushedEvent(payload, this.config.encrypt_key);
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      this.log.warn(`feishu long connection: event ${context.messageId} refused: ${error.message}`);
      throw error;
    }
    if (inbound.kind === 'challenge') return undefined; // a webhook's URL check; never pushed
    return this.dispatch(inbound, 'long connection');
  }

  /**
   * Hands a checked event to the bridge. A message is answered at once (Feishu redelivers one whose
   * answer takes over 3 s); a button press is answered with the toast and new card for the
   * presser. Returns that answer's body (undefined: nothing to say).
   */
  private async dispatch(inbound: Exclude<FeishuInbound, { kind: 'challenge' }>, via: string): Promise<Record<string, unknown> | undefined> {
    const handler = this.handler;
    if (inbound.kind === 'ignored' || !handler) {
      this.log.debug(`feishu ${via}: ignored ${inbound.kind === 'ignored' ? inbound.reason : 'delivery (bridge stopped)'}`);
      return undefined;
    }
    if (inbound.kind === 'message') {
      if (inbound.senderType && inbound.senderType !== 'user') return undefined;
      const address: ChatAddress = { chatId: inbound.chatId, ...(inbound.threadId ? { threadId: inbound.threadId, replyTo: inbound.rootId ?? inbound.messageId } : {}) };
      // Answered at once: Feishu retries a delivery that takes longer than 3 s.
      const resource = inbound.resource;
      const attachments: InboundAttachment[] = resource ? [{
        kind: resource.kind === 'audio' ? 'voice' : resource.kind,
        name: resource.name ?? (resource.kind === 'image' ? `image-${inbound.messageId}.png` : undefined),
        download: (max) => this.client.downloadResource(inbound.messageId, resource.key, resource.kind === 'image' ? 'image' : 'file', max, () => new AttachmentTooBig(undefined, max)),
      }] : [];
      void handler.onMessage({
        eventId: inbound.eventId, address, userId: inbound.sender.openId, userAliases: inbound.sender.aliases, text: inbound.text, messageId: inbound.messageId,
        ...(attachments.length ? { attachments } : {}),
      }).catch((error) => this.log.warn(`feishu message ${inbound.messageId}: ${(error as Error).message}`));
      return undefined;
    }
    const value = parseButtonValue(inbound.value);
    if (!value) return { toast: { type: 'warning', content: 'Unknown button' } };
    const outcome = await withDeadline(handler.onButton({
      eventId: inbound.eventId, address: { chatId: inbound.chatId }, userId: inbound.operator.openId, userAliases: inbound.operator.aliases,
      messageId: inbound.messageId, value,
    }), BUTTON_DEADLINE_MS, () => ({ ok: true, notice: 'Working on it…' }));
    const card = 'card' in outcome && outcome.card ? feishuCard(outcome.card) : undefined;
    if (inbound.legacy) return card;
    return { toast: { type: outcome.ok ? 'success' : 'warning', content: outcome.notice }, ...(card ? { card: { type: 'raw', data: card } } : {}) };
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
