/**
 * The spec's environment table (plus GW_TMUX_SOCKET, GW_ENTER_DELAY_MS and GW_ALLOWED_HOSTS/ORIGINS,
 * ours; a list is comma-separated). Each maps to a
 * config.yaml key; a set, non-empty variable wins over the file.
 */
export const ENV_KEYS = {
  GW_PROVIDER: { key: 'default_provider', kind: 'string' },
  TMUX_SESSION_NAME: { key: 'tmux_session', kind: 'string' },
  GW_TMUX_SOCKET: { key: 'tmux_socket', kind: 'string' },
  GW_API_HOST: { key: 'api_host', kind: 'string' },
  GW_API_PORT: { key: 'api_port', kind: 'number' },
  GW_API_KEY: { key: 'api_key', kind: 'string' },
  GW_ALLOWED_HOSTS: { key: 'allowed_hosts', kind: 'list' },
  GW_ALLOWED_ORIGINS: { key: 'allowed_origins', kind: 'list' },
  MONITOR_POLL_INTERVAL: { key: 'monitor_poll_interval', kind: 'number' },
  GW_STATUS_POLL_INTERVAL: { key: 'status_poll_interval', kind: 'number' },
  AUTOCLOSE_DONE_MINUTES: { key: 'autoclose_done_minutes', kind: 'number' },
  AUTOCLOSE_DEAD_MINUTES: { key: 'autoclose_dead_minutes', kind: 'number' },
  AGENT_A_CONFIG_DIR: { key: 'agent_a_config_dir', kind: 'string' },
  GW_ENTER_DELAY_MS: { key: 'enter_delay_ms', kind: 'number' },
} as const;

export type Env = Record<string, string | undefined>;

/**
 * Overlays env variables on the raw file object. Returns the merged object, the problems found in
 * the env values themselves, and which keys came from env (to name the variable in later errors).
 */
export function overlayEnv(raw: Record<string, unknown>, env: Env) {
  const merged: Record<string, unknown> = { ...raw };
  const problems: string[] = [];
  const fromEnv = new Map<string, string>();
  for (const [name, spec] of Object.entries(ENV_KEYS)) {
    const value = env[name]?.trim();
    // GW_API_KEY="" is meaningful only as "unset": the spec says empty disables authentication.
    if (value === undefined || value === '') continue;
    fromEnv.set(spec.key, name);
    if (spec.kind === 'number') {
      const n = Number(value);
      if (!Number.isFinite(n)) problems.push(`${name}: expected a number, got "${value}"`);
      else merged[spec.key] = n;
    } else if (spec.kind === 'list') {
      merged[spec.key] = value.split(',').map((item) => item.trim()).filter(Boolean);
    } else {
      merged[spec.key] = value;
    }
  }
  return { merged, problems, fromEnv };
}
