import type { Logger } from '@devhub/shared';
import type { GatewayConfig } from '../config';
import type { EventBus } from '../events';
import type { SessionIds, StatePaths, StateStore } from '../state';
import type { StatusBoard } from '../status/board';
import type { Tmux } from '../tmux';
import type { BackgroundWork } from './background';

/** Everything a module or background service needs; built once per server. */
export interface GatewayContext {
  config: GatewayConfig;
  paths: StatePaths;
  tmux: Tmux;
  store: StateStore;
  /** session_map.json as the hook last wrote it. */
  sessions: SessionIds;
  bus: EventBus;
  /** Every window's last status and when it changed (written by the status poller in live/). */
  statuses: StatusBoard;
  /** Work started by a request and not awaited by it; the gateway aborts and awaits it on stop. */
  background: BackgroundWork;
  log: Logger;
}

/**
 * A background service started after the gateway is initialised and stopped before it shuts
 * down (transcript monitor, status poller, autoclose…). Stopped in reverse start order.
 */
export interface GatewayService {
  name: string;
  start(ctx: GatewayContext): void | Promise<void>;
  stop(): void | Promise<void>;
}

/** Renders a window's pane to PNG bytes; null when it cannot (the endpoint then answers 404). */
export type ScreenshotRenderer = (windowId: string, ctx: GatewayContext) => Promise<Uint8Array | null>;

/** What runs beside the core gateway; `app.ts` composes the set `agentgw server start` uses. */
export interface GatewayFeatures {
  services?: GatewayService[];
  screenshot?: ScreenshotRenderer | null;
}
