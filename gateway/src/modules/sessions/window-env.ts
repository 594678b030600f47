import { type GatewayConfig, isForwarded, modelproxyTarget, type ProviderId } from '../../config';

export interface WindowEnv {
  env: Record<string, string>;
  /** Shown to the client beside the session (never a value). */
  warnings: string[];
  /** What set the variables, for the log: names only. */
  summary: string;
}

/**
 * The environment a new window of `provider` gets (`tmux new-window -e`), lowest first: the
 * forwarded variables of the gateway's environment, the provider's preset, the provider's `env:`
 * map, and GW_DIR (the hook must write to our state dir). `agent_a_config_dir` is not passed on as
 * CLAUDE_CONFIG_DIR: that would also move Claude Code's `.claude.json` (login, onboarding) out of HOME.
 */
export function windowEnv(config: GatewayConfig, provider: ProviderId): WindowEnv {
  const env = config.inherited_env;
  const out: Record<string, string> = {};
  const warnings: string[] = [];
  const parts: string[] = [];
  for (const [name, value] of Object.entries(env)) if (value !== undefined && isForwarded(name)) out[name] = value;
  const forwarded = Object.keys(out);
  if (forwarded.length) parts.push(`forwarded ${forwarded.sort().join(', ')}`);
  const launch = config.providers[provider];
  if (launch.preset === 'modelproxy') {
    const target = modelproxyTarget(env);
    out.ANTHROPIC_BASE_URL = target.url;
    out.ANTHROPIC_AUTH_TOKEN = target.token;
    delete out.ANTHROPIC_API_KEY; // Claude Code would send it as x-api-key and ask whether to use it
    parts.push(`preset modelproxy → ${target.url}`);
    if (!target.running) warnings.push(`modelproxy does not seem to be running (no live listen.json); the assistant will try ${target.url}`);
  }
  const own = launch.env ?? {};
  Object.assign(out, own);
  if (Object.keys(own).length) parts.push(`providers.${provider}.env ${Object.keys(own).sort().join(', ')}`);
  out.GW_DIR = config.state_dir;
  return { env: out, warnings, summary: parts.join('; ') };
}
