/** The three products as the root scripts see them. */
export const PRODUCTS = [
  { pkg: 'proxy', bin: 'modelproxy', host: '127.0.0.1', port: 8765, health: '/health', env: { host: 'MODELPROXY_HOST', port: 'MODELPROXY_PORT' } },
  { pkg: 'gateway', bin: 'agentgw', host: '0.0.0.0', port: 8900, health: '/health', env: { host: 'GW_API_HOST', port: 'GW_API_PORT' } },
  { pkg: 'mahjong', bin: 'mahjong', host: '127.0.0.1', port: 8000, health: '/api/health', env: { host: 'MAHJONG_HOST', port: 'MAHJONG_PORT' } },
] as const;
