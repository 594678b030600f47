import { afterAll, describe, expect, it } from 'bun:test';
import { anthropicError, serveMock } from '../helpers/mock-upstream';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

const DAY_MS = 86_400_000;
const ask = JSON.stringify({ model: 'sonnet', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] });

/**
 * A rest longer than a date can hold (a huge auth_cooldown in config.yaml, a vendor's absurd
 * Retry-After) must still leave the proxy answering, with dates that mean something.
 */
describe('a key told to rest for ages', () => {
  for (const [what, config, answer] of [
    ['auth_cooldown: 1e20 in config.yaml', { server: { auth_cooldown: 1e20 } }, () => anthropicError(401, 'authentication_error', 'invalid x-api-key')],
    ['a vendor sending Retry-After: 10^20 s with its used-up plan window', {}, () => anthropicError(429, 'rate_limit_error', 'Weekly/Monthly Limit Exhausted (1310)', { 'retry-after': '1'.padEnd(21, '0') })],
  ] as const) {
    it(`${what}: the dashboard, the no-key answer and the key's rest stay sane (at most 31 days)`, async () => {
      const vendor = serveMock(answer);
      const h = harness(configFor({ mm: { url: vendor.url, keys: ['sk-long-rest-key-0001'] } }, config));
      const proxy = h.listen();
      try {
        expect((await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: ask })).status).toBeGreaterThanOrEqual(400);
        const again = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: ask });
        const message = ((await again.json()) as { error: { message: string } }).error.message;
        expect(message).not.toContain('Invalid');
        expect(message).not.toContain('NaN');
        const state = await fetch(`${proxy.url}/dashboard/api/state`);
        expect(state.status).toBe(200);
        const { keys } = (await state.json()) as { keys: { until: string | null }[] };
        const until = Date.parse(keys[0]!.until!);
        expect(until - Date.now()).toBeGreaterThan(DAY_MS);
        expect(until - Date.now()).toBeLessThanOrEqual(31 * DAY_MS);
        expect(vendor.requests).toHaveLength(1);
      } finally {
        await proxy.stop();
        await vendor.stop();
      }
    });
  }
});
