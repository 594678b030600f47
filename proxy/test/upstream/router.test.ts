import { describe, expect, it } from 'bun:test';
import { parseProxyConfig } from '../../src/config';
import { normalizeModel } from '../../src/upstream/aliases';
import { RouteTable } from '../../src/upstream/router';
import { isScheduleActive } from '../../src/upstream/schedule';

describe('alias normalization', () => {
  it.each([
    ['sonnet', 'claude-sonnet'], ['Opus', 'claude-opus'], ['haiku', 'claude-haiku'], ['default', 'claude-sonnet'],
    ['opus[1m]', 'claude-opus'], ['sonnet[plan]', 'claude-sonnet'], ['DEFAULT[1m]', 'claude-sonnet'],
    ['claude-3-5-sonnet-20241022', 'claude-sonnet'], ['claude-3-opus-20240229', 'claude-opus'], ['claude-3-haiku-20240307', 'claude-haiku'],
    ['claude-opus-4-8[1m]', 'claude-opus-4-8[1m]'], ['glm-4.6', 'glm-4.6'], ['MiniMax-M2', 'MiniMax-M2'], ['sonnet-ish', 'sonnet-ish'],
  ])('%p → %p', (input, expected) => expect(normalizeModel(input)).toBe(expected));
});

const config = parseProxyConfig(`
providers:
  minimax: { base_url: "https://api.minimaxi.com/anthropic", api_keys: [{ key: k1 }] }
  zhipu: { base_url: "https://open.bigmodel.cn/api/anthropic", api_keys: [{ key: k2 }] }
routes:
  timed:
    - match: sonnet
      provider: zhipu
      model: glm-4.6
      schedule: { days: [mon, tue, wed, thu, fri], from: "09:00", to: "18:00", tz: Asia/Shanghai }
    - match: opus
      provider: zhipu
      schedule: { days: [fri], from: "22:00", to: "02:00", tz: Europe/Berlin }
  default:
    - { match: haiku, provider: minimax, model: MiniMax-M2 }
    - { match: "^glm", provider: zhipu }
    - { match: ".*", provider: minimax }
`);
const table = new RouteTable(config);
// 2026-11-23 is a Monday.
const at = (iso: string) => new Date(iso);

describe('routing', () => {
  it('takes a timed route inside its window (zone-local time)', () => {
    // 02:00 UTC = 10:00 in Shanghai, Monday.
    const d = table.resolve('sonnet', at('2026-11-23T02:00:00Z'))!;
    expect(d).toMatchObject({ normalized: 'claude-sonnet', targets: [{ name: 'zhipu', provider: config.providers.zhipu, upstreamModel: 'glm-4.6', position: 0 }] });
    expect(d.route.id).toBe('timed[0]');
  });

  it('falls through to default routes outside the window and on other days', () => {
    expect(table.resolve('sonnet', at('2026-11-23T11:00:00Z'))!.route.id).toBe('default[2]'); // 19:00 Shanghai
    expect(table.resolve('sonnet', at('2026-11-22T02:00:00Z'))!.route.id).toBe('default[2]'); // Sunday
    expect(table.resolve('sonnet', at('2026-11-23T00:59:00Z'))!.route.id).toBe('default[2]'); // 08:59
    expect(table.resolve('sonnet', at('2026-11-23T01:00:00Z'))!.route.id).toBe('timed[0]'); // 09:00 opens
    expect(table.resolve('sonnet', at('2026-11-23T10:00:00Z'))!.route.id).toBe('default[2]'); // 18:00 closed
  });

  it('runs an overnight window into the next day', () => {
    // Friday 2026-11-27 23:00 Berlin (UTC+1) and Saturday 01:30 belong to Friday's window; Saturday 23:00 does not.
    expect(table.resolve('opus', at('2026-11-27T22:00:00Z'))!.route.id).toBe('timed[1]');
    expect(table.resolve('opus', at('2026-11-28T00:30:00Z'))!.route.id).toBe('timed[1]');
    expect(table.resolve('opus', at('2026-11-28T01:30:00Z'))!.route.id).toBe('default[2]');
    expect(table.resolve('opus', at('2026-11-28T22:00:00Z'))!.route.id).toBe('default[2]');
  });

  it('keeps the client model unless the route sets one', () => {
    expect(table.resolve('claude-3-haiku-20240307', at('2026-11-23T02:00:00Z'))).toMatchObject({ targets: [{ upstreamModel: 'MiniMax-M2', rewrites: true }], normalized: 'claude-haiku' });
    expect(table.resolve('glm-4.5-air', at('2026-11-23T02:00:00Z'))).toMatchObject({ targets: [{ upstreamModel: 'glm-4.5-air', rewrites: false }] });
    expect(table.resolve('opus[1m]', at('2026-11-23T02:00:00Z'))).toMatchObject({ targets: [{ upstreamModel: 'opus[1m]' }], normalized: 'claude-opus' });
  });

  it('matches case-insensitively, first hit wins, the catch-all takes the rest', () => {
    expect(table.resolve('GLM-4.6', at('2026-11-23T11:00:00Z'))!.route.id).toBe('default[1]');
    expect(table.resolve('some-unknown-model', at('2026-11-23T11:00:00Z'))!.route.id).toBe('default[2]');
  });
});

