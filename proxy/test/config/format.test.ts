import { describe, expect, it } from 'bun:test';
import { ConfigError } from '@devhub/shared';
import { parseProxyConfig } from '../../src/config';
import { RouteTable } from '../../src/upstream/router';

const config = (format: string) => `
providers:
  ds: { base_url: "https://api.deepseek.com/v1/", format: ${format}, api_keys: [{ key: sk-1 }] }
  mm: { base_url: "https://api.minimax.io/anthropic", api_keys: [{ key: sk-2 }] }
routes:
  default: [{ match: ds, provider: ds }, { match: ".*", provider: mm }]
`;

describe('provider format', () => {
  it('format: openai sends to {base_url}/chat/completions; without it, {base_url}/v1/messages', () => {
    const routes = new RouteTable(parseProxyConfig(config('openai')));
    expect(routes.resolve('ds-chat')!.targets[0]).toMatchObject({ name: 'ds', format: 'openai', messagesUrl: 'https://api.deepseek.com/v1/chat/completions' });
    expect(routes.resolve('sonnet')!.targets[0]).toMatchObject({ name: 'mm', format: 'anthropic', messagesUrl: 'https://api.minimax.io/anthropic/v1/messages' });
  });

  it('any other format is refused with its path', () => {
    let problems: string[] = [];
    try {
      parseProxyConfig(config('grpc'));
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems.some((p) => p.startsWith('providers.ds.format'))).toBe(true);
  });
});
