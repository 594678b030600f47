import { AppError } from '@devhub/shared';
import { createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';
import { jsonTextDeeperThan } from '@devhub/shared/json-depth';
import { MAX_JSON_DEPTH } from '../modules/common/json-limits';

/**
 * Inbound Feishu/Lark webhook deliveries (event subscription and card callbacks): decryption,
 * signature and token checks, and the parsed content. No HTTP framework here; the route in
 * modules/feishu hands over the raw body and headers.
 *
 * Wire format (Feishu open platform, "event subscription" and "card callback" documents):
 * - With an Encrypt Key, the body is `{"encrypt": base64(iv ‖ AES-256-CBC(PKCS#7, key = SHA-256(encrypt_key)))}`.
 * - Signed requests carry `X-Lark-Request-Timestamp`, `X-Lark-Request-Nonce` and
 *   `X-Lark-Signature = hex(sha256(timestamp + nonce + encrypt_key + raw body))`; the URL check is not signed.
 * - `{"type": "url_verification", "challenge", "token"}` is answered with `{"challenge"}`.
 * - Events 2.0: `{"schema": "2.0", "header": {event_id, event_type, token, create_time, app_id, tenant_key}, "event": {…}}`.
 * - Old message-card callbacks (no schema): `{open_id, user_id, open_message_id, open_chat_id, tenant_key, token, action: {value, tag}}`,
 *   signed as `hex(sha1(timestamp + nonce + verification_token + raw body))`.
 */

export class WebhookRejected extends AppError {
  constructor(status: 400 | 401, reason: string) {
    super('FEISHU_WEBHOOK_REJECTED', status, reason);
  }
}

export interface WebhookSecrets {
  verificationToken: string;
  encryptKey: string;
}

export interface SignatureHeaders {
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
}

/** How old a signed delivery may be: retries come within hours; the dedupe window is a day. */
export const MAX_SIGNED_AGE_S = 24 * 60 * 60;

export interface FeishuSender {
  openId: string;
  /** user_id and union_id, when the app may see them. */
  aliases: string[];
}

export type FeishuInbound =
  | { kind: 'challenge'; challenge: string }
  | {
    kind: 'message'; eventId: string; sender: FeishuSender; senderType: string; chatId: string; chatType: string;
    messageId: string; threadId?: string; rootId?: string; messageType: string; text: string;
    /** The file of an image, file, audio or media message (download it with the message's id). */
    resource?: FeishuResource;
  }
  | {
    kind: 'card'; eventId: string; legacy: boolean; operator: FeishuSender; chatId: string; messageId: string;
    value: Record<string, unknown>;
  }
  | { kind: 'ignored'; reason: string };

/**
 * A message's file: `key` (image_key or file_key) with the message id is what
 * `GET /im/v1/messages/{message_id}/resources/{key}?type=image|file` takes. `audio` is a voice note.
 */
export interface FeishuResource {
  kind: 'image' | 'file' | 'audio';
  key: string;
  name?: string;
}

export function decryptBody(encrypt: string, encryptKey: string): string {
  const key = createHash('sha256').update(encryptKey, 'utf8').digest();
  const data = Buffer.from(encrypt, 'base64');
  if (data.length < 32 || (data.length - 16) % 16 !== 0) throw new Error('ciphertext has a wrong length');
  const decipher = createDecipheriv('aes-256-cbc', key, data.subarray(0, 16));
  return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]).toString('utf8');
}

export const eventSignature = (timestamp: string, nonce: string, encryptKey: string, body: string) =>
  createHash('sha256').update(timestamp + nonce + encryptKey, 'utf8').update(body, 'utf8').digest('hex');

