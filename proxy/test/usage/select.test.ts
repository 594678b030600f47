import { describe, expect, it } from 'bun:test';
import { originOf, selectAdapter } from '../../src/usage';
import { stringify } from 'yaml';
import { parseProxyConfig } from '../../src/config';
import { probeModelFor } from '../../src/usage/adapters';

const key = { key: 'k' };
const team = { key: 'k', organization: 'org-1', project: 'proj-1' };
const pick = (base_url: string, entry: { key: string; organization?: string; project?: string } = key) => selectAdapter({ base_url }, entry);

describe('adapter selection by host marker', () => {
  it('maps each platform host to its adapter', () => {
    expect(pick('https://api.minimax.io/anthropic')).toBe('minimax');
    expect(pick('https://api.minimaxi.com/anthropic')).toBe('minimax');
    expect(pick('https://api.kimi.com/coding/')).toBe('kimi');
    expect(pick('https://open.bigmodel.cn/api/anthropic')).toBe('zhipu');
    expect(pick('https://api.z.ai/api/anthropic')).toBe('zhipu');
    expect(pick('http://litellm.internal:4000')).toBe('litellm');
    expect(pick('https://api.deepseek.com/anthropic')).toBe('probe');
    expect(pick('https://api.moonshot.cn/anthropic')).toBe('probe');
    expect(pick('https://api.anthropic.com')).toBe('probe');
    expect(pick('https://example.org/v1')).toBe('probe');
  });

  it('chooses the team edition only for bigmodel.cn keys with organization and project', () => {
    expect(pick('https://open.bigmodel.cn/api/anthropic', team)).toBe('zhipu_team');
    expect(pick('https://open.bigmodel.cn/api/anthropic', { key: 'k', organization: 'org-1' })).toBe('zhipu');
    expect(pick('https://api.z.ai/api/anthropic', team)).toBe('zhipu');
  });

  it('lets usage_adapter override the host', () => {
    expect(selectAdapter({ base_url: 'https://gateway.example.com', usage_adapter: 'litellm' }, key)).toBe('litellm');
    expect(selectAdapter({ base_url: 'https://api.minimax.io/anthropic', usage_adapter: 'probe' }, key)).toBe('probe');
  });

  it('matches the host only, not the path', () => {
    expect(pick('https://proxy.example.com/minimax/anthropic')).toBe('probe');
  });

  it('uses the bare origin for usage calls', () => {
    expect(originOf('https://api.minimaxi.com/anthropic')).toBe('https://api.minimaxi.com');
    expect(originOf('http://127.0.0.1:4000/x/y/')).toBe('http://127.0.0.1:4000');
  });
});

describe('probe model', () => {
  it('asks for the model a route sends to the provider, else a Claude default', () => {
    const config = parseProxyConfig(stringify({
      config_version: 1,
      providers: { mm: { base_url: 'https://api.minimaxi.com/anthropic', api_keys: [{ key: 'k-1234567890' }] }, zp: { base_url: 'https://open.bigmodel.cn/api/anthropic', api_keys: [{ key: 'k-0987654321' }] } },
      routes: {
        timed: [{ match: 'opus', provider: 'zp', model: 'glm-4.6', schedule: { from: '09:00', to: '18:00' } }],
        default: [{ match: 'haiku', provider: 'mm' }, { match: 'sonnet', provider: 'mm', model: 'MiniMax-M2' }, { match: '.*', provider: 'mm' }],
      },
    }));
    expect(probeModelFor(config, 'mm')).toBe('MiniMax-M2');
    expect(probeModelFor(config, 'zp')).toBe('glm-4.6');
    expect(probeModelFor(config, 'none')).toBe('claude-sonnet-4-5');
  });
});
