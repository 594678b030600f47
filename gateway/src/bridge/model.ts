import { type Static, Type as t } from '@sinclair/typebox';

/** Chat or user ids from YAML: Feishu's are strings (`ou_…`, `oc_…`), Telegram's are numbers. */
const Ids = (description: string) => t.Array(t.Union([t.String({ minLength: 1 }), t.Integer()]), { default: [], description });

const allowLists = {
  allowed_users: Ids('user ids that may drive sessions from any chat the bot is in'),
  allowed_chats: Ids('chats in which everyone may drive sessions'),
  notify_chats: Ids('chats told about every session that needs input or finishes (also unbound ones)'),
};

export const FeishuBridgeConfig = t.Object({
  enabled: t.Boolean({ default: false }),
  mode: t.Union([t.Literal('webhook'), t.Literal('long_connection')], {
    default: 'webhook',
    description: 'how events arrive: webhook (the platform POSTs to /bridge/feishu/…; needs a public URL) or long_connection (the gateway keeps a WebSocket open to the platform; no public URL)',
  }),
  app_id: t.String({ default: '' }),
  app_secret: t.String({ default: '', description: 'never logged' }),
  verification_token: t.String({ default: '', description: 'event subscription Verification Token; required in webhook mode' }),
  encrypt_key: t.String({ default: '', description: 'event subscription Encrypt Key; when set, events must be encrypted and signed' }),
  base_url: t.String({ default: 'https://open.feishu.cn/open-apis', pattern: '^https?://', description: 'Lark: https://open.larksuite.com/open-apis' }),
  ...allowLists,
}, { default: {}, additionalProperties: false });
export type FeishuBridgeConfig = Static<typeof FeishuBridgeConfig>;

export const TelegramBridgeConfig = t.Object({
  enabled: t.Boolean({ default: false }),
  bot_token: t.String({ default: '', description: 'from @BotFather; never logged' }),
  api_base: t.String({ default: 'https://api.telegram.org', pattern: '^https?://' }),
  poll_timeout_s: t.Integer({ default: 30, minimum: 0, maximum: 50, description: 'getUpdates long-polling timeout' }),
  ...allowLists,
}, { default: {}, additionalProperties: false });
export type TelegramBridgeConfig = Static<typeof TelegramBridgeConfig>;

/** `bridge:` in config.yaml (README "Chat bridge"). */
export const BridgeConfig = t.Object({
  default_provider: t.String({ default: '', description: '/new without a provider; empty = default_provider' }),
  default_dir: t.String({ default: '~', description: '/new without a directory, and the base of relative ones' }),
  edit_interval_ms: t.Integer({ default: 1000, minimum: 50, maximum: 60_000, description: 'least time between two edits of a streaming message' }),
  pane_poll_ms: t.Integer({ default: 500, minimum: 50, maximum: 10_000, description: 'how often a shell session\'s pane is read for new output' }),
  max_message_chars: t.Integer({ default: 0, minimum: 0, description: 'split output above this many characters; 0 = the platform\'s limit' }),
  attachments_dir: t.String({ default: '', description: 'where files sent to the bot are saved, relative to the session\'s working folder; empty = the folder itself' }),
  max_attachment_mb: t.Number({ default: 20, minimum: 0.001, maximum: 2000, description: 'largest file accepted from a chat (Telegram\'s Bot API serves at most 20 MB)' }),
  feishu: FeishuBridgeConfig,
  telegram: TelegramBridgeConfig,
}, { default: {}, additionalProperties: false });
export type BridgeConfig = Static<typeof BridgeConfig>;

/** A clearer message than TypeBox's "expected union value" for the one choice of the bridge config. */
export function bridgeHint(path: string, value: unknown): string | null {
  return path === 'bridge.feishu.mode' ? `bridge.feishu.mode: expected one of: webhook, long_connection (got ${JSON.stringify(value)})` : null;
}

/** What the schema cannot say: an enabled platform needs its credentials. */
export function bridgeProblems(bridge: BridgeConfig | undefined): string[] {
  const problems: string[] = [];
  const feishu = bridge?.feishu;
  if (feishu?.enabled) {
    for (const key of ['app_id', 'app_secret'] as const) {
      if (!feishu[key]) problems.push(`bridge.feishu.${key}: required when bridge.feishu.enabled is true`);
    }
    // The long connection is authenticated by the app secret; only webhook deliveries carry the token.
    if (feishu.mode !== 'long_connection' && !feishu.verification_token) {
      problems.push('bridge.feishu.verification_token: required when bridge.feishu.enabled is true and bridge.feishu.mode is webhook');
    }
  }
  if (bridge?.telegram?.enabled && !bridge.telegram.bot_token) problems.push('bridge.telegram.bot_token: required when bridge.telegram.enabled is true');
  return problems;
}

/** One chat (or thread) the bridge has talked to: where replies go, and what it was last bound to. */
export const ChatRecord = t.Object({
  platform: t.String(),
  chat_id: t.String(),
  thread_id: t.Optional(t.String()),
  /** Feishu: the message a thread's replies answer (its root). */
  reply_to: t.Optional(t.String()),
  window_id: t.Optional(t.String()),
  bound_by: t.Optional(t.String()),
  updated_at: t.String(),
});
export type ChatRecord = Static<typeof ChatRecord>;

/** A prompt card sent to a chat, remembered so a restart neither repeats it nor forgets to close it. */
export const PromptCardRecord = t.Object({
  window_id: t.String(),
  signature: t.String(),
  message_id: t.String(),
});
export type PromptCardRecord = Static<typeof PromptCardRecord>;

/** `bridge.json` in the state directory. */
export const BridgeFile = t.Object({
  version: t.Literal(1),
  chats: t.Record(t.String(), ChatRecord),
  /** `<platform>:<event id>` → ms seen; retried deliveries are dropped (kept 24 h). */
  events: t.Record(t.String(), t.Number()),
  /** `<target>|<window>` → the open prompt card. */
  prompts: t.Record(t.String(), PromptCardRecord, { default: {} }),
  /** Telegram getUpdates offset: the next update id to fetch. */
  telegram_offset: t.Integer({ default: 0 }),
});
export type BridgeFile = Static<typeof BridgeFile>;
export const emptyBridgeFile = (): BridgeFile => ({ version: 1, chats: {}, events: {}, prompts: {}, telegram_offset: 0 });
