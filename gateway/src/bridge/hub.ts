import type { StatusEvent } from '../events';
import type { GatewayContext, ScreenshotRenderer } from '../runtime/types';
import type { Menus } from './menus';
import type { BridgeConfig } from './model';
import type { Card, ChatAddress, ChatPlatform } from './platform';
import type { BridgeStore } from './store';

/**
 * What the bridge's parts (turns.ts, prompts.ts, inbound.ts) share, implemented by BridgeService:
 * the gateway, the bridge's files, where a channel's messages go, and the queues that keep the
 * sends to one chat in order.
 */
export interface BridgeHub {
  readonly ctx: GatewayContext;
  readonly store: BridgeStore;
  readonly config: BridgeConfig;
  /** True once the bridge is stopping (no more retries of failed sends). */
  readonly stopping: boolean;
  platformOf(channel: string): ChatPlatform | null;
  addressOf(channel: string): ChatAddress | null;
  sessionName(windowId: string): string;
  statusOf(windowId: string): StatusEvent | undefined;
  /** Channels of our platforms bound to a window. */
  boundTargets(windowId: string): string[];
  /** Bound channels plus every platform's notify chats. */
  noticeTargets(windowId: string): string[];
  /** Queues work for one target after what is queued for it (logged, never thrown). */
  send(target: string, what: string, work: () => Promise<unknown>): void;
  /** Runs background work, tracked for settle() and stop(). */
  track(what: string, work: Promise<unknown>): void;
  sendTo(target: string, card: Card): Promise<string | null>;
}

/** What the commands (and the menus and attachments they lead to) need from the bridge. */
export interface CommandHost {
  ctx: GatewayContext;
  store: BridgeStore;
  config: BridgeConfig;
  screenshot: ScreenshotRenderer | null;
  menus: Menus;
  reply(platform: ChatPlatform, address: ChatAddress, card: Card): Promise<string | null>;
  typeInto(platform: ChatPlatform, channel: string, text: string, replyTo: ChatAddress): Promise<void>;
  endTurn(channel: string): Promise<void>;
  statusOf(windowId: string): StatusEvent | undefined;
  sessionName(windowId: string): string;
  unboundCard(channel: string): Card;
}
