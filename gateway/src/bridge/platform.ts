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
}

/** Button data: answer option `o` of the prompt with signature `p` in window `w`. */
export interface ButtonValue {
  w: string;
  o: number;
  p: string;
}

export interface ButtonPress {
  eventId: string;
  address: ChatAddress;
  userId: string;
  userAliases?: string[];
  /** The message holding the button. */
  messageId: string;
  value: ButtonValue;
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
  footer?: string;
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
