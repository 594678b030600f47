import { join } from 'node:path';
import type { StatusEvent, WindowChangeEvent } from '../events';
import type { GatewayContext, GatewayService, ScreenshotRenderer } from '../runtime/types';
import { KeyedSerial } from '../tmux/serial';
import { FeishuPlatform } from './feishu/platform';
import type { BridgeHub, CommandHost } from './hub';
import { allowed, Inbound } from './inbound';
import { Menus } from './menus';
import { Notices } from './notices';
import type { BridgeConfig } from './model';
import {
  type ButtonOutcome, type ButtonPress, type Card, type ChatAddress, type ChatPlatform, channelOf, type InboundMessage, isMenuValue, parseChannel,
} from './platform';
import { PromptCards } from './prompts';
import { registerBridge } from './registry';
import { HELP } from './render';
import { BridgeStore } from './store';
import { TelegramPlatform } from './telegram/platform';
import { Turns } from './turns';
import { TypingIndicator } from './typing';

export interface BridgeOptions {
  /** Platforms to run instead of the ones the config enables (tests). */
  platforms?: ChatPlatform[];
  /** Renders a window for /screenshot; app.ts passes the gateway's renderer. */
  screenshot?: ScreenshotRenderer | null;
}

/**
 * The chat bridge: binds chats (or threads) of messaging platforms to sessions, runs their
 * commands, types their messages into the bound assistant, and sends back what the assistant
 * does — output as one message edited while it grows, status as a line, prompts as cards whose
 * buttons answer them, screenshots as images, and a notice when a session needs input or finishes.
 *
 * Channels are `<platform>:<chat>` or `<platform>:<chat>:<thread>`, bound in state.json like any
 * other channel (so the REST API and WebSocket clients see them); bridge.json keeps the rest.
 *
 * This class starts the platforms, routes events and keeps the queues; each job has its own file:
 * inbound.ts (messages: allow-lists, commands, typing into sessions), turns.ts (output as edited
 * messages), prompts.ts (prompt cards and their buttons), notices.ts (status lines, finished and
 * closed notices), commands.ts and the menus of
 * folder-picker.ts and resume.ts, attachments.ts, typing.ts.
 */
export class BridgeService implements GatewayService, CommandHost, BridgeHub {
  readonly name = 'bridge';
  ctx!: GatewayContext;
  store!: BridgeStore;
  config!: BridgeConfig;
  stopping = false;
  readonly menus = new Menus();
  private readonly platforms = new Map<string, ChatPlatform>();
  private unsubscribe: Array<() => void> = [];
  /** The sends to one target run in order. */
  private readonly outbox = new KeyedSerial();
  private readonly statuses = new Map<string, StatusEvent>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly turns = new Turns(this);
  private readonly prompts = new PromptCards(this, (target) => this.turns.end(target));
  private readonly inbound = new Inbound(this, this, this.turns);
  private readonly notices = new Notices(this, this.turns);
  private readonly typing = new TypingIndicator((target) => this.sendTyping(target));

  constructor(private readonly options: BridgeOptions = {}) {}

  platform(id: string): ChatPlatform | null {
    return this.platforms.get(id) ?? null;
  }

