import { Type as t, type Static } from '@sinclair/typebox';
import { BridgeConfig } from '../bridge/model';
import { WebhookTarget } from '../notify/model';

/** The spec's provider ids; `shell` runs `$SHELL` and nothing else. */
export const PROVIDER_IDS = ['agent_a', 'agent_b', 'agent_c', 'agent_d', 'shell'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Names a shell accepts as an environment variable. */
const EnvName = t.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });

/** Presets fill a provider's env at session start; `modelproxy` points Claude Code at a running modelproxy. */
export const PROVIDER_PRESETS = ['modelproxy'] as const;

const providerFields = (command: string, yolo: string) => ({
  command: t.String({ default: command, description: 'Command line typed into the new window (empty: just the shell)' }),
  yolo_flags: t.String({ default: yolo, description: 'Flags appended in yolo mode' }),
  env: t.Optional(t.Record(EnvName, t.String(), { additionalProperties: false, description: 'Variables set in the window (tmux new-window -e); values are never logged' })),
  preset: t.Optional(t.Union(PROVIDER_PRESETS.map((p) => t.Literal(p)), { description: 'modelproxy: ANTHROPIC_BASE_URL and ANTHROPIC_AUTH_TOKEN from the proxy\'s own config' })),
});

/** How a provider is launched: `command` typed into the window's shell, `yolo_flags` appended in yolo mode, `env` set in the window. */
export const ProviderCommand = t.Object(providerFields('', ''));
export type ProviderCommand = Static<typeof ProviderCommand>;

const provider = (command: string, yolo: string) =>
  t.Object(providerFields(command, yolo), { default: {}, additionalProperties: false });

/** `config.yaml` in the state directory. Every key is optional; env variables win over it. */
export const GatewayConfigFile = t.Object({
  state_dir: t.String({ default: '', description: 'Where state files live (default: the directory holding config.yaml)' }),
  default_provider: t.String({ default: 'agent_a' }),
  tmux_session: t.String({ default: 'agentgw', minLength: 1, pattern: '^[^:.]+$' }),
  tmux_socket: t.String({ default: '', pattern: '^[^/\\x00]*$', description: 'tmux -L socket name (a name, not a path: tmux makes it in its own folder); empty = the default tmux server' }),
  api_host: t.String({ default: '0.0.0.0', minLength: 1 }),
  api_port: t.Integer({ default: 8900, minimum: 0, maximum: 65535 }),
  api_key: t.String({ default: '' }),
  allowed_hosts: t.Array(t.String({ minLength: 1 }), {
    default: [],
    description: 'Host names the API answers besides loopback names and this machine\'s addresses (DNS-rebinding guard); ".example.com" also matches its subdomains, "*" any host',
  }),
  allowed_origins: t.Array(t.String({ minLength: 1 }), {
    default: [],
    description: 'Browser origins (scheme://host[:port]) allowed besides the console\'s own; "*" any',
  }),
  monitor_poll_interval: t.Number({ default: 1.0, minimum: 0.01, description: 'seconds (at least 0.01: a poll every few milliseconds would keep tmux busy)' }),
  status_poll_interval: t.Number({ default: 1.0, minimum: 0.01, description: 'seconds (at least 0.01: a poll every few milliseconds would keep tmux busy)' }),
  autoclose_done_minutes: t.Number({ default: 30, minimum: 0, description: '0 disables' }),
  autoclose_dead_minutes: t.Number({ default: 10, minimum: 0, description: '0 disables' }),
  agent_a_config_dir: t.String({ default: '', description: 'Claude config dir (default ~/.claude)' }),
  window_width: t.Integer({ default: 200, minimum: 20, maximum: 1000 }),
  window_height: t.Integer({ default: 50, minimum: 5, maximum: 500 }),
  enter_delay_ms: t.Integer({ default: 500, minimum: 0, maximum: 10_000, description: 'pause between text and Enter' }),
  providers: t.Object({
    agent_a: provider('claude', '--dangerously-skip-permissions'),
    agent_b: provider('codex', '--dangerously-bypass-approvals-and-sandbox'),
    agent_c: provider('gemini', '--yolo'),
    agent_d: provider('pi', ''),
    shell: provider('', ''),
  }, { default: {} }),
  notify: t.Object({
    webhooks: t.Array(WebhookTarget, { default: [], description: 'POSTed when a session needs input or finishes (README: Notifications)' }),
  }, { default: {}, additionalProperties: false }),
  bridge: BridgeConfig,
}, { additionalProperties: false });
export type GatewayConfigFile = Static<typeof GatewayConfigFile>;

/** The resolved configuration every module receives: file + env, paths absolute. */
export type GatewayConfig = Omit<GatewayConfigFile, 'default_provider'> & {
  default_provider: ProviderId;
  /** The directory holding config.yaml (GW_DIR or ~/.agentgw). */
  home_dir: string;
  config_file: string;
  /** The forwarded variables and the modelproxy preset's inputs from the environment the config was read in. */
  inherited_env: Record<string, string | undefined>;
};
