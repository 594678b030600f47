/**
 * The three products as the root scripts see them. `record` is the file in its state directory
 * where a running server writes `{pid, host, port}` of the address it actually bound (modelproxy's
 * `listen.json`, agentgw's `server.json`): their config.yaml may move the port, so the defaults
 * and the environment alone do not say where they listen. mahjong takes its address only from
 * flags, the environment and its defaults.
 */
export const PRODUCTS = [
  { pkg: 'proxy', bin: 'modelproxy', host: '127.0.0.1', port: 8765, health: '/health', env: { host: 'MODELPROXY_HOST', port: 'MODELPROXY_PORT' }, record: { envVar: 'MODELPROXY_DIR', defaultName: '.modelproxy', file: 'listen.json' } },
  { pkg: 'gateway', bin: 'agentgw', host: '0.0.0.0', port: 8900, health: '/health', env: { host: 'GW_API_HOST', port: 'GW_API_PORT' }, record: { envVar: 'GW_DIR', defaultName: '.agentgw', file: 'server.json' } },
  { pkg: 'mahjong', bin: 'mahjong', host: '127.0.0.1', port: 8000, health: '/api/health', env: { host: 'MAHJONG_HOST', port: 'MAHJONG_PORT' }, record: null },
] as const;
