import { maskKey } from '@devhub/shared';
import type { ProxyConfig } from '../../config';
import { proxyUrl, type AddressFlags } from '../_address';
import { CONTEXT_KEYS, contextEnv } from './context';

export { proxyUrl };

/** The only `env` keys `settings apply` ever writes or removes (README "settings"). */
export const MODEL_KEYS = [
  'ANTHROPIC_MODEL',
  'ANTHROPIC_DEFAULT_OPUS_MODEL',
  'ANTHROPIC_DEFAULT_SONNET_MODEL',
  'ANTHROPIC_DEFAULT_HAIKU_MODEL',
  'ANTHROPIC_SMALL_FAST_MODEL',
  'CLAUDE_CODE_SUBAGENT_MODEL',
];
export const MANAGED_KEYS = ['ANTHROPIC_BASE_URL', 'ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_API_KEY', ...MODEL_KEYS, ...CONTEXT_KEYS];
export const SECRET_KEYS = new Set(['ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_API_KEY']);

/** Claude Code needs some token; the proxy replaces it, so without auth_token a dummy is enough. */
export const DUMMY_TOKEN = 'modelproxy';


/**
 * The managed env the assistant should have: pointed at the proxy with the proxy's own client
 * token (never a provider key). ANTHROPIC_API_KEY is removed (it would hold a vendor key and
 * conflicts with the token); model overrides are removed unless kept, because the proxy routes by
 * the assistant's own model names. The context keys size Claude Code's context by the routed models.
 */
export function desiredEnv(config: ProxyConfig, keepModels: boolean, flags: AddressFlags = {}): Record<string, string | null> {
  const desired: Record<string, string | null> = {
    ANTHROPIC_BASE_URL: proxyUrl(config, flags),
    ANTHROPIC_AUTH_TOKEN: config.server.auth_token || DUMMY_TOKEN,
    ANTHROPIC_API_KEY: null,
    ...contextEnv(config),
  };
  if (!keepModels) for (const key of MODEL_KEYS) desired[key] = null;
  return desired;
}

export interface EnvChange {
  key: string;
  from: string | undefined;
  to: string | null;
}

export function envChanges(current: Record<string, string>, desired: Record<string, string | null>): EnvChange[] {
  return Object.entries(desired)
    .filter(([key, to]) => (to === null ? key in current : current[key] !== to))
    .map(([key, to]) => ({ key, from: current[key], to }));
}

export const showValue = (key: string, value: string | null | undefined): string =>
  value === null || value === undefined ? '(unset)' : SECRET_KEYS.has(key) ? maskKey(value) : value;

export const pointsHere = (env: Record<string, string>, config: ProxyConfig, flags: AddressFlags = {}): boolean =>
  (env.ANTHROPIC_BASE_URL ?? '').replace(/\/+$/, '') === proxyUrl(config, flags);
