/**
 * A local Feishu open platform for the chat bridge, speaking the documented wire formats both ways:
 * - the Open API the gateway calls (tenant token, im/v1 messages create / reply / patch, images),
 *   answering `{code, msg, data}` and enforcing the documented rules: cards only patchable when they
 *   are interactive with `config.update_multi` true before and after, card content at most 30 KB,
 *   image messages only with an uploaded image_key; the files of users' messages at
 *   `GET /im/v1/messages/{message_id}/resources/{file_key}?type=image|file` (the bytes with
 *   Content-Type and Content-Disposition; errors as JSON: 234001 bad type, 234003 file not in msg);
 * - event deliveries to the gateway's webhook: the 2.0 envelope (`schema`, `header` with event_id,
 *   event_type, token), encrypted as `{encrypt: base64(iv ‖ AES-256-CBC(SHA-256(encrypt_key)))}` and
 *   signed with X-Lark-Signature = sha256(timestamp + nonce + encrypt_key + body) when an Encrypt
 *   Key is set; `url_verification`; `im.message.receive_v1`; `card.action.trigger`.
 * Written from the platform's documents, independently of the gateway's own code.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

export interface SentMessage {
  message_id: string;
  chat_id: string;
  msg_type: string;
  /** Parsed content, as it is now (after patches). */
  content: any;
  /** Every version: the first send, then each patch. */
  versions: any[];
  parent_id?: string;
  root_id?: string;
  thread_id?: string;
  at: number;
}

export interface MockFeishuOptions {
  appId: string;
  appSecret: string;
  verificationToken: string;
  encryptKey?: string;
}

const CARD_LIMIT = 30 * 1024;

