import { AppError } from '@devhub/shared';
import { join } from 'node:path';
import type { AgentMessageEvent, StatusEvent, WindowChangeEvent } from '../events';
import { answerWindowPrompt, promptSignature } from '../modules/sessions/answer';
import { sendInput } from '../modules/sessions/service';
import type { GatewayContext, GatewayService, ScreenshotRenderer } from '../runtime/types';
import { isSeparator, screenLines } from '../status/lines';
import { inputBoxTop } from '../status/spinner';
import { WindowNotFound } from '../tmux';
import { KeyedSerial } from '../tmux/serial';
import { runCommand, parseCommand, type CommandHost } from './commands';
import { FeishuPlatform } from './feishu/platform';
import type { BridgeConfig } from './model';
import { receiveAttachments } from './attachments';
import { Menus } from './menus';
import { PaneFollower } from './pane-follow';
import {
  type ButtonOutcome, type ButtonPress, type Card, type ChatAddress, type ChatPlatform, channelOf, type InboundMessage, isMenuValue, parseChannel,
} from './platform';
import { registerBridge } from './registry';
import { blocksOf, closedPromptCard, HELP, promptCard, statusLine, toneOf } from './render';
import { BridgeStore } from './store';
import { TurnStream } from './stream';
import { TelegramPlatform } from './telegram/platform';
import { TypingIndicator } from './typing';

/** How often, and how many times, to look whether a typed message was submitted (see resubmitIfStuck). */
const SUBMIT_CHECK_MS = 1000;
const SUBMIT_CHECKS = 20;
/** An unallowed chat is told why once in this long (the refusal is logged every time). */
const REFUSAL_REPLY_MS = 10 * 60_000;

export interface BridgeOptions {
  /** Platforms to run instead of the ones the config enables (tests). */
  platforms?: ChatPlatform[];
  /** Renders a window for /screenshot; app.ts passes the gateway's renderer. */
  screenshot?: ScreenshotRenderer | null;
}

interface Turn {
  windowId: string;
  stream: TurnStream;
}

/**
 * The chat bridge: binds chats (or threads) of messaging platforms to sessions, runs their
 * commands, types their messages into the bound assistant, and sends back what the assistant
 * does — output as one message edited while it grows, status as a line, prompts as cards whose
 * buttons answer them, screenshots as images, and a notice when a session needs input or finishes.
 *
 * Channels are `<platform>:<chat>` or `<platform>:<chat>:<thread>`, bound in state.json like any
 * other channel (so the REST API and WebSocket clients see them); bridge.json keeps the rest.
 */
