import type { GatewayContext } from '../runtime/types';
import type { ChatPlatform } from './platform';

/**
 * The running bridge of each gateway, for the HTTP routes that deliver platform webhooks
 * (modules/feishu): they are mounted with the app, the bridge starts later with the gateway.
 */
const running = new WeakMap<GatewayContext, { platform(id: string): ChatPlatform | null }>();

export function registerBridge(ctx: GatewayContext, bridge: { platform(id: string): ChatPlatform | null } | null): void {
  if (bridge) running.set(ctx, bridge);
  else running.delete(ctx);
}

/** The running platform `id` of this gateway's bridge; null when the bridge or platform is off. */
export function runningPlatform(ctx: GatewayContext, id: string): ChatPlatform | null {
  return running.get(ctx)?.platform(id) ?? null;
}
