import { isForwarded } from '../config/forwarded';

/**
 * What a login shell needs. The tmux server started by the gateway keeps its environment for
 * good (`show-environment -g`) and hands it to every window, so the gateway's own secrets
 * (`GW_API_KEY`, a bot token, anything exported before `agentgw serve`) must never reach it.
 */
const SERVER_NAMES = ['HOME', 'USER', 'LOGNAME', 'SHELL', 'PATH', 'LANG', 'TERM', 'COLORTERM', 'TZ', 'TMPDIR', 'TMUX_TMPDIR'];
const SERVER_PREFIXES = ['LC_', 'XDG_'];

const reachesServer = (name: string): boolean =>
  SERVER_NAMES.includes(name) || SERVER_PREFIXES.some((prefix) => name.startsWith(prefix)) || isForwarded(name);

/**
 * The environment tmux runs with: the names above and the variables README "What reaches a
 * window" forwards, nothing else. TMUX is dropped too: a gateway started inside tmux would
 * otherwise talk to the caller's server.
 */
export function tmuxServerEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && reachesServer(name)) out[name] = value;
  return out;
}
