import { AppError } from '@devhub/shared';

/**
 * The seam between the bridge (sessions, commands, rendering) and one messaging platform. A
 * platform turns its inbound wire format into `InboundMessage` / `ButtonPress` for the handler and
 * renders the platform-neutral `Card` on the way out; nothing else in the bridge knows its API.
 */

/** Where a message goes: a chat, or a thread inside it. */
export interface ChatAddress {
  chatId: string;
  /** Feishu thread id (`omt_…`) or Telegram forum topic id. */
  threadId?: string;
  /** Feishu: the message a thread's replies answer (its root). */
  replyTo?: string;
}

export interface InboundMessage {
  /** The platform's id of this delivery, for dropping retries (Feishu event_id, Telegram update_id). */
  eventId: string;
  address: ChatAddress;
  /** The sender's id as the allow-list names it (Feishu open_id, Telegram user id). */
  userId: string;
  /** Further ids of the sender an allow-list may name (Feishu user_id, union_id). */
  userAliases?: string[];
  text: string;
  messageId: string;
  /** Files, photos and voice notes the message carries (its `text` is then the caption). */
  attachments?: InboundAttachment[];
}

/**
 * A file sent to the bot. `kind` says what the platform called it; `voice` (a recorded voice note)
 * cannot be given to an assistant and is refused. `download` fetches the bytes from the platform,
 * refusing more than `maxBytes`.
 */
export interface InboundAttachment {
  kind: 'file' | 'image' | 'voice';
  /** The sender's file name, when the platform has one (never trusted as a path). */
  name?: string;
  /** Size the platform announced, when it did. */
  size?: number;
  download(maxBytes: number): Promise<Uint8Array>;
}

export const formatMb = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 10_485_760 ? 1 : 0)} MB`;

/** A file over `bridge.max_attachment_mb`: its size when the platform announced it. */
export class AttachmentTooBig extends AppError {
  constructor(readonly size: number | undefined, readonly limit: number) {
    super('ATTACHMENT_TOO_BIG', 413, `the file is ${size === undefined ? 'larger than' : `${formatMb(size)}, over`} the ${formatMb(limit)} limit (bridge.max_attachment_mb)`);
  }
}

/** Button data: answer option `o` of the prompt with signature `p` in window `w`. */
export interface ButtonValue {
  w: string;
  o: number;
  p: string;
}

/** Button data of a bridge menu (folder picker, /resume list): item `i` of menu `m`, kept in memory. */
export interface MenuValue {
  m: string;
  i: number;
}

export type AnyButtonValue = ButtonValue | MenuValue;
export const isMenuValue = (value: AnyButtonValue): value is MenuValue => 'm' in value;

export interface ButtonPress {
  eventId: string;
  address: ChatAddress;
  userId: string;
  userAliases?: string[];
  /** The message holding the button. */
  messageId: string;
  value: AnyButtonValue;
}

export type Tone = 'neutral' | 'working' | 'waiting' | 'done' | 'error';

/** The bridge's answer to a button: a short notice for the presser, and optionally the card's new look. */
export interface ButtonOutcome {
  ok: boolean;
  notice: string;
  card?: Card;
}

export type Block =
  | { type: 'markdown'; text: string }
  | { type: 'code'; text: string; lang?: string }
  | { type: 'tool'; text: string }
  | { type: 'note'; text: string };

export interface Button {
  label: string;
  value: ButtonValue;
  primary?: boolean;
}

/** A platform-neutral message: title, blocks, buttons and a one-line footer (the status line). */
export interface Card {
  title?: string;
  tone?: Tone;
  blocks: Block[];
  buttons?: Button[];
  /** Menu buttons (folder picker, /resume), below the prompt buttons. */
  menu?: MenuButton[];
  footer?: string;
}

export interface MenuButton {
  label: string;
  value: MenuValue;
}

export interface InboundHandler {
  onMessage(message: InboundMessage): Promise<void>;
  onButton(press: ButtonPress): Promise<ButtonOutcome>;
}

export interface ChatPlatform {
  /** `feishu`, `telegram`: the prefix of its channel ids (`feishu:<chat>[:<thread>]`). */
  readonly id: string;
  /** Most characters of card text one message may hold (before the platform's markup). */
  readonly maxChars: number;
  /** Whether sent cards can be edited (one message updated while the assistant streams). */
  readonly canEdit: boolean;
  start(handler: InboundHandler): Promise<void>;
  stop(): Promise<void>;
  /** Sends a card; returns the platform's message id. */
  send(address: ChatAddress, card: Card): Promise<string>;
  edit(address: ChatAddress, messageId: string, card: Card): Promise<void>;
  sendImage(address: ChatAddress, png: Uint8Array, caption: string): Promise<string>;
  /** Shows "typing…" in the chat for a few seconds (platforms without it leave this out). */
  typing?(address: ChatAddress): Promise<void>;
  /** Ids the allow-lists accept: user ids, chat ids. */
  readonly allow: { users: ReadonlySet<string>; chats: ReadonlySet<string>; notifyChats: readonly string[] };
}

/** `feishu:oc_1` or `feishu:oc_1:omt_2` (a thread). */
export function channelOf(platform: string, address: ChatAddress): string {
  return address.threadId ? `${platform}:${address.chatId}:${address.threadId}` : `${platform}:${address.chatId}`;
}

export function parseChannel(channel: string): { platform: string; chatId: string; threadId?: string } | null {
  const parts = channel.split(':');
  if (parts.length < 2 || parts.length > 3 || !parts[0] || !parts[1]) return null;
  return parts[2] ? { platform: parts[0], chatId: parts[1], threadId: parts[2] } : { platform: parts[0], chatId: parts[1] };
}
