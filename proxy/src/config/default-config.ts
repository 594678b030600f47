import { PLACEHOLDER_KEY } from './placeholder';

/**
 * What the first run writes. Every key is a placeholder, so nothing is sent upstream until the user
 * fills one in; the comments document each field in place.
 */
export const DEFAULT_CONFIG_YAML = `# modelproxy configuration. Reload a running proxy with: kill -USR1 <pid>  (or: modelproxy service reload)
config_version: 1

server:
  host: 127.0.0.1          # loopback only; another address also needs allow_remote: true
  port: 8765
  auth_token: ""           # when set, clients must send it as x-api-key or "Authorization: Bearer <token>"
  allow_remote: false
  upstream_timeout: 600    # seconds to wait for an upstream's response headers before the next key
  stream_header_timeout: 120  # the same for streaming requests (Claude Code gives up after 600 s)
  client_abort_grace: 30   # a key with no answer yet when the client gave up counts as failed if the client waited this long
  auth_cooldown: 1800      # seconds a key refused with 401/402/403 rests; then a 1-token request re-checks it

# Providers speak the Anthropic Messages API, or OpenAI Chat Completions with "format: openai"
# (DeepSeek, OpenRouter, Ollama, vLLM, ...: base_url is then the OpenAI base URL, e.g.
# https://api.deepseek.com/v1); requests are translated both ways. api_keys are tried in order: the
# first key that is not a placeholder and not cooling down serves; a failing key hands over to the next.
providers:
  minimax:
    base_url: https://api.minimaxi.com/anthropic
    api_keys:
      - { key: ${PLACEHOLDER_KEY}, note: personal }
  zhipu:
    base_url: https://open.bigmodel.cn/api/anthropic
    api_keys:
      - { key: ${PLACEHOLDER_KEY}, note: personal }
      # team edition keys also carry organization and project (used by "modelproxy usage"):
      # - { key: ${PLACEHOLDER_KEY}, note: team, organization: org-id, project: proj-id }

# The request's model is normalized first (sonnet / opus / haiku / default, with any [..] suffix, and
# old names like claude-3-5-sonnet-20241022 become claude-sonnet / claude-opus / claude-haiku).
# Then timed routes active now, then default routes: the first "match" regex (case-insensitive,
# anywhere in the model name) wins. "model" rewrites the upstream model; without it the model is kept.
# "fallback" lists more targets ({ provider, model }), tried in order when every key of the ones
# before failed or is cooling down. A route none of whose providers has a usable key (say, only
# placeholders) is skipped and matching goes on, so only the providers you filled in are used.
routes:
  timed:
    - match: sonnet
      provider: zhipu
      model: glm-4.6
      fallback: [{ provider: minimax, model: MiniMax-M2 }]
      schedule: { days: [mon, tue, wed, thu, fri], from: "09:00", to: "18:00", tz: Asia/Shanghai }
  default:
    - { match: haiku, provider: minimax, model: MiniMax-M2, fallback: [{ provider: zhipu, model: glm-4.5-air }] }
    - { match: ".*", provider: minimax, model: MiniMax-M2, fallback: [{ provider: zhipu, model: glm-4.6 }] }   # the catch-all must stay last

# Target models that accept image blocks; for any other model images are replaced by a note.
multimodal_models: [MiniMax-M3, glm-4.6v]

# Where "modelproxy update" reads the release manifest (JSON: version, per-platform url and sha256).
# --manifest and MODELPROXY_UPDATE_MANIFEST override it.
update:
  manifest_url: ""

# Token accounting: serve records every request's tokens (as the upstream reported them), status and
# timings in requests.db next to this file; "modelproxy stats" sums them up, "modelproxy statusline"
# shows them in Claude Code. Rows older than retention_days are deleted (0 keeps everything).
# quota_refresh: seconds after which serve re-reads the quota of a key that just served (0 = never).
accounting:
  enabled: true
  retention_days: 90
  quota_refresh: 300
  currency: USD

# Prices per million tokens, by upstream model (or "provider/model"), for the cost in "modelproxy
# stats"; cache reads and writes cost the input price unless given. For example:
#   MiniMax-M2: { input: 0.3, output: 1.2, cache_read: 0.03, cache_write: 0.375 }
prices: {}
`;