describe('fallback targets and routes that fall through', () => {
  const withFallback = new RouteTable(parseProxyConfig(`
providers:
  minimax: { base_url: "https://api.minimaxi.com/anthropic", api_keys: [{ key: k1 }] }
  zhipu: { base_url: "https://open.bigmodel.cn/api/anthropic", api_keys: [{ key: k2 }] }
  kimi: { base_url: "https://api.kimi.com/coding", api_keys: [{ key: k3 }] }
routes:
  timed:
    - match: sonnet
      provider: zhipu
      model: glm-4.6
      fallback: [{ provider: kimi }]
      schedule: { days: [mon], from: "09:00", to: "18:00", tz: Asia/Shanghai }
  default:
    - { match: sonnet, provider: minimax, model: MiniMax-M2, fallback: [{ provider: zhipu, model: glm-4.6 }, { provider: kimi, model: kimi-k2 }] }
    - { match: ".*", provider: minimax }
`));
  const monday10 = at('2026-11-23T02:00:00Z');
  const evening = at('2026-11-23T12:00:00Z');
  const names = (d: ReturnType<RouteTable['resolve']>) => d!.targets.map((t) => `${t.position}:${t.name}:${t.upstreamModel}`);

  it('lists the route\'s own provider, then its fallbacks in order, each with its model', () => {
    expect(names(withFallback.resolve('sonnet', evening))).toEqual(['0:minimax:MiniMax-M2', '1:zhipu:glm-4.6', '2:kimi:kimi-k2']);
    // A fallback without a model keeps the client's model, like a route without one.
    expect(names(withFallback.resolve('claude-sonnet-4-5', monday10))).toEqual(['0:zhipu:glm-4.6', '1:kimi:claude-sonnet-4-5']);
  });

  it('leaves out providers without a usable key, and skips a route none of whose providers has one', () => {
    const only = (...ok: string[]) => (name: string) => ok.includes(name);
    expect(names(withFallback.resolve('sonnet', evening, only('kimi')))).toEqual(['2:kimi:kimi-k2']);
    // The timed route (zhipu, kimi) cannot serve: matching continues with the default routes.
    const d = withFallback.resolve('sonnet', monday10, only('minimax'));
    expect(d!.route.id).toBe('default[0]');
    expect(d!.unusable).toEqual(['zhipu', 'kimi']);
    expect(names(d)).toEqual(['0:minimax:MiniMax-M2']);
    expect(withFallback.resolve('haiku', monday10, only('zhipu'))).toMatchObject({ route: { id: 'default[1]' }, targets: [], unusable: ['minimax'] });
  });

  it('asks again for every request which providers are usable (the targets of a model are built once)', () => {
    const only = (...ok: string[]) => (name: string) => ok.includes(name);
    const all = () => true;
    const sequence = [all, only('zhipu', 'kimi'), all, only('minimax', 'kimi'), only('minimax'), all].map((usable) => {
      const d = withFallback.resolve('sonnet', evening, usable);
      return [names(d).join(' '), d!.unusable.join(' ')];
    });
    expect(sequence).toEqual([
      ['0:minimax:MiniMax-M2 1:zhipu:glm-4.6 2:kimi:kimi-k2', ''],
      ['1:zhipu:glm-4.6 2:kimi:kimi-k2', 'minimax'],
      ['0:minimax:MiniMax-M2 1:zhipu:glm-4.6 2:kimi:kimi-k2', ''],
      ['0:minimax:MiniMax-M2 2:kimi:kimi-k2', 'zhipu'],
      ['0:minimax:MiniMax-M2', 'zhipu kimi'],
      ['0:minimax:MiniMax-M2 1:zhipu:glm-4.6 2:kimi:kimi-k2', ''],
    ]);
    // The first request's list is not changed by what a later one leaves out.
    const first = withFallback.resolve('sonnet', evening, all)!.targets;
    withFallback.resolve('sonnet', evening, only('kimi'));
    expect(first.map((t) => t.name)).toEqual(['minimax', 'zhipu', 'kimi']);
  });
});

describe('schedule', () => {
  it('honours the zone offset, including DST', () => {
    const s = { days: ['sun' as const], from: '09:00', to: '10:00', tz: 'America/New_York' };
    expect(isScheduleActive(s, at('2026-07-05T13:30:00Z'))).toBe(true); // EDT, UTC-4
    expect(isScheduleActive(s, at('2026-11-29T13:30:00Z'))).toBe(false); // EST, UTC-5: 08:30
    expect(isScheduleActive(s, at('2026-11-29T14:30:00Z'))).toBe(true);
  });
});