  async start(ctx: GatewayContext): Promise<void> {
    this.ctx = ctx;
    this.config = ctx.config.bridge;
    const platforms = this.options.platforms ?? this.configured();
    if (!platforms.length) return;
    this.store = new BridgeStore(join(ctx.paths.dir, 'bridge.json'), ctx.log);
    for (const platform of platforms) this.platforms.set(platform.id, platform);
    this.unsubscribe = [
      ctx.bus.subscribe('agent.message', (e) => this.turns.onAgentMessage(e)),
      ctx.bus.subscribe('agent.status', (e) => this.onStatus(e)),
      ctx.bus.subscribe('window.change', (e) => this.onWindowChange(e)),
    ];
    registerBridge(ctx, this);
    for (const platform of platforms) {
      await platform.start({ onMessage: (m) => this.onMessage(platform, m), onButton: (b) => this.onButton(platform, b) });
      const { users, chats } = platform.allow;
      if (users.size + chats.size === 0) ctx.log.warn(`bridge: ${platform.id} is on, but allowed_users and allowed_chats are empty: every message will be refused`);
      ctx.log.info(`bridge: ${platform.id} started (${users.size} allowed user(s), ${chats.size} allowed chat(s))`);
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.typing.stopAll();
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.inbound.stop();
    if (this.ctx) registerBridge(this.ctx, null);
    for (const platform of this.platforms.values()) {
      try {
        await platform.stop();
      } catch (error) {
        this.ctx.log.warn(`bridge: stopping ${platform.id}: ${(error as Error).message}`);
      }
    }
    await Promise.allSettled([...this.pending]);
    await this.turns.settle();
  }

  /** Waits until queued sends and edits are done (tests). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    await this.turns.settle();
  }

  private configured(): ChatPlatform[] {
    const { feishu, telegram } = this.config;
    const max = this.config.max_message_chars;
    const out: ChatPlatform[] = [];
    if (feishu.enabled) out.push(new FeishuPlatform(feishu, this.ctx.log, max));
    if (telegram.enabled) out.push(new TelegramPlatform(telegram, this.ctx.log, () => this.store, max));
    return out;
  }

  track(what: string, work: Promise<unknown>): void {
    this.keep(this.pending, what, work);
  }

  private keep(set: Set<Promise<unknown>>, what: string, work: Promise<unknown>): void {
    const tracked = work.catch((error) => this.ctx.log.warn(`bridge: ${what}: ${(error as Error).message}`)).finally(() => set.delete(tracked));
    set.add(tracked);
  }

  // ── inbound ──────────────────────────────────────────────────────────────────────────────

  onMessage(platform: ChatPlatform, m: InboundMessage): Promise<void> {
    return this.inbound.onMessage(platform, m);
  }

  typeInto(platform: ChatPlatform, channel: string, text: string, replyTo: ChatAddress): Promise<void> {
    return this.inbound.typeInto(platform, channel, text, replyTo);
  }

  unboundCard(channel: string): Card {
    const previous = this.store.chat(channel)?.window_id;
    const note = previous ? `The session this chat was bound to (${previous}) has ended or was unbound.\n\n` : 'This chat is not bound to a session.\n\n';
    return { title: 'No session here', tone: 'neutral', blocks: [{ type: 'markdown', text: note + HELP }] };
  }

  async onButton(platform: ChatPlatform, press: ButtonPress): Promise<ButtonOutcome> {
    if (!allowed(platform, press.userId, press.userAliases, press.address.chatId)) {
      this.ctx.log.warn(`bridge: refused ${platform.id} button from user ${press.userId || '(unknown)'} in chat ${press.address.chatId}: not in allowed_users or allowed_chats`);
      return { ok: false, notice: 'You are not allowed to answer prompts here' };
    }
    if (!this.store.firstSight(platform.id, press.eventId)) return { ok: true, notice: 'Already handled' };
    const value = press.value;
    // A menu button acts like a command of its chat: in order with the chat's messages.
    if (isMenuValue(value)) return this.inbound.inChat(platform, press.address.chatId, () => this.menus.press(platform, press, value));
    return this.prompts.answer(platform, press, value);
  }

  // ── outbound ─────────────────────────────────────────────────────────────────────────────

  addressOf(channel: string): ChatAddress | null {
    const record = this.store.chat(channel);
    if (record) return { chatId: record.chat_id, ...(record.thread_id ? { threadId: record.thread_id } : {}), ...(record.reply_to ? { replyTo: record.reply_to } : {}) };
    const parsed = parseChannel(channel);
    return parsed ? { chatId: parsed.chatId, ...(parsed.threadId ? { threadId: parsed.threadId } : {}) } : null;
  }

  platformOf(channel: string): ChatPlatform | null {
    const parsed = parseChannel(channel);
    return parsed ? (this.platforms.get(parsed.platform) ?? null) : null;
  }

  async reply(platform: ChatPlatform, address: ChatAddress, card: Card): Promise<string | null> {
    try {
      return await platform.send(address, card);
    } catch (error) {
      this.ctx.log.warn(`bridge: ${platform.id} reply to ${address.chatId} failed: ${(error as Error).message}`);
      return null;
    }
  }

  sessionName(windowId: string): string {
    const record = this.ctx.store.window(windowId);
    return record ? `${record.display_name} (${windowId})` : windowId;
  }

  statusOf(windowId: string): StatusEvent | undefined {
    return this.statuses.get(windowId);
  }

  get screenshot(): ScreenshotRenderer | null {
    return this.options.screenshot ?? null;
  }

  boundTargets(windowId: string): string[] {
    return this.ctx.store.channelsForWindow(windowId).filter((c) => this.platformOf(c) !== null);
  }

  noticeTargets(windowId: string): string[] {
    const targets = new Set(this.boundTargets(windowId));
    for (const platform of this.platforms.values()) for (const chat of platform.allow.notifyChats) targets.add(channelOf(platform.id, { chatId: chat }));
    return [...targets];
  }

  endTurn(target: string): Promise<void> {
    return this.turns.end(target);
  }

  send(target: string, what: string, work: () => Promise<unknown>): void {
    this.track(`${what} to ${target}`, this.outbox.run(target, work));
  }

  async sendTo(target: string, card: Card): Promise<string | null> {
    const platform = this.platformOf(target);
    const address = this.addressOf(target);
    if (!platform || !address) return null;
    return this.reply(platform, address, card);
  }

  private onStatus(event: StatusEvent): void {
    const previous = this.statuses.get(event.window_id);
    this.statuses.set(event.window_id, event);
    for (const target of this.boundTargets(event.window_id)) this.typing.set(target, event.status === 'working');
    this.notices.showStatus(event, previous);
    this.prompts.onStatus(event);
    this.notices.finished(event, previous);
  }

  private async sendTyping(target: string): Promise<void> {
    const platform = this.platformOf(target);
    const address = this.addressOf(target);
    if (!platform?.typing || !address || this.stopping) return;
    if (!this.ctx.store.session(target)) {
      this.typing.set(target, false); // unbound meanwhile
      return;
    }
    await platform.typing(address).catch((error) => this.ctx.log.debug(`bridge: typing in ${target}: ${(error as Error).message}`));
  }

  private onWindowChange(event: WindowChangeEvent): void {
    if (event.change_type !== 'removed') return;
    this.notices.onWindowRemoved(event);
    this.prompts.closeAll(event.window_id);
  }
}
