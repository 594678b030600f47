import type { GatewayPlugin } from './types';

/**
 * Plugins the `server start` command loads. Feature code registers here with one line, e.g.
 * `() => import('../live').then((m) => m.livePlugin)`; loaded lazily so the core starts without them.
 */
export const PLUGIN_LOADERS: Array<() => Promise<GatewayPlugin>> = [
  () => import('../live').then((m) => m.livePlugin),
];

export async function loadPlugins(): Promise<GatewayPlugin[]> {
  return Promise.all(PLUGIN_LOADERS.map((load) => load()));
}
