import { AppError } from '@devhub/shared';
import { sendInput } from '../modules/sessions/service';
import { KeyedSerial } from '../tmux/serial';
import { receiveAttachments } from './attachments';
import { parseCommand, runCommand } from './commands';
import type { BridgeHub, CommandHost } from './hub';
import { PaneFollower } from './pane-follow';
import { type ChatAddress, type ChatPlatform, channelOf, type InboundMessage } from './platform';
import type { Turns } from './turns';

/** An unallowed chat is told why once in this long (the refusal is logged every time). */
const REFUSAL_REPLY_MS = 10 * 60_000;

/** Whether the sender (or the chat) is in the platform's allow-lists. */
export function allowed(platform: ChatPlatform, userId: string, aliases: readonly string[] | undefined, chatId: string): boolean {
  const { users, chats } = platform.allow;
  return (userId !== '' && users.has(userId)) || (aliases ?? []).some((a) => users.has(a)) || chats.has(chatId);
}

/**
 * Messages from chats: retries dropped, senders checked against the allow-lists, then — one chat's
 * messages in order — a command run, files saved, or the text typed into the bound session (a
 * shell's output then followed on its pane).
 */
export class Inbound {
  /** Messages (and menu presses) of one chat are handled in order. */
  private readonly inbox = new KeyedSerial();
  private readonly followers = new Map<string, PaneFollower>();
  private readonly refusedAt = new Map<string, number>();

  constructor(private readonly hub: BridgeHub, private readonly host: CommandHost, private readonly turns: Turns) {}

  async onMessage(platform: ChatPlatform, m: InboundMessage): Promise<void> {
    const { hub } = this;
    // The allow-lists first: a stranger's messages must not reach the event-id store, where each
    // would cost a write of bridge.json and push real ids out of its window (then a platform's
    // retried delivery of a real message would be typed twice).
    if (!allowed(platform, m.userId, m.userAliases, m.address.chatId)) {
      this.refuse(platform, m);
      return;
    }
    if (!hub.store.firstSight(platform.id, m.eventId)) {
      hub.ctx.log.debug(`bridge: ${platform.id} event ${m.eventId} seen before (a retried delivery); dropped`);
      return;
    }
    const work = this.inChat(platform, m.address.chatId, () => this.handle(platform, m).catch((error) => this.replyError(platform, m.address, error)));
    hub.track(`${platform.id} message ${m.messageId}`, work);
    await work;
  }

  /** Runs `work` after what the chat sent before (menu presses go through here too). */
  inChat<T>(platform: ChatPlatform, chatId: string, work: () => Promise<T>): Promise<T> {
    return this.inbox.run(`${platform.id}:${chatId}`, work);
  }

  stop(): void {
    for (const follower of this.followers.values()) follower.stop();
    this.followers.clear();
  }

  private refuse(platform: ChatPlatform, m: InboundMessage): void {
    this.hub.ctx.log.warn(`bridge: refused ${platform.id} message from user ${m.userId || '(unknown)'} in chat ${m.address.chatId}: not in allowed_users or allowed_chats`);
    const key = `${platform.id}:${m.address.chatId}`;
    const last = this.refusedAt.get(key) ?? 0;
    if (Date.now() - last < REFUSAL_REPLY_MS) return;
    this.refusedAt.set(key, Date.now());
    this.hub.track('refusal reply', platform.send(m.address, {
      title: 'Not allowed', tone: 'error',
      blocks: [{ type: 'markdown', text: `This bot only takes orders from allow-listed users and chats. Your user id is \`${m.userId}\`, this chat is \`${m.address.chatId}\`; the gateway's owner can add either to bridge.${platform.id}.allowed_users / allowed_chats.` }],
    }));
  }

  private async handle(platform: ChatPlatform, m: InboundMessage): Promise<void> {
    const { ctx } = this.hub;
    const chatChannel = channelOf(platform.id, { chatId: m.address.chatId });
    const here = m.address.threadId ? channelOf(platform.id, m.address) : chatChannel;
    // In a thread that has a session of its own, the thread's; elsewhere the chat's.
    const bound = ctx.store.session(here) ? here : chatChannel;
    this.remember(platform, here, m.address);
    const command = parseCommand(m.text);
    if (command) {
      await runCommand(this.host, { platform, message: m, command, here, bound });
      return;
    }
    if (m.attachments?.length) {
      await receiveAttachments(this.host, platform, m, bound);
      return;
    }
    if (!m.text.trim()) {
      await this.host.reply(platform, m.address, { blocks: [{ type: 'markdown', text: 'Only text messages can be typed into a session.' }] });
      return;
    }
    await this.typeInto(platform, bound, m.text, m.address);
  }

  /** Keeps where a chat's replies go (a thread's root message), without touching its binding. */
  private remember(platform: ChatPlatform, channel: string, address: ChatAddress): void {
    const { store } = this.hub;
    const known = store.chat(channel);
    if (known && known.reply_to === address.replyTo) return;
    store.putChat(channel, {
      ...known, platform: platform.id, chat_id: address.chatId,
      ...(address.threadId ? { thread_id: address.threadId } : {}), ...(address.replyTo ? { reply_to: address.replyTo } : {}),
    });
  }

  /** Types a chat message into the channel's session; a shell's output is then followed on its pane. */
  async typeInto(platform: ChatPlatform, channel: string, text: string, replyTo: ChatAddress): Promise<void> {
    const { ctx } = this.hub;
    const session = ctx.store.session(channel);
    if (!session) {
      await this.host.reply(platform, replyTo, this.host.unboundCard(channel));
      return;
    }
    // A new turn in every chat that shows this session.
    for (const target of new Set([channel, ...this.hub.boundTargets(session.window_id)])) await this.turns.end(target);
    this.followers.get(session.window_id)?.stop();
    const follow = session.provider === 'shell' ? await PaneFollower.mark(ctx.tmux, session.window_id).catch(() => null) : null;
    try {
      await sendInput(ctx, channel, { text, enter: true, literal: true, raw: false });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        await this.host.reply(platform, replyTo, this.host.unboundCard(channel));
        return;
      }
      throw error;
    }
    if (follow) this.follow(session.window_id, follow);
  }

  /**
   * A shell's output since the typed line, shown in the turn's message of every chat bound to the
   * window and edited as it grows (a shell has no transcript to read it from).
   */
  private follow(windowId: string, follower: PaneFollower): void {
    this.followers.get(windowId)?.stop();
    this.followers.set(windowId, follower);
    follower.start(this.hub.config.pane_poll_ms, (text) => {
      if (this.followers.get(windowId) !== follower) return;
      for (const target of this.hub.boundTargets(windowId)) this.turns.setPane(target, windowId, text);
    }, {
      busy: () => this.hub.statusOf(windowId)?.status === 'working',
      onEnd: () => { if (this.followers.get(windowId) === follower) this.followers.delete(windowId); },
    });
  }

  private async replyError(platform: ChatPlatform, address: ChatAddress, error: unknown): Promise<void> {
    const message = error instanceof AppError ? error.message : 'Something went wrong (see the gateway log)';
    if (!(error instanceof AppError) || error.status >= 500) this.hub.ctx.log.warn(`bridge: ${platform.id} chat ${address.chatId}: ${(error as Error).message}`);
    await this.host.reply(platform, address, { title: 'Error', tone: 'error', blocks: [{ type: 'markdown', text: message }] });
  }
}
