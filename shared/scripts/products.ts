/** The three products as the root scripts see them. */
export const PRODUCTS = [
  { pkg: 'proxy', bin: 'modelproxy', host: '127.0.0.1', port: 8765, health: '/health' },
  { pkg: 'gateway', bin: 'agentgw', host: '0.0.0.0', port: 8900, health: '/health' },
  { pkg: 'mahjong', bin: 'mahjong', host: '127.0.0.1', port: 8000, health: '/api/health' },
] as const;