export function startMockFeishuPlatform(options: MockFeishuOptions) {
  const messages = new Map<string, SentMessage>();
  const order: string[] = [];
  const images = new Map<string, { size: number; type: string; bytes: Uint8Array }>();
  const tokens = new Set<string>();
  const violations: string[] = [];
  let counter = 0;
  let webhook = '';
  /** Files of users' messages: message id → key → bytes. */
  const resources = new Map<string, Map<string, { bytes: Uint8Array; type: 'image' | 'file'; name?: string }>>();
  const downloads: string[] = [];
  /** Messages users sent (the bot may reply to them). */
  const replyRoots = new Map<string, { chat_id: string; root_id?: string; thread_id?: string }>();
  const ok = (data: unknown) => Response.json({ code: 0, msg: 'success', data });
  const fail = (code: number, msg: string, status = 400) => {
    violations.push(`${code} ${msg}`);
    return Response.json({ code, msg }, { status });
  };

  const checkContent = (msgType: string, content: string): any => {
    const parsed = JSON.parse(content);
    if (msgType === 'interactive' && Buffer.byteLength(content) > CARD_LIMIT) throw new Error(`card content is ${Buffer.byteLength(content)} bytes (limit 30 KB)`);
    if (msgType === 'text' && typeof parsed.text !== 'string') throw new Error('text content without text');
    if (msgType === 'image' && !images.has(parsed.image_key)) throw new Error(`unknown image_key ${parsed.image_key}`);
    return parsed;
  };

  const record = (chatId: string, msgType: string, content: any, extra: Partial<SentMessage> = {}) => {
    const id = `om_bot${++counter}`;
    const message: SentMessage = { message_id: id, chat_id: chatId, msg_type: msgType, content, versions: [content], at: Date.now(), ...extra };
    messages.set(id, message);
    order.push(id);
    return message;
  };

  const server = Bun.serve({
    hostname: '127.0.0.1', port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const path = url.pathname.replace(/^\/open-apis/, '');
      if (path === '/auth/v3/tenant_access_token/internal' && req.method === 'POST') {
        const body = (await req.json()) as { app_id?: string; app_secret?: string };
        if (body.app_id !== options.appId || body.app_secret !== options.appSecret) return fail(10014, 'app secret invalid');
        const token = `t-${randomBytes(8).toString('hex')}`;
        tokens.add(token);
        return Response.json({ code: 0, msg: 'ok', tenant_access_token: token, expire: 7200 });
      }
      if (!tokens.has((req.headers.get('authorization') ?? '').replace(/^Bearer /, ''))) return fail(99991663, 'Invalid access token for authorization.');

      const resource = /^\/im\/v1\/messages\/([^/]+)\/resources\/([^/]+)$/.exec(path);
      if (resource && req.method === 'GET') {
        const type = url.searchParams.get('type');
        if (type !== 'image' && type !== 'file') return fail(234001, 'Invalid request param.');
        const file = resources.get(decodeURIComponent(resource[1]!))?.get(decodeURIComponent(resource[2]!));
        if (!file) return fail(234003, 'File not in msg.');
        if (file.type !== type) return fail(234001, 'Invalid request param.');
        downloads.push(`${resource[1]}/${resource[2]}?type=${type}`);
        return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            'content-type': type === 'image' ? 'image/png' : 'application/octet-stream',
            'content-disposition': `attachment; filename="${file.name ?? resource[2]}"`,
          },
        });
      }
      if (path === '/im/v1/images' && req.method === 'POST') {
        const form = await req.formData();
        const image = form.get('image');
        if (form.get('image_type') !== 'message' || !(image instanceof Blob) || image.size === 0) return fail(234001, 'Invalid request param.');
        const bytes = new Uint8Array(await image.arrayBuffer());
        const key = `img_v3_mock${++counter}`;
        images.set(key, { size: image.size, type: image.type, bytes });
        return ok({ image_key: key });
      }
      if (path === '/im/v1/messages' && req.method === 'POST') {
        const body = (await req.json()) as { receive_id: string; msg_type: string; content: string };
        if (url.searchParams.get('receive_id_type') !== 'chat_id' || !body.receive_id?.startsWith('oc_')) return fail(230001, 'Your request contains an invalid request parameter, ext=invalid receive_id');
        try {
          return ok(record(body.receive_id, body.msg_type, checkContent(body.msg_type, body.content)));
        } catch (error) {
          return fail(230001, `Your request contains an invalid request parameter, ext=${(error as Error).message}`);
        }
      }
      const reply = /^\/im\/v1\/messages\/([^/]+)\/reply$/.exec(path);
      if (reply && req.method === 'POST') {
        const parent = messages.get(reply[1]!) ?? replyRoots.get(reply[1]!);
        if (!parent) return fail(230011, 'The message was not found');
        const body = (await req.json()) as { msg_type: string; content: string; reply_in_thread?: boolean };
        try {
          const content = checkContent(body.msg_type, body.content);
          return ok(record(parent.chat_id, body.msg_type, content, { parent_id: reply[1]!, root_id: parent.root_id ?? reply[1]!, ...(body.reply_in_thread ? { thread_id: parent.thread_id ?? `omt_${reply[1]}` } : {}) }));
        } catch (error) {
          return fail(230001, `Your request contains an invalid request parameter, ext=${(error as Error).message}`);
        }
      }
      const patch = /^\/im\/v1\/messages\/([^/]+)$/.exec(path);
      if (patch && req.method === 'PATCH') {
        const message = messages.get(patch[1]!);
        if (!message) return fail(230011, 'The message was not found');
        if (message.msg_type !== 'interactive') return fail(230001, 'only interactive messages can be patched');
        const body = (await req.json()) as { content: string };
        let card: any;
        try {
          card = checkContent('interactive', body.content);
        } catch (error) {
          return fail(230001, `Your request contains an invalid request parameter, ext=${(error as Error).message}`);
        }
        if (message.content?.config?.update_multi !== true || card?.config?.update_multi !== true) return fail(230099, 'card must set config.update_multi before and after the update');
        message.content = card;
        message.versions.push(card);
        return ok({});
      }
      return new Response('404 page not found', { status: 404 });
    },
  });

  const encrypt = (plain: string) => {
    const key = createHash('sha256').update(options.encryptKey!).digest();
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', key, iv);
    return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
  };

  /** `text`: the payload is the delivery's JSON text already (sent as it is, encrypted when set). */
  interface DeliverOptions { encrypt?: boolean; sign?: boolean; badSignature?: boolean; timestamp?: number; path?: string; text?: boolean }

  /** POSTs a payload to the webhook the way the platform does (encrypted and signed when an Encrypt Key is set). */
  async function deliver(payload: unknown, how: DeliverOptions = {}): Promise<{ status: number; body: any }> {
    const encrypted = how.encrypt ?? Boolean(options.encryptKey);
    const json = how.text ? String(payload) : JSON.stringify(payload);
    const body = encrypted ? JSON.stringify({ encrypt: encrypt(json) }) : json;
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (how.sign ?? Boolean(options.encryptKey)) {
      const timestamp = String(how.timestamp ?? Math.floor(Date.now() / 1000));
      const nonce = randomBytes(8).toString('hex');
      const signature = createHash('sha256').update(timestamp + nonce + (options.encryptKey ?? '') + body).digest('hex');
      Object.assign(headers, { 'x-lark-request-timestamp': timestamp, 'x-lark-request-nonce': nonce, 'x-lark-signature': how.badSignature ? signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) : signature });
    }
    const res = await fetch(webhook.replace(/\/bridge\/feishu\/events$/, how.path ?? '/bridge/feishu/events'), { method: 'POST', headers, body });
    const text = await res.text();
    let parsed: any = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed };
  }

  const envelope = (eventType: string, event: unknown, eventId = `ev_${randomBytes(12).toString('hex')}`) => ({
    schema: '2.0',
    header: { event_id: eventId, event_type: eventType, create_time: String(Date.now()), token: options.verificationToken, app_id: options.appId, tenant_key: 'tenant_mock' },
    event,
  });

  interface UserMessage {
    chat: string; user: string; text: string; thread?: { id: string; root: string }; eventId?: string; chatType?: 'p2p' | 'group'; mention?: boolean;
    /** Another message type than text: `{image_key}` for an image, `{file_key, file_name}` for a file, `{file_key, duration}` for audio. */
    type?: 'image' | 'file' | 'audio';
    /** The bytes behind the image or file (downloadable as the message's resource). */
    file?: { bytes: Uint8Array; name?: string };
  }

  /** A user's text message as im.message.receive_v1 (in a thread with `thread`, with an @bot mention with `mention`). */
  function userMessage(m: UserMessage) {
    const messageId = `om_user${++counter}`;
    replyRoots.set(messageId, { chat_id: m.chat, ...(m.thread ? { root_id: m.thread.root, thread_id: m.thread.id } : {}) });
    if (m.thread && !replyRoots.has(m.thread.root)) replyRoots.set(m.thread.root, { chat_id: m.chat, root_id: m.thread.root, thread_id: m.thread.id });
    const text = m.mention ? `@_user_1 ${m.text}` : m.text;
    const key = m.type === 'image' ? `img_v3_user${counter}` : `file_v3_user${counter}`;
    if (m.file && m.type) {
      resources.set(messageId, new Map([[key, { bytes: m.file.bytes, type: m.type === 'image' ? 'image' : 'file', ...(m.file.name ? { name: m.file.name } : {}) }]]));
    }
    const content = m.type === 'image' ? { image_key: m.file ? key : 'img_v3_user' }
      : m.type === 'file' ? { file_key: key, file_name: m.file?.name ?? 'file.bin' }
        : m.type === 'audio' ? { file_key: key, duration: 2000 } : { text };
    return envelope('im.message.receive_v1', {
      sender: { sender_id: { open_id: m.user, user_id: `uid_${m.user}`, union_id: `on_${m.user}` }, sender_type: 'user', tenant_key: 'tenant_mock' },
      message: {
        message_id: messageId, chat_id: m.chat, chat_type: m.chatType ?? 'group', message_type: m.type ?? 'text',
        content: JSON.stringify(content),
        create_time: String(Date.now()), update_time: String(Date.now()),
        ...(m.thread ? { root_id: m.thread.root, parent_id: m.thread.root, thread_id: m.thread.id } : {}),
        ...(m.mention ? { mentions: [{ key: '@_user_1', id: { open_id: 'ou_bot' }, name: 'agentgw', tenant_key: 'tenant_mock' }] } : {}),
      },
    }, m.eventId);
  }

  /**
   * The card.action.trigger callback for a button of a sent card, pressed by `user` (a button of an
   * earlier version of the card: a client that has not redrawn it yet).
   */
  function buttonPress(messageId: string, label: string | RegExp, user: string, eventId?: string) {
    const message = messages.get(messageId);
    if (!message) throw new Error(`no message ${messageId}`);
    const buttons = [...message.versions].reverse().flatMap((v: any) => (v.elements ?? []).filter((e: any) => e.tag === 'action').flatMap((e: any) => e.actions));
    const button = buttons.find((b: any) => (typeof label === 'string' ? b.text.content === label : label.test(b.text.content)));
    if (!button) throw new Error(`no button ${label} on ${messageId} (has ${buttons.map((b: any) => b.text.content).join(', ')})`);
    return envelope('card.action.trigger', {
      operator: { open_id: user, user_id: `uid_${user}`, union_id: `on_${user}`, tenant_key: 'tenant_mock' },
      token: `c-${randomBytes(6).toString('hex')}`,
      action: { tag: 'button', value: button.value },
      host: 'im_message',
      context: { open_message_id: messageId, open_chat_id: message.chat_id },
    }, eventId);
  }

  /** All text of a card (header, markdown, notes, button labels). */
  const cardText = (card: any): string => [
    card?.header?.title?.content ?? '',
    ...(card?.elements ?? []).map((e: any) => e.content ?? (e.elements ?? []).map((x: any) => x.content).join(' ') ?? ''),
    ...(card?.elements ?? []).filter((e: any) => e.tag === 'action').flatMap((e: any) => e.actions.map((a: any) => a.text.content)),
  ].join('\n');

  const inChat = (chat: string) => order.map((id) => messages.get(id)!).filter((m) => m.chat_id === chat);

  return {
    baseUrl: `http://127.0.0.1:${server.port}/open-apis`,
    messages, images, violations, downloads,
    setWebhook: (url: string) => { webhook = url; },
    deliver, envelope, userMessage, buttonPress,
    /** Sends a user's message and returns the webhook's answer. */
    say: (m: UserMessage) => deliver(userMessage(m)),
    inChat,
    cardText,
    /** The text of every message in a chat, newest last. */
    textsIn: (chat: string) => inChat(chat).map((m) => (m.msg_type === 'interactive' ? cardText(m.content) : JSON.stringify(m.content))),
    stop: () => server.stop(true),
  };
}

export type MockFeishuPlatform = ReturnType<typeof startMockFeishuPlatform>;
