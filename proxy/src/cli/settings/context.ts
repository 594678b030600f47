import type { ProxyConfig } from '../../config';

/**
 * Context windows (tokens) of the coding-plan models routes commonly name, from the vendors' model
 * pages; `context_windows` in config.yaml adds to or overrides them. Names are compared case-insensitively.
 */
export const KNOWN_CONTEXT_WINDOWS: Record<string, number> = {
  'minimax-m2': 204_800,
  'minimax-m2.1': 204_800,
  'minimax-m3': 204_800,
  'glm-4.6': 200_000,
  'glm-4.6v': 128_000,
  'glm-4.5': 128_000,
  'glm-4.5-air': 128_000,
  'glm-4.7': 200_000,
  'kimi-k2': 262_144,
  'kimi-for-coding': 262_144,
  'deepseek-chat': 128_000,
  'deepseek-reasoner': 128_000,
};

/** The env keys through which Claude Code 2.1 sizes its context (read from its own settings checks). */
export const CONTEXT_KEYS = ['CLAUDE_CODE_AUTO_COMPACT_WINDOW', 'CLAUDE_CODE_MAX_CONTEXT_TOKENS', 'CLAUDE_CODE_DISABLE_1M_CONTEXT'];

export interface RoutedWindow {
  target: string;
  tokens: number | null;
}

/** Every route target that rewrites the model (`provider/model`), with its window when known. */
export function routedWindows(config: ProxyConfig): RoutedWindow[] {
  const seen = new Map<string, number | null>();
  for (const route of [...config.routes.timed, ...config.routes.default]) {
    for (const target of [{ provider: route.provider, model: route.model }, ...(route.fallback ?? [])]) {
      if (target.model === undefined) continue; // the client's own model is sent: Claude Code knows its window
      const name = `${target.provider}/${target.model}`;
      if (!seen.has(name)) seen.set(name, windowOf(config.context_windows, target.provider, target.model));
    }
  }
  return [...seen].map(([target, tokens]) => ({ target, tokens }));
}

function windowOf(windows: Record<string, number>, provider: string, model: string): number | null {
  const lower = (s: string) => s.toLowerCase();
  for (const name of [`${provider}/${model}`, model]) {
    const hit = Object.entries(windows).find(([key]) => lower(key) === lower(name));
    if (hit) return hit[1];
  }
  return KNOWN_CONTEXT_WINDOWS[lower(model)] ?? null;
}

/**
 * The context env for Claude Code: one window for every model it names (the env is global, and a
 * failover may land on any target), the smallest known one. Its auto-compact then fires before the
 * vendor refuses a long conversation, and a 200K model is not shown as "1M context". No known
 * window (routes that keep the client's model): the keys are removed.
 */
export function contextEnv(config: ProxyConfig): Record<string, string | null> {
  const known = routedWindows(config).flatMap((w) => (w.tokens === null ? [] : [w.tokens]));
  if (known.length === 0) return Object.fromEntries(CONTEXT_KEYS.map((k) => [k, null]));
  const smallest = Math.min(...known);
  return {
    CLAUDE_CODE_AUTO_COMPACT_WINDOW: String(smallest),
    CLAUDE_CODE_MAX_CONTEXT_TOKENS: String(smallest),
    CLAUDE_CODE_DISABLE_1M_CONTEXT: smallest < 1_000_000 ? '1' : null,
  };
}
