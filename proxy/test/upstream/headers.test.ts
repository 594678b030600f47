import { describe, expect, it } from 'bun:test';
import { clientHeaders, upstreamHeaders } from '../../src/upstream/headers';

describe('upstream request headers', () => {
  const client = new Headers({
    'x-api-key': 'client-token', authorization: 'Bearer client-token', cookie: 'a=b', host: '127.0.0.1:8765', connection: 'keep-alive',
    'content-length': '12', 'accept-encoding': 'gzip', origin: 'http://x', 'anthropic-version': '2023-06-01',
    'anthropic-beta': 'claude-code-20250219, advisor-tool-2026-03-01,oauth-2025-04-20', 'x-app': 'cli', 'user-agent': 'claude-cli/2.1',
  });

  it('replaces client credentials with the provider key and drops hop-by-hop headers', () => {
    const out = upstreamHeaders(client, 'sk-provider-0001');
    expect(Object.fromEntries(out)).toEqual({
      'x-api-key': 'sk-provider-0001', 'content-type': 'application/json', 'accept-encoding': 'identity',
      'anthropic-version': '2023-06-01', 'anthropic-beta': 'claude-code-20250219, advisor-tool-2026-03-01,oauth-2025-04-20',
      'x-app': 'cli', 'user-agent': 'claude-cli/2.1',
    });
  });

  it('adds anthropic-version only when missing, and drops listed betas', () => {
    expect(upstreamHeaders(new Headers(), 'k').get('anthropic-version')).toBe('2023-06-01');
    expect(upstreamHeaders(client, 'k', ['advisor-tool-2026-03-01']).get('anthropic-beta')).toBe('claude-code-20250219,oauth-2025-04-20');
    expect(upstreamHeaders(new Headers({ 'anthropic-beta': 'x' }), 'k', ['x']).has('anthropic-beta')).toBe(false);
  });
});

describe('client response headers', () => {
  it('drops encoding, length, hop-by-hop, cookies and CORS grants; keeps the rest and adds ours', () => {
    const upstream = new Headers({
      'content-type': 'text/event-stream', 'content-encoding': 'gzip', 'content-length': '99', 'transfer-encoding': 'chunked',
      connection: 'keep-alive', 'set-cookie': 'session=1', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'x-api-key',
      'request-id': 'req_1', 'anthropic-ratelimit-requests-remaining': '49',
    });
    expect(Object.fromEntries(clientHeaders(upstream, { 'x-modelproxy-key': 'mm#1' }))).toEqual({
      'content-type': 'text/event-stream', 'request-id': 'req_1', 'anthropic-ratelimit-requests-remaining': '49', 'x-modelproxy-key': 'mm#1',
    });
  });
});
