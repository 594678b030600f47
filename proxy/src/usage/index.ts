export * from './model';
export { collectUsage, USAGE_TIMEOUT_MS, PROBE_MAX_TOKENS, type Collected, type CollectOptions } from './query';
export { fingerprint, readCache, type UsageCache } from './cache';
export { selectAdapter, originOf } from './select';
export * from './format';