export const cardSignature = (timestamp: string, nonce: string, verificationToken: string, body: string) =>
  createHash('sha1').update(timestamp + nonce + verificationToken, 'utf8').update(body, 'utf8').digest('hex');

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function checkSigned(headers: SignatureHeaders, expected: (ts: string, nonce: string) => string, nowS: number): void {
  const { timestamp, nonce, signature } = headers;
  if (!timestamp || !nonce || !signature) throw new WebhookRejected(401, 'unsigned request (X-Lark-Signature, X-Lark-Request-Timestamp and X-Lark-Request-Nonce are required)');
  if (!same(signature.toLowerCase(), expected(timestamp, nonce))) throw new WebhookRejected(401, 'bad signature');
  const at = Number(timestamp);
  if (!Number.isFinite(at) || Math.abs(nowS - at) > MAX_SIGNED_AGE_S) throw new WebhookRejected(401, `signed request too old (timestamp ${timestamp})`);
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Deliveries are parsed before anything proves who sent them (the webhook needs no key), so they get
 * the linear depth scan REST bodies get (README "Security model"): JSON.parse of a megabyte of
 * brackets would hold the server's one thread for seconds.
 */
function refuseDeep(text: string, what: string): void {
  if (jsonTextDeeperThan(text, MAX_JSON_DEPTH)) throw new WebhookRejected(400, `${what} is nested deeper than ${MAX_JSON_DEPTH} levels`);
}

/** A JSON text inside a delivery (a message's content, a button's value); undefined when it is not one. */
function parseInner(text: string): unknown {
  if (jsonTextDeeperThan(text, MAX_JSON_DEPTH)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseJson(text: string, what: string): Json {
  refuseDeep(text, what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WebhookRejected(400, `${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new WebhookRejected(400, `${what} is not a JSON object`);
  return value as Json;
}

/**
 * Reads one delivery: decrypts it, answers the URL check, verifies the signature (required when an
 * Encrypt Key is configured) and the verification token, and returns what it says. Throws
 * WebhookRejected (400/401) for anything that is not a genuine delivery for this app.
 */
export function readWebhook(raw: string, headers: SignatureHeaders, secrets: WebhookSecrets, nowS = Math.floor(Date.now() / 1000)): FeishuInbound {
  const outer = parseJson(raw, 'body');
  const body = opened(outer, secrets.encryptKey, 'body');

  if (body.type === 'url_verification') {
    if (!same(str(body.token), secrets.verificationToken)) throw new WebhookRejected(401, 'url_verification with a wrong verification token');
    if (secrets.encryptKey && body === outer) throw new WebhookRejected(400, 'url_verification in plain text, but an encrypt_key is configured');
    return { kind: 'challenge', challenge: str(body.challenge) };
  }

  // An old message-card callback: not an event; signed with the verification token.
  if (isLegacyCard(body)) {
    checkSigned(headers, (ts, nonce) => cardSignature(ts, nonce, secrets.verificationToken, raw), nowS);
    return legacyCard(body);
  }

  if (secrets.encryptKey) {
    if (body === outer) throw new WebhookRejected(400, 'plain-text event, but an encrypt_key is configured');
    checkSigned(headers, (ts, nonce) => eventSignature(ts, nonce, secrets.encryptKey, raw), nowS);
  }
  if (body.schema !== '2.0') {
    if (!same(str(body.token), secrets.verificationToken)) throw new WebhookRejected(401, 'wrong verification token');
    return notV2(body);
  }
  if (!same(str(obj(body.header).token), secrets.verificationToken)) throw new WebhookRejected(401, 'wrong verification token');
  return eventOf(body);
}

const isLegacyCard = (body: Json) => !('schema' in body) && 'action' in body && 'open_message_id' in body;

/** The body inside `{"encrypt": …}`, decrypted with the app's Encrypt Key; a plain body as it is. */
function opened(outer: Json, encryptKey: string, what: string): Json {
  if (typeof outer.encrypt !== 'string') return outer;
  if (!encryptKey) throw new WebhookRejected(400, `encrypted ${what}, but no encrypt_key is configured`);
  // AES-CBC has no integrity check: with another key the padding still passes about once in 256
  // tries and yields garbage. Feishu encrypts only JSON objects, so garbage is the same refusal.
  const undecryptable = () => new WebhookRejected(401, `${what} does not decrypt with the configured encrypt_key`);
  let plain: string;
  try {
    plain = decryptBody(outer.encrypt, encryptKey);
  } catch {
    throw undecryptable();
  }
  refuseDeep(plain, `decrypted ${what}`);
  try {
    return parseJson(plain, `decrypted ${what}`);
  } catch {
    throw undecryptable();
  }
}

/** An event in the old (1.0) format: acknowledged, not acted on. */
const notV2 = (body: Json): FeishuInbound => ({ kind: 'ignored', reason: `event format ${str(obj(body.event).type) || str(body.type) || 'v1'} (subscribe to 2.0 events such as im.message.receive_v1)` });

/**
 * An event pushed over the long connection (bridge/feishu/long-connection.ts): the same JSON as a
 * webhook delivery, but the connection itself is the proof of origin, so there is no token or
 * signature to check. An app with an Encrypt Key still gets `{"encrypt": …}` bodies.
 */
export function readPushedEvent(raw: string, encryptKey: string): FeishuInbound {
  const body = opened(parseJson(raw, 'event'), encryptKey, 'event');
  if (isLegacyCard(body)) return legacyCard(body);
  if (body.schema !== '2.0') return notV2(body);
  return eventOf(body);
}

function legacyCard(body: Json): FeishuInbound {
  const action = obj(body.action);
  return {
    kind: 'card', legacy: true, eventId: `card:${str(body.open_message_id)}:${str(body.token)}`,
    operator: { openId: str(body.open_id), aliases: [str(body.user_id)].filter(Boolean) },
    chatId: str(body.open_chat_id), messageId: str(body.open_message_id), value: actionValue(action.value),
  };
}

/** A 2.0 event (`{schema, header, event}`) whose origin has been checked. */
function eventOf(body: Json): FeishuInbound {
  const header = obj(body.header);
  const eventId = str(header.event_id);
  const type = str(header.event_type);
  const event = obj(body.event);
  if (!eventId) throw new WebhookRejected(400, 'event without header.event_id');
  if (type === 'im.message.receive_v1') return messageEvent(eventId, event);
  if (type === 'card.action.trigger') {
    const operator = obj(event.operator);
    const context = obj(event.context);
    return {
      kind: 'card', legacy: false, eventId,
      operator: { openId: str(operator.open_id), aliases: [str(operator.user_id), str(operator.union_id)].filter(Boolean) },
      chatId: str(context.open_chat_id), messageId: str(context.open_message_id), value: actionValue(obj(event.action).value),
    };
  }
  return { kind: 'ignored', reason: `event ${type || '(no type)'}` };
}

/** A button's `value` is an object, or (some clients) that object as a JSON string. */
function actionValue(value: unknown): Json {
  return obj(typeof value === 'string' ? parseInner(value) : value);
}

function messageEvent(eventId: string, event: Json): FeishuInbound {
  const sender = obj(event.sender);
  const ids = obj(sender.sender_id);
  const message = obj(event.message);
  const messageType = str(message.message_type);
  const content = obj(parseInner(str(message.content)));
  const mentions = Array.isArray(message.mentions) ? message.mentions.map((m) => str(obj(m).key)).filter(Boolean) : [];
  return {
    kind: 'message', eventId,
    sender: { openId: str(ids.open_id), aliases: [str(ids.user_id), str(ids.union_id)].filter(Boolean) },
    senderType: str(sender.sender_type),
    chatId: str(message.chat_id), chatType: str(message.chat_type), messageId: str(message.message_id),
    ...(str(message.thread_id) ? { threadId: str(message.thread_id) } : {}),
    ...(str(message.root_id) ? { rootId: str(message.root_id) } : {}),
    messageType, text: stripMentions(textOf(messageType, content), mentions),
    ...resourceOf(messageType, content),
  };
}

/** image `{image_key}`, file `{file_key, file_name}`, audio `{file_key, duration}`, media (video) `{file_key, image_key, file_name}`. */
function resourceOf(type: string, content: Json): { resource?: FeishuResource } {
  const name = str(content.file_name);
  if (type === 'image' && str(content.image_key)) return { resource: { kind: 'image', key: str(content.image_key) } };
  if ((type === 'file' || type === 'media') && str(content.file_key)) return { resource: { kind: 'file', key: str(content.file_key), ...(name ? { name } : {}) } };
  if (type === 'audio' && str(content.file_key)) return { resource: { kind: 'audio', key: str(content.file_key) } };
  return {};
}

/** The text of a `text` message, or of a `post` (rich text: paragraphs of text, link, code and @ nodes). */
function textOf(type: string, content: Json): string {
  if (type === 'text') return str(content.text);
  if (type !== 'post') return '';
  // A post is `{title, content: [[node…]…]}`, in some deliveries wrapped in a locale key.
  const post = Array.isArray(content.content) ? content : obj(Object.values(content).find((v) => Array.isArray(obj(v).content)));
  const paragraphs = Array.isArray(post.content) ? post.content : [];
  const lines = paragraphs.map((p) => (Array.isArray(p) ? p : []).map((node) => {
    const n = obj(node);
    if (n.tag === 'at') return `@${str(n.user_name) || str(n.user_id)}`;
    if (n.tag === 'code_block') return `\n${str(n.text)}`;
    return str(n.text);
  }).join(''));
  const title = str(post.title);
  return [title, ...lines].filter((l) => l !== '').join('\n');
}

/** `@_user_1 /new shell` → `/new shell`: mention placeholders of a group message are not text. */
function stripMentions(text: string, keys: string[]): string {
  let out = text;
  for (const key of keys) out = out.split(key).join('');
  return out.replace(/@_user_\d+/g, '').trim();
}
