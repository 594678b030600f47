import { describe, expect, it } from 'bun:test';
import { hostname, networkInterfaces } from 'node:os';
import { resolveGatewayConfig } from '../../src/config';
import { forwardingHeader, hostName, isJsonContentType, isLoopbackName, RequestPolicy } from '../../src/modules/guard/policy';

describe('request policy', () => {
  it('reads host names from Host headers', () => {
    expect(hostName('Example.COM:8900')).toBe('example.com');
    expect(hostName('[::1]:8900')).toBe('::1');
    expect(hostName('localhost.:8900')).toBe('localhost');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    for (const n of ['localhost', 'app.localhost', '127.0.0.1', '127.9.9.9', '::1']) expect(isLoopbackName(n)).toBe(true);
    for (const n of ['localhost.evil.example', 'evil.example', '10.0.0.1', '127.0.0.1.nip.io']) expect(isLoopbackName(n)).toBe(false);
  });

  it('allows loopback, own addresses and configured hosts; nothing else', () => {
    const policy = new RequestPolicy({ allowed_hosts: ['gw.example.com', '.tunnel.example'], allowed_origins: [] });
    for (const h of ['localhost:1', '127.0.0.1:8900', '[::1]:8900', 'GW.example.com', 'x.tunnel.example', 'tunnel.example']) expect(policy.host(h).ok).toBe(true);
    for (const h of ['evil.example', 'gw.example.com.evil', 'eviltunnel.example', '', '1.2.3.4']) expect(policy.host(h).ok).toBe(false);
    const own = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal)?.address;
    if (own) expect(policy.host(own.includes(':') ? `[${own}]:8900` : `${own}:8900`).ok).toBe(true);
    expect(new RequestPolicy({ allowed_hosts: ['*'], allowed_origins: [] }).host('anything.example').ok).toBe(true);
    // The name the server was told to listen on (`--host gw.lan`) is its own.
    expect(new RequestPolicy({ allowed_hosts: [], allowed_origins: [], api_host: 'gw.lan' }).host('gw.lan:8900').ok).toBe(true);
    expect(new RequestPolicy({ allowed_hosts: [], allowed_origins: [], api_host: '0.0.0.0' }).host('gw.lan:8900').ok).toBe(false);
    // This machine's own name (and its mDNS .local name): what a LAN neighbour types, never another site's Host.
    const me = hostname().toLowerCase();
    expect([policy.host(`${me}:8900`).ok, policy.host(`${me}.local:8900`).ok, policy.host(`${me}.evil.example`).ok]).toEqual([true, true, false]);
  });

  it("allows no Origin, the page's own, configured ones; refuses others, null and garbage", () => {
    const policy = new RequestPolicy({ allowed_hosts: [], allowed_origins: ['https://app.example.com'] });
    expect(policy.origin(null, '127.0.0.1:8900').ok).toBe(true);
    expect(policy.origin('http://127.0.0.1:8900', '127.0.0.1:8900').ok).toBe(true);
    expect(policy.origin('http://localhost', 'localhost:80').ok).toBe(true);
    expect(policy.origin('https://app.example.com', '127.0.0.1:8900').ok).toBe(true);
    for (const o of ['http://localhost:3000', 'http://127.0.0.1:8901', 'null', 'file://', 'not a url', 'https://app.example.com.evil']) {
      expect({ o, ok: policy.origin(o, '127.0.0.1:8900').ok }).toEqual({ o, ok: false });
    }
    expect(policy.origin('http://localhost:3000', 'a b').ok).toBe(false);
  });

  it('knows JSON bodies and forwarding headers', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    for (const t of ['text/plain', 'application/jsonx', 'application/x-www-form-urlencoded', null]) expect(isJsonContentType(t)).toBe(false);
    expect(forwardingHeader(new Headers({ 'x-real-ip': '1.2.3.4' }))).toBe('x-real-ip');
    expect(forwardingHeader(new Headers({ forwarded: 'for=1.2.3.4' }))).toBe('forwarded');
    expect(forwardingHeader(new Headers({ 'x-forwarded-host': 'a' }))).toBe('x-forwarded-host');
    expect(forwardingHeader(new Headers({ host: 'a' }))).toBeNull();
  });
});

describe('allowed hosts and origins in the config', () => {
  it('come from config.yaml, and from comma-separated env variables that win over it', () => {
    const where = { homeDir: '/nonexistent', file: '/nonexistent/config.yaml' };
    const fromFile = resolveGatewayConfig({ allowed_hosts: ['gw.example.com'], allowed_origins: ['https://gw.example.com'] }, { ...where, env: {} });
    expect(fromFile).toMatchObject({ allowed_hosts: ['gw.example.com'], allowed_origins: ['https://gw.example.com'] });
    const fromEnv = resolveGatewayConfig({ allowed_hosts: ['gw.example.com'] }, { ...where, env: { GW_ALLOWED_HOSTS: ' a.example , .b.example,', GW_ALLOWED_ORIGINS: 'https://a.example' } });
    expect(fromEnv).toMatchObject({ allowed_hosts: ['a.example', '.b.example'], allowed_origins: ['https://a.example'] });
    expect(resolveGatewayConfig({}, { ...where, env: {} })).toMatchObject({ allowed_hosts: [], allowed_origins: [] });
    expect(() => resolveGatewayConfig({ allowed_hosts: 'gw.example.com' }, { ...where, env: {} })).toThrow(/allowed_hosts/);
  });

  it("lets another page's browser requests (Sec-Fetch-Site same-site, cross-site) through only with a listed Origin", () => {
    const policy = new RequestPolicy({ allowed_hosts: [], allowed_origins: ['https://app.example.com'] });
    for (const site of [null, 'same-origin', 'none']) expect(policy.fetchSite(site, null).ok).toBe(true);
    for (const site of ['same-site', 'cross-site']) {
      expect([policy.fetchSite(site, null).ok, policy.fetchSite(site, 'http://localhost:3000').ok, policy.fetchSite(site, 'https://app.example.com').ok]).toEqual([false, false, true]);
    }
    const any = new RequestPolicy({ allowed_hosts: [], allowed_origins: ['*'] });
    expect([any.fetchSite('cross-site', 'https://x.example').ok, any.fetchSite('cross-site', null).ok]).toEqual([true, false]);
  });
});
