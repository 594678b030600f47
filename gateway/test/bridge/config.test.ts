import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@devhub/shared';
import { resolveGatewayConfig } from '../../src/config';

const resolve = (raw: Record<string, unknown>) => resolveGatewayConfig(raw, { env: { HOME: '/home/x' }, homeDir: '/home/x/.agentgw', file: '/home/x/.agentgw/config.yaml' });
function problems(raw: Record<string, unknown>): string[] {
  try {
    resolve(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('bridge config', () => {
  it('is off by default, with the documented defaults', () => {
    const { bridge } = resolve({});
    expect(bridge).toMatchObject({ default_provider: '', default_dir: '~', edit_interval_ms: 1000, pane_poll_ms: 500, max_message_chars: 0 });
    expect(bridge.feishu).toMatchObject({ enabled: false, mode: 'webhook', base_url: 'https://open.feishu.cn/open-apis', allowed_users: [], allowed_chats: [], notify_chats: [] });
    expect(bridge.telegram).toMatchObject({ enabled: false, api_base: 'https://api.telegram.org', poll_timeout_s: 30 });
  });

  it('takes Telegram ids as numbers or strings', () => {
    const { bridge } = resolve({ bridge: { telegram: { enabled: true, bot_token: '1:x', allowed_users: [4242, '77'], allowed_chats: [-100123] } } });
    expect(bridge.telegram.allowed_users).toEqual([4242, '77']);
  });

  it('names every missing credential of an enabled platform, and unknown keys, in one report', () => {
    expect(problems({ bridge: { feishu: { enabled: true, app_id: 'cli_1' }, telegram: { enabled: true }, slack: {} } }).sort()).toEqual([
      'bridge.feishu.app_secret: required when bridge.feishu.enabled is true',
      'bridge.feishu.verification_token: required when bridge.feishu.enabled is true and bridge.feishu.mode is webhook',
      'bridge.slack: unexpected property',
      'bridge.telegram.bot_token: required when bridge.telegram.enabled is true',
    ]);
  });

  it('needs no verification token in long-connection mode, and names a mode it does not know', () => {
    const { bridge } = resolve({ bridge: { feishu: { enabled: true, mode: 'long_connection', app_id: 'cli_1', app_secret: 's' } } });
    expect(bridge.feishu.mode).toBe('long_connection');
    expect(problems({ bridge: { feishu: { enabled: true, mode: 'long_connection', app_id: 'cli_1' } } })).toEqual(['bridge.feishu.app_secret: required when bridge.feishu.enabled is true']);
    const bad = problems({ bridge: { feishu: { mode: 'websocket' } } });
    expect(bad).toHaveLength(1);
    expect(bad[0]).toStartWith('bridge.feishu.mode:');
    expect(bad[0]).toContain('webhook');
    expect(bad[0]).toContain('long_connection');
  });
});
