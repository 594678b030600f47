import { type Logger, maskKey } from '@devhub/shared';
import { FeishuApiError, TOKEN_INVALID_CODES } from './errors';
import { TenantToken } from './token';
import { type RequestParts, Transport, type TransportOptions } from './transport';

export const FEISHU_BASE_URL = 'https://open.feishu.cn/open-apis';
export const LARK_BASE_URL = 'https://open.larksuite.com/open-apis';

export interface FeishuClientOptions extends Partial<TransportOptions> {
  appId: string;
  appSecret: string;
  now?: () => number;
}

export type MsgType = 'text' | 'post' | 'image' | 'file' | 'audio' | 'media' | 'sticker' | 'interactive' | 'share_chat' | 'share_user';
export type FileType = 'opus' | 'mp4' | 'pdf' | 'doc' | 'xls' | 'ppt' | 'stream';
type Content = string | Record<string, unknown>;

/** `content` is a JSON string on the wire, whatever the message type. */
const contentString = (content: Content) => (typeof content === 'string' ? content : JSON.stringify(content));

/**
 * The one outbound client for Feishu/Lark (`baseUrl` picks the platform, or a local mock).
 * Every call carries the instance's tenant token; an invalid-token answer refetches it once.
 */
export class FeishuClient {
  private readonly transport: Transport;
  private readonly token: TenantToken;
  private readonly log?: Logger;

  constructor(options: FeishuClientOptions) {
    this.transport = new Transport({ ...options, baseUrl: options.baseUrl ?? FEISHU_BASE_URL });
    this.token = new TenantToken(this.transport, options.appId, options.appSecret, options.now);
    this.log = options.log;
    this.log?.debug(`feishu client for app ${options.appId} (secret ${maskKey(options.appSecret)})`);
  }

  tenantToken(): Promise<string> {
    return this.token.get();
  }

  /**
   * POST /im/v1/messages?receive_id_type=chat_id → message_id. `parentId` sends it as a reply to
   * that message (`parent_id` in the body); `replyMessage` is the platform's own reply endpoint.
   */
  async sendMessage(chatId: string, msgType: MsgType, content: Content, options: { uuid?: string; parentId?: string } = {}): Promise<string> {
    const data = await this.call('send message', 'POST', '/im/v1/messages', {
      query: { receive_id_type: 'chat_id' },
      json: {
        receive_id: chatId,
        msg_type: msgType,
        content: contentString(content),
        ...(options.parentId ? { parent_id: options.parentId } : {}),
        ...(options.uuid ? { uuid: options.uuid } : {}),
      },
    });
    return requireString(data, 'message_id', 'send message');
  }

  sendText(chatId: string, text: string): Promise<string> {
    return this.sendMessage(chatId, 'text', { text });
  }

  /** POST /im/v1/messages/{id}/reply (`reply_in_thread` opens or continues a thread) → message_id */
  async replyMessage(messageId: string, msgType: MsgType, content: Content, options: { inThread?: boolean; uuid?: string } = {}): Promise<string> {
    const data = await this.call('reply', 'POST', `/im/v1/messages/${encodeURIComponent(messageId)}/reply`, {
      json: { msg_type: msgType, content: contentString(content), reply_in_thread: options.inThread ?? true, ...(options.uuid ? { uuid: options.uuid } : {}) },
    });
    return requireString(data, 'message_id', 'reply');
  }

  /** PATCH /im/v1/messages/{id}: replaces an interactive card (which must set `update_multi`). */
  async patchCard(messageId: string, card: Content): Promise<void> {
    await this.call('patch card', 'PATCH', `/im/v1/messages/${encodeURIComponent(messageId)}`, { json: { content: contentString(card) } });
  }

  /** POST /im/v1/images (multipart, image_type=message) → image_key */
  async uploadImage(image: Uint8Array | Blob, fileName = 'image.png'): Promise<string> {
    const data = await this.call('upload image', 'POST', '/im/v1/images', {
      form: () => {
        const form = new FormData();
        form.set('image_type', 'message');
        form.set('image', toBlob(image), fileName);
        return form;
      },
    });
    return requireString(data, 'image_key', 'upload image');
  }

  /** POST /im/v1/files (multipart: file_type, file_name, optional duration ms, file) → file_key */
  async uploadFile(file: Uint8Array | Blob, fileName: string, fileType: FileType = 'stream', durationMs?: number): Promise<string> {
    const data = await this.call('upload file', 'POST', '/im/v1/files', {
      form: () => {
        const form = new FormData();
        form.set('file_type', fileType);
        form.set('file_name', fileName);
        if (durationMs !== undefined) form.set('duration', String(Math.round(durationMs)));
        form.set('file', toBlob(file), fileName);
        return form;
      },
    });
    return requireString(data, 'file_key', 'upload file');
  }

  /**
   * GET /im/v1/messages/{message_id}/resources/{key}?type=image|file: the file of a message a user
   * sent (`type=file` also for audio and video). Reads at most `maxBytes`.
   */
  async downloadResource(messageId: string, key: string, type: 'image' | 'file', maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
    const path = `/im/v1/messages/${encodeURIComponent(messageId)}/resources/${encodeURIComponent(key)}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.token.get();
      try {
        return await this.transport.bytes('download resource', path, { query: { type }, token }, maxBytes, tooLarge);
      } catch (error) {
        if (attempt === 0 && error instanceof FeishuApiError && TOKEN_INVALID_CODES.has(error.apiCode)) {
          this.token.invalidate();
          continue;
        }
        throw error;
      }
    }
  }

  /** A call with the tenant token; on an invalid-token code the cache is dropped and it runs once more. */
  private async call(operation: string, method: string, path: string, parts: Omit<RequestParts, 'form' | 'token'> & { form?: () => FormData }): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token.get();
      try {
        const body = await this.transport.json(operation, method, path, { ...parts, form: parts.form?.(), token });
        return typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
      } catch (error) {
        if (attempt === 0 && error instanceof FeishuApiError && TOKEN_INVALID_CODES.has(error.apiCode)) {
          this.log?.info(`feishu ${operation}: token rejected (code ${error.apiCode}), fetching a new one`);
          this.token.invalidate();
          continue;
        }
        throw error;
      }
    }
  }
}

function toBlob(data: Uint8Array | Blob): Blob {
  return data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>]);
}

function requireString(data: Record<string, unknown>, key: string, operation: string): string {
  const value = data[key];
  if (typeof value !== 'string') throw new FeishuApiError(operation, -1, `response without data.${key}`, { data }, 200);
  return value;
}
