/**
 * The tmux server started by the gateway keeps its environment for good (`show-environment -g`)
 * and hands it to every window, so the gateway's own settings and secrets must never reach it:
 * `GW_*` (`GW_API_KEY` among them; a window gets the `GW_DIR` its hook needs on its own,
 * window-env.ts) and modelproxy's credentials. The rest of the user's environment goes on as a
 * shell started from the same terminal would have it: an ssh agent, CA certificates, a display.
 */
const GATEWAY_OWN = /^(GW_|AGENTGW_)/;
const PROXY_SECRETS = /^MODELPROXY_\w*(PASSWORD|TOKEN|KEY|SECRET)$/;
/** A gateway started inside tmux would otherwise talk to the caller's server. */
const TMUX_OWN = new Set(['TMUX', 'TMUX_PANE']);

const reachesServer = (name: string): boolean => !GATEWAY_OWN.test(name) && !PROXY_SECRETS.test(name) && !TMUX_OWN.has(name);

/** The environment tmux runs with: the gateway's, without what is the gateway's own (above). */
export function tmuxServerEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && reachesServer(name)) out[name] = value;
  return out;
}
