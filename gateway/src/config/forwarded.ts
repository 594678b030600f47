import type { Env } from './env';

/**
 * Variables of the gateway's own environment that reach every new window (README "What reaches a
 * window"). A tmux server keeps the environment it started with, so a variable exported before
 * `agentgw serve` would otherwise reach windows only when this gateway happened to start the server.
 */
const FORWARDED_PREFIXES = ['ANTHROPIC_', 'CLAUDE_CODE_', 'OPENAI_', 'CODEX_', 'GEMINI_', 'GOOGLE_'];
const FORWARDED_NAMES = ['CLAUDE_CONFIG_DIR', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];
/** Read by the modelproxy preset to find the proxy's files; not forwarded. */
const PRESET_NAMES = ['HOME', 'MODELPROXY_DIR', 'MODELPROXY_HOST', 'MODELPROXY_PORT'];

export const isForwarded = (name: string): boolean =>
  FORWARDED_NAMES.includes(name) || FORWARDED_PREFIXES.some((prefix) => name.startsWith(prefix));

/** The part of the environment that new windows and presets depend on; nothing else is kept. */
export function inheritedEnv(env: Env): Env {
  const out: Env = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && (isForwarded(name) || PRESET_NAMES.includes(name))) out[name] = value;
  }
  return out;
}