export class BridgeService implements GatewayService, CommandHost {
  readonly name = 'bridge';
  ctx!: GatewayContext;
  store!: BridgeStore;
  config!: BridgeConfig;
  private readonly platforms = new Map<string, ChatPlatform>();
  private unsubscribe: Array<() => void> = [];
  /** Messages of one chat are handled in order; so are the sends to one target. */
  private readonly inbox = new KeyedSerial();
  private readonly outbox = new KeyedSerial();
  private readonly turns = new Map<string, Turn>();
  private readonly followers = new Map<string, PaneFollower>();
  private readonly statuses = new Map<string, StatusEvent>();
  /** Window → how its open prompt was answered through a button; `<target>|<window>` → the prompt card as sent. */
  private readonly answered = new Map<string, string>();
  private readonly promptCards = new Map<string, Card>();
  private readonly refusedAt = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private stopping = false;
  readonly menus = new Menus();
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
      ctx.bus.subscribe('agent.message', (e) => this.onAgentMessage(e)),
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
    for (const follower of this.followers.values()) follower.stop();
    this.followers.clear();
    if (this.ctx) registerBridge(this.ctx, null);
    for (const platform of this.platforms.values()) {
      try {
        await platform.stop();
      } catch (error) {
        this.ctx.log.warn(`bridge: stopping ${platform.id}: ${(error as Error).message}`);
      }
    }
    await Promise.allSettled([...this.pending]);
    await Promise.allSettled([...this.turns.values()].map((t) => t.stream.settle()));
  }

  /** Waits until queued sends and edits are done (tests). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    await Promise.allSettled([...this.turns.values()].map((t) => t.stream.settle()));
  }

  private configured(): ChatPlatform[] {
    const { feishu, telegram } = this.config;
    const max = this.config.max_message_chars;
    const out: ChatPlatform[] = [];
    if (feishu.enabled) out.push(new FeishuPlatform(feishu, this.ctx.log, max));
    if (telegram.enabled) out.push(new TelegramPlatform(telegram, this.ctx.log, () => this.store, max));
    return out;
  }

  /** Runs background work, logged instead of thrown, and tracked for settle()/stop(). */
  private track(what: string, work: Promise<unknown>): void {
    const tracked = work.catch((error) => this.ctx.log.warn(`bridge: ${what}: ${(error as Error).message}`)).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  // ── inbound ──────────────────────────────────────────────────────────────────────────────

  private allowed(platform: ChatPlatform, userId: string, aliases: readonly string[] | undefined, chatId: string): boolean {
    const { users, chats } = platform.allow;
    return (userId !== '' && users.has(userId)) || (aliases ?? []).some((a) => users.has(a)) || chats.has(chatId);
  }

  async onMessage(platform: ChatPlatform, m: InboundMessage): Promise<void> {
    if (!this.store.firstSight(platform.id, m.eventId)) {
      this.ctx.log.debug(`bridge: ${platform.id} event ${m.eventId} seen before (a retried delivery); dropped`);
      return;
    }
    if (!this.allowed(platform, m.userId, m.userAliases, m.address.chatId)) {
      this.refuse(platform, m);
      return;
    }
    const work = this.inbox.run(`${platform.id}:${m.address.chatId}`, () => this.handleMessage(platform, m).catch((error) => this.replyError(platform, m.address, error)));
    this.track(`${platform.id} message ${m.messageId}`, work);
    await work;
  }

  private refuse(platform: ChatPlatform, m: InboundMessage): void {
    this.ctx.log.warn(`bridge: refused ${platform.id} message from user ${m.userId || '(unknown)'} in chat ${m.address.chatId}: not in allowed_users or allowed_chats`);
    const key = `${platform.id}:${m.address.chatId}`;
    const last = this.refusedAt.get(key) ?? 0;
    if (Date.now() - last < REFUSAL_REPLY_MS) return;
    this.refusedAt.set(key, Date.now());
    this.track('refusal reply', platform.send(m.address, {
      title: 'Not allowed', tone: 'error',
      blocks: [{ type: 'markdown', text: `This bot only takes orders from allow-listed users and chats. Your user id is \`${m.userId}\`, this chat is \`${m.address.chatId}\`; the gateway's owner can add either to bridge.${platform.id}.allowed_users / allowed_chats.` }],
    }));
  }

  private async handleMessage(platform: ChatPlatform, m: InboundMessage): Promise<void> {
    const chatChannel = channelOf(platform.id, { chatId: m.address.chatId });
    const here = m.address.threadId ? channelOf(platform.id, m.address) : chatChannel;
    // In a thread that has a session of its own, the thread's; elsewhere the chat's.
    const bound = this.ctx.store.session(here) ? here : chatChannel;
    this.remember(platform, here, m.address);
    const command = parseCommand(m.text);
    if (command) {
      await runCommand(this, { platform, message: m, command, here, bound });
      return;
    }
    if (m.attachments?.length) {
      await receiveAttachments(this, platform, m, bound);
      return;
    }
    if (!m.text.trim()) {
      await this.reply(platform, m.address, { blocks: [{ type: 'markdown', text: 'Only text messages can be typed into a session.' }] });
      return;
    }
    await this.typeInto(platform, bound, m.text, m.address);
  }

  /** Keeps where a chat's replies go (a thread's root message), without touching its binding. */
  private remember(platform: ChatPlatform, channel: string, address: ChatAddress): void {
    const known = this.store.chat(channel);
    if (known && known.reply_to === address.replyTo) return;
    this.store.putChat(channel, {
      ...known, platform: platform.id, chat_id: address.chatId,
      ...(address.threadId ? { thread_id: address.threadId } : {}), ...(address.replyTo ? { reply_to: address.replyTo } : {}),
    });
  }

  /** Types a chat message into the channel's session; a shell's output is then followed on its pane. */
  async typeInto(platform: ChatPlatform, channel: string, text: string, replyTo: ChatAddress): Promise<void> {
    const session = this.ctx.store.session(channel);
    if (!session) {
      await this.reply(platform, replyTo, this.unboundCard(channel));
      return;
    }
    // A new turn in every chat that shows this session.
    for (const target of new Set([channel, ...this.boundTargets(session.window_id)])) await this.endTurn(target);
    this.followers.get(session.window_id)?.stop();
    const follow = session.provider === 'shell' ? await PaneFollower.mark(this.ctx, session.window_id).catch(() => null) : null;
    try {
      await sendInput(this.ctx, channel, { text, enter: true, literal: true, raw: false });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        await this.reply(platform, replyTo, this.unboundCard(channel));
        return;
      }
      throw error;
    }
    if (follow) this.follow(session.window_id, follow);
    else if (!text.includes('\n')) this.track('submit check', this.resubmitIfStuck(session.window_id, text));
  }

  /**
   * An assistant that is still starting up (Claude Code right after its trust prompt) takes the
   * typed text but drops the Enter: the message then sits in its input box. While it is seen there
   * (checked every second for up to 20 s, until the assistant is working), it gets one more Enter.
   */
  private async resubmitIfStuck(windowId: string, text: string): Promise<void> {
    const before = this.statuses.get(windowId);
    for (let check = 0; check < SUBMIT_CHECKS && !this.stopping; check++) {
      await Bun.sleep(SUBMIT_CHECK_MS);
      // Started working since the message was typed: it went in.
      const now = this.statuses.get(windowId);
      if (this.stopping || (now !== before && now?.status === 'working')) return;
      const lines = screenLines(await this.ctx.tmux.capturePane(windowId));
      const top = inputBoxTop(lines);
      if (top === null) continue;
      const typed = lines[top + 1]?.replace(/^\s*[❯>›]\s?/u, '').trim();
      if (typed !== text.trim()) continue;
      this.ctx.log.info(`bridge: the message typed into ${windowId} is still in its input box; pressing Enter again`);
      await this.ctx.tmux.sendKey(windowId, 'Enter');
    }
  }

  /**
   * A shell's output since the typed line, shown in the turn's message of every chat bound to the
   * window and edited as it grows (a shell has no transcript to read it from).
   */
  private follow(windowId: string, follower: PaneFollower): void {
    this.followers.get(windowId)?.stop();
    this.followers.set(windowId, follower);
    follower.start(this.config.pane_poll_ms, (text) => {
      if (this.followers.get(windowId) !== follower) return;
      for (const target of this.boundTargets(windowId)) this.turnFor(target, windowId)?.stream.setPane(text);
    }, {
      busy: () => this.statuses.get(windowId)?.status === 'working',
      onEnd: () => { if (this.followers.get(windowId) === follower) this.followers.delete(windowId); },
    });
  }

  unboundCard(channel: string): Card {
    const previous = this.store.chat(channel)?.window_id;
    const note = previous ? `The session this chat was bound to (${previous}) has ended or was unbound.\n\n` : 'This chat is not bound to a session.\n\n';
    return { title: 'No session here', tone: 'neutral', blocks: [{ type: 'markdown', text: note + HELP }] };
  }

  async onButton(platform: ChatPlatform, press: ButtonPress): Promise<ButtonOutcome> {
    if (!this.allowed(platform, press.userId, press.userAliases, press.address.chatId)) {
      this.ctx.log.warn(`bridge: refused ${platform.id} button from user ${press.userId || '(unknown)'} in chat ${press.address.chatId}: not in allowed_users or allowed_chats`);
      return { ok: false, notice: 'You are not allowed to answer prompts here' };
    }
    if (!this.store.firstSight(platform.id, press.eventId)) return { ok: true, notice: 'Already handled' };
    const value = press.value;
    if (isMenuValue(value)) {
      // Menus act like commands of their chat: in order with its messages.
      return this.inbox.run(`${platform.id}:${press.address.chatId}`, () => this.menus.press(platform, press, value));
    }
    const { w: windowId, o: option, p: signature } = value;
    const prompt = this.store.promptsOf(windowId).find((p) => p.record.message_id === press.messageId);
    const key = prompt ? `${prompt.target}|${windowId}` : '';
    try {
      const answer = await answerWindowPrompt(this.ctx, windowId, option, { signature });
      const label = `${answer.option.index}. ${answer.option.label}`;
      this.ctx.log.info(`bridge: ${platform.id} user ${press.userId} answered "${answer.question}" in ${windowId} with ${label}`);
      this.answered.set(windowId, `${label} (by ${press.userId})`);
      const card = key ? this.promptCards.get(key) : undefined;
      return { ok: true, notice: `Answered: ${label}`, ...(card ? { card: { ...card, footer: `⏳ Answered ${label} — waiting for the assistant` } } : {}) };
    } catch (error) {
      if (error instanceof WindowNotFound || (error instanceof AppError && error.code === 'TMUX_FAILED')) return { ok: false, notice: 'The session has ended' };
      if (error instanceof AppError && error.status < 500) {
        const gone = error.code === 'NO_PROMPT' || error.code === 'PROMPT_CHANGED';
        const card = key && gone ? this.promptCards.get(key) : undefined;
        return { ok: false, notice: gone ? 'This prompt is no longer on screen' : error.message, ...(card ? { card: closedPromptCard(card, 'Prompt closed') } : {}) };
      }
      throw error;
    }
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

  private async replyError(platform: ChatPlatform, address: ChatAddress, error: unknown): Promise<void> {
    const message = error instanceof AppError ? error.message : 'Something went wrong (see the gateway log)';
    if (!(error instanceof AppError) || error.status >= 500) this.ctx.log.warn(`bridge: ${platform.id} chat ${address.chatId}: ${(error as Error).message}`);
    await this.reply(platform, address, { title: 'Error', tone: 'error', blocks: [{ type: 'markdown', text: message }] });
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

  /** Channels of our platforms bound to a window. */
  private boundTargets(windowId: string): string[] {
    return this.ctx.store.channelsForWindow(windowId).filter((c) => this.platformOf(c) !== null);
  }

  /** Bound channels plus every platform's notify chats: who hears that a session needs input or finished. */
  private noticeTargets(windowId: string): string[] {
    const targets = new Set(this.boundTargets(windowId));
    for (const platform of this.platforms.values()) for (const chat of platform.allow.notifyChats) targets.add(channelOf(platform.id, { chatId: chat }));
    return [...targets];
  }

  private turnFor(target: string, windowId: string): Turn | null {
    const current = this.turns.get(target);
    if (current && current.windowId === windowId) return current;
    const platform = this.platformOf(target);
    const address = this.addressOf(target);
    if (!platform || !address) return null;
    if (current) void current.stream.close();
    const stream = new TurnStream(platform, address, {
      title: this.sessionName(windowId), editIntervalMs: this.config.edit_interval_ms, maxChars: platform.maxChars, log: this.ctx.log,
    });
    const status = this.statuses.get(windowId);
    if (status) stream.setStatus(statusLine(status), toneOf(status.status));
    const turn = { windowId, stream };
    this.turns.set(target, turn);
    return turn;
  }

  /** The next output of the channel goes into a new message. */
  async endTurn(target: string): Promise<void> {
    const turn = this.turns.get(target);
    if (!turn) return;
    this.turns.delete(target);
    await turn.stream.close();
  }

  private send(target: string, what: string, work: () => Promise<unknown>): void {
    this.track(`${what} to ${target}`, this.outbox.run(target, work));
  }

  private onAgentMessage(event: AgentMessageEvent): void {
    for (const target of this.boundTargets(event.window_id)) {
      this.send(target, 'output', async () => {
        for (const message of event.messages) {
          if (message.role === 'user') {
            // Input from elsewhere (the terminal, the API) starts a new turn here too.
            if (this.turns.get(target)?.stream.hasOutput) await this.endTurn(target);
            continue;
          }
          const blocks = blocksOf([message]);
          if (blocks.length) this.turnFor(target, event.window_id)?.stream.add(blocks);
        }
      });
    }
  }

  private onStatus(event: StatusEvent): void {
    const previous = this.statuses.get(event.window_id);
    this.statuses.set(event.window_id, event);
    const line = statusLine(event);
    for (const target of this.boundTargets(event.window_id)) {
      this.typing.set(target, event.status === 'working');
      this.send(target, 'status', async () => {
        const turn = this.turns.get(target);
        if (turn && turn.windowId === event.window_id) turn.stream.setStatus(line, toneOf(event.status));
        else if (event.status === 'working') this.turnFor(target, event.window_id)?.stream.setStatus(line, toneOf(event.status));
        else if (event.status === 'idle' && previous && previous.status !== 'idle') await this.sendTo(target, { blocks: [{ type: 'note', text: statusLine(event, this.sessionName(event.window_id)) }] });
      });
    }
    const prompt = event.status === 'interactive' ? event.prompt_state : null;
    if (prompt) this.track('prompt card', this.showPrompt(event.window_id, prompt));
    else if (this.store.promptsOf(event.window_id).length) this.closePrompts(event.window_id);
    else this.answered.delete(event.window_id);
    const ended = event.status === 'done' || event.status === 'dead';
    if (ended && previous && previous.status !== 'done' && previous.status !== 'dead') {
      const card: Card = {
        title: `${this.sessionName(event.window_id)} finished`, tone: event.status === 'dead' ? 'error' : 'done',
        blocks: [{ type: 'markdown', text: event.status === 'dead' ? 'The session\'s window is gone.' : `The assistant exited: ${event.display_label}` }],
        footer: line,
      };
      for (const target of this.noticeTargets(event.window_id)) this.send(target, 'finished notice', () => this.sendTo(target, card));
    }
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

  private async sendTo(target: string, card: Card): Promise<string | null> {
    const platform = this.platformOf(target);
    const address = this.addressOf(target);
    if (!platform || !address) return null;
    return this.reply(platform, address, card);
  }

  /** A prompt card in every chat that hears about the window, once per prompt (restarts included). */
  private async showPrompt(windowId: string, prompt: NonNullable<StatusEvent['prompt_state']>): Promise<void> {
    const signature = promptSignature(prompt);
    const targets = this.noticeTargets(windowId).filter((t) => this.store.prompt(t, windowId)?.signature !== signature);
    if (!targets.length) return;
    const context = await this.promptContext(windowId, prompt.question);
    const card = promptCard(windowId, this.sessionName(windowId), prompt, context);
    const bound = new Set(this.boundTargets(windowId));
    for (const target of targets) {
      this.send(target, 'prompt card', async () => {
        const key = `${target}|${windowId}`;
        const old = this.store.prompt(target, windowId);
        if (old?.signature === signature) return;
        if (old) await this.closePrompt(target, windowId);
        // Output after the answer belongs below the card, not in the message above it.
        if (bound.has(target)) await this.endTurn(target);
        const id = await this.sendTo(target, card);
        if (!id) return;
        this.store.setPrompt(target, { window_id: windowId, signature, message_id: id });
        this.promptCards.set(key, card);
      });
    }
  }

  /** The lines above the question in the prompt's box (e.g. the command asked about), from the screen. */
  private async promptContext(windowId: string, question: string): Promise<string> {
    let lines: string[];
    try {
      lines = screenLines(await this.ctx.tmux.capturePane(windowId));
    } catch {
      return '';
    }
    const at = question ? lines.findLastIndex((l) => l.includes(question)) : -1;
    if (at <= 0) return '';
    let top = at - 1;
    while (top >= 0 && at - top <= 12 && !isSeparator(lines[top]!)) top--;
    const block = lines.slice(top + 1, at).map((l) => l.trimEnd());
    while (block.length && !block[0]!.trim()) block.shift();
    while (block.length && !block[block.length - 1]!.trim()) block.pop();
    const indent = Math.min(...block.filter((l) => l.trim()).map((l) => l.search(/\S/)));
    return block.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n').slice(0, 1500);
  }

  private closePrompts(windowId: string): void {
    const open = this.store.promptsOf(windowId);
    let left = open.length;
    for (const { target } of open) {
      this.send(target, 'close prompt', () => this.closePrompt(target, windowId).finally(() => {
        if (--left === 0) this.answered.delete(windowId);
      }));
    }
  }

  private async closePrompt(target: string, windowId: string): Promise<void> {
    const record = this.store.prompt(target, windowId);
    if (!record) return;
    const key = `${target}|${windowId}`;
    this.store.setPrompt(target, null, windowId);
    const answered = this.answered.get(windowId);
    const card = this.promptCards.get(key) ?? { title: `${this.sessionName(windowId)} needed input`, blocks: [] };
    this.promptCards.delete(key);
    const platform = this.platformOf(target);
    const address = this.addressOf(target);
    if (!platform || !address || !platform.canEdit) return;
    try {
      await platform.edit(address, record.message_id, closedPromptCard(card, answered ? `✅ Answered: ${answered}` : 'Prompt closed'));
    } catch (error) {
      this.ctx.log.warn(`bridge: closing prompt card in ${target}: ${(error as Error).message}`);
    }
  }

  private onWindowChange(event: WindowChangeEvent): void {
    if (event.change_type !== 'removed') return;
    for (const [channel, record] of Object.entries(this.store.chats())) {
      if (record.window_id !== event.window_id || !this.platformOf(channel)) continue;
      this.store.putChat(channel, { ...record, window_id: undefined });
      this.send(channel, 'closed notice', async () => {
        await this.endTurn(channel);
        await this.sendTo(channel, { blocks: [{ type: 'note', text: `Session ${event.display_name} (${event.window_id}) was closed.` }] });
      });
    }
    this.closePrompts(event.window_id);
  }
}
